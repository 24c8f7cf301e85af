package dev.marketplace.gateway.routing.web;

import java.util.List;

/**
 * How the gateway reads a path before anything else: the one spelling of a resource it routes, limits and forwards,
 * and the paths it serves itself (its public endpoints, its own credentials API) or not at all (/q/, which lives on
 * the management port).
 */
final class GatewayPaths {
    static final String TOKEN_PATH = "/oauth2/token";
    /**
     * Served by the gateway itself without authentication; /openapi is the combined OpenAPI document of the suite,
     * /swagger-ui/ the page that explores it, with Swagger UI's own files under /openapi-ui/.
     */
    private static final List<String> PUBLIC_PREFIXES = List.of(TOKEN_PATH, "/internal/v1/public-key", "/openapi",
            "/swagger-ui", "/openapi-ui/");
    private static final String MANAGEMENT_PREFIX = "/q/";
    /** The gateway's own API (channel credentials), behind the same checks as a proxied call. */
    static final String LOCAL_API_PREFIX = "/api/channel/v1/settings/oauth/";
    /** The gateway's own API of the platform operator (marketplaces), behind the same checks. */
    static final String PLATFORM_API_PREFIX = "/api/platform/";

    private GatewayPaths() {
    }

    /**
     * True when the raw path has no empty segment ({@code //}), no {@code ;} path parameter and no percent-encoded
     * {@code /}, {@code \} or {@code ;}: spellings some servers read as another path than the gateway routes and limits.
     */
    static boolean isCanonical(String rawPath) {
        int length = rawPath.length();
        for (int i = 0; i < length; i++) {
            char c = rawPath.charAt(i);
            if (c == ';' || c == '\\' || (c == '/' && i + 1 < length && rawPath.charAt(i + 1) == '/')) {
                return false;
            }
            if (c == '%' && i + 2 < length) {
                char high = rawPath.charAt(i + 1);
                char low = Character.toUpperCase(rawPath.charAt(i + 2));
                // %2F '/', %5C '\', %3B ';', %00
                if ((high == '2' && low == 'F') || (high == '5' && low == 'C') || (high == '3' && low == 'B')
                        || (high == '0' && low == '0')) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Health, metrics and OpenAPI: on the management interface only. */
    static boolean isManagement(String path) {
        return path.startsWith(MANAGEMENT_PREFIX) || path.equals("/q");
    }

    /** The prefix of the gateway's own API the path is under, or null when a service (or nothing) serves it. */
    static String localApiPrefix(String path) {
        if (path.startsWith(LOCAL_API_PREFIX)) {
            return LOCAL_API_PREFIX;
        }
        return path.startsWith(PLATFORM_API_PREFIX) ? PLATFORM_API_PREFIX : null;
    }

    static boolean isPublic(String path) {
        for (String prefix : PUBLIC_PREFIXES) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
