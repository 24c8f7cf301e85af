package dev.marketplace.gateway.routing.service;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.config.GatewayConfig;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.HostAndPort;

/**
 * The public base URL(s) of the marketplace ({@code marketplace.gateway.public-base-urls}): the scheme, host and port a
 * client signs its OAuth 1.0 base string with, and what the services hear as {@code X-Forwarded-Host} and
 * {@code X-Forwarded-Proto}. The client's own {@code Host} only chooses among the configured origins (a Host that names
 * none gets the first); it can never make the gateway verify a signature over, or forward, a host nobody configured,
 * and {@code X-Forwarded-*}/{@code Forwarded} from a client are never read. Without configuration (development and
 * tests) the request's own scheme and Host are used.
 */
@ApplicationScoped
public class PublicOrigins {

    /** One configured origin: scheme, lower-case host, port (default ports included), and the path it is mounted at. */
    public record Origin(String scheme, String host, int port, String authority, String pathPrefix) {
        static Origin of(URI uri) {
            String scheme = uri.getScheme() == null ? null : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!"http".equals(scheme) && !"https".equals(scheme) || uri.getHost() == null) {
                throw new IllegalArgumentException("marketplace.gateway.public-base-urls: " + uri
                        + " is not an absolute http(s) URL with a host name");
            }
            int defaultPort = "https".equals(scheme) ? 443 : 80;
            int port = uri.getPort() > 0 ? uri.getPort() : defaultPort;
            String host = uri.getHost().toLowerCase(Locale.ROOT);
            String authority = port == defaultPort ? host : host + ":" + port;
            String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/+$", "");
            return new Origin(scheme, host, port, authority, path);
        }

        boolean names(HostAndPort requested) {
            if (requested == null || !host.equalsIgnoreCase(requested.host())) {
                return false;
            }
            int requestedPort = requested.port() > 0 ? requested.port() : "https".equals(scheme) ? 443 : 80;
            return requestedPort == port;
        }
    }

    private final List<Origin> origins = new ArrayList<>();

    public PublicOrigins(GatewayConfig config) {
        for (URI uri : config.publicBaseUrls().orElse(List.of())) {
            origins.add(Origin.of(uri));
        }
    }

    /** The configured origin this request addresses (its Host picks one, else the first); null when none is configured. */
    public Origin originOf(HttpServerRequest request) {
        if (origins.isEmpty()) {
            return null;
        }
        HostAndPort requested = request.authority();
        for (Origin origin : origins) {
            if (origin.names(requested)) {
                return origin;
            }
        }
        return origins.get(0);
    }

    /**
     * The absolute URI the client signed: {@code origin + path + query} with a configured origin, else the request's own
     * absolute URI (its scheme and Host header).
     *
     * @throws IllegalArgumentException when the request's URI cannot be read
     */
    public URI signedUri(HttpServerRequest request, Origin origin) {
        if (origin == null) {
            String absolute = request.absoluteURI();
            if (absolute == null) {
                throw new IllegalArgumentException("no absolute URI");
            }
            return URI.create(absolute);
        }
        // path and query, never request.uri(): a request-target in absolute form (GET http://host/path) names a host
        String query = request.query();
        return URI.create(origin.scheme() + "://" + origin.authority() + origin.pathPrefix() + request.path()
                + (query == null ? "" : "?" + query));
    }
}
