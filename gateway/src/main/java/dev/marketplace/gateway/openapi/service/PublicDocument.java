package dev.marketplace.gateway.openapi.service;

import java.util.Iterator;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.security.Roles;

/**
 * What makes the combined document the public API's: the paths the gateway serves (never {@code /internal/},
 * {@code /q/} or a service's test paths), and the two ways to authenticate that the gateway checks, declared once
 * for every operation. The services' own declarations (Quarkus' URL-less {@code openIdConnect} scheme for the internal token,
 * 401 answers the gateway never gives) are dropped.
 */
final class PublicDocument {
    static final String OAUTH1 = "oauth1";
    static final String OAUTH2 = "oauth2";
    static final String CLIENT_BASIC = "oauth2ClientBasic";
    static final String TOKEN_PATH = "/oauth2/token";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options",
            "trace");
    /** Operations anyone may call without a signature or token: the document itself. */
    private static final Set<String> UNSIGNED_PATHS = Set.of("/openapi");

    private PublicDocument() {
    }

    /** True for a path of a source's document that the gateway does not serve publicly. */
    static boolean hidden(String path) {
        return path.startsWith("/q/") || path.equals("/q") || path.startsWith("/internal/")
                || path.startsWith("/test/");
    }

    /** Declares the security schemes and applies them to every operation of {@code combined}. */
    static void secure(ObjectNode combined) {
        ObjectNode components = (ObjectNode) combined.get("components");
        ObjectNode schemes = components.putObject("securitySchemes");
        schemes.putObject(OAUTH1).put("type", "apiKey").put("in", "header").put("name", "Authorization")
                .put("description", """
                        OAuth 1.0a, two-legged, HMAC-SHA1: `Authorization: OAuth oauth_consumer_key="...", \
                        oauth_signature_method="HMAC-SHA1", oauth_timestamp="...", oauth_nonce="...", \
                        oauth_version="1.0", oauth_signature="..."`. The signature base string is the method, \
                        the full public URL of the gateway (query string included) and every oauth_* and query parameter, plus form-encoded body \
                        parameters (a JSON body is not signed); the key is `<consumer secret>&` (no token secret). The \
                        timestamp must be within 300 s of the gateway's clock and each nonce is accepted once. The \
                        consumer key and secret are the marketplace's channel credentials (the bootstrap consumer \
                        printed by the devstack, or GET /api/channel/v1/settings/oauth/credentials) or a product's \
                        vendor credentials. Swagger UI cannot compute this signature: paste a header made by a signing \
                        client, or use OAuth 2.0.""");
        ObjectNode oauth2 = schemes.putObject(OAUTH2).put("type", "oauth2")
                .put("description", "OAuth 2.0 client credentials: POST " + TOKEN_PATH + " with the consumer key and "
                        + "secret as HTTP Basic client id and secret, then send "
                        + "`Authorization: Bearer <access_token>`. "
                        + "Without a scope the token carries every authority of the consumer.");
        ObjectNode scopes = oauth2.putObject("flows").putObject("clientCredentials").put("tokenUrl", TOKEN_PATH)
                .putObject("scopes");
        scopes.put(Roles.PARTNER, "Read and write the marketplace's API");
        scopes.put(Roles.PARTNER_READ, "Read only (GET and HEAD)");
        scopes.put(Roles.CHANNEL_ADMIN, "Marketplace administration");
        scopes.put(Roles.SUPER_SUPPORT, "Platform support");
        schemes.putObject(CLIENT_BASIC).put("type", "http").put("scheme", "basic")
                .put("description", "The consumer key and secret as HTTP Basic client id and secret (token "
                        + "endpoint only)");
        combined.putArray("security").add(requirement(combined, OAUTH1)).add(requirement(combined, OAUTH2));
        for (Iterator<Map.Entry<String, JsonNode>> paths = combined.path("paths").fields(); paths.hasNext();) {
            Map.Entry<String, JsonNode> path = paths.next();
            for (Iterator<Map.Entry<String, JsonNode>> ops = path.getValue().fields(); ops.hasNext();) {
                Map.Entry<String, JsonNode> op = ops.next();
                if (!METHODS.contains(op.getKey()) || !op.getValue().isObject()) {
                    continue;
                }
                ObjectNode operation = (ObjectNode) op.getValue();
                operation.remove("security");
                if (operation.path("responses").isObject()) {
                    ((ObjectNode) operation.path("responses")).remove("401");
                }
                if (UNSIGNED_PATHS.contains(path.getKey())) {
                    operation.putArray("security");
                } else if (path.getKey().equals(TOKEN_PATH)) {
                    operation.putArray("security").add(requirement(combined, CLIENT_BASIC));
                }
            }
        }
    }

    private static ObjectNode requirement(ObjectNode combined, String scheme) {
        ObjectNode requirement = combined.objectNode();
        requirement.putArray(scheme);
        return requirement;
    }
}
