package dev.marketplace.gateway.routing.service;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.config.GatewayConfig;

/** Path-prefix routes from configuration; the longest matching prefix wins. */
@ApplicationScoped
public class RouteTable {
    private final List<Route> routes = new ArrayList<>();

    /**
     * One prefix of a named route and where it goes.
     *
     * @param maxBodyBytes largest request body forwarded, or 0 for no limit
     * @param overlapReplayCheck reads may be forwarded while their nonce is recorded (GatewayConfig.Route)
     */
    public record Route(String name, String prefix, URI upstream, String host, int port, boolean ssl, long maxBodyBytes,
            boolean overlapReplayCheck) {
        public boolean matches(String path) {
            int length = prefix.length();
            if (prefix.endsWith("/")) {
                // "/api/account/" also takes "/api/account"
                return path.startsWith(prefix) || (path.length() == length - 1 && prefix.startsWith(path));
            }
            if (!path.startsWith(prefix)) {
                return false;
            }
            return path.length() == length || path.charAt(length) == '/' || path.charAt(length) == '?';
        }
    }

    public RouteTable(GatewayConfig config) {
        for (Map.Entry<String, GatewayConfig.Route> e : config.routes().entrySet()) {
            URI upstream = e.getValue().upstream();
            boolean ssl = "https".equalsIgnoreCase(upstream.getScheme());
            int port = upstream.getPort() > 0 ? upstream.getPort() : ssl ? 443 : 80;
            for (String prefix : e.getValue().prefix()) {
                routes.add(new Route(e.getKey(), prefix.trim(), upstream, upstream.getHost(), port, ssl,
                        e.getValue().maxBodyBytes().orElse(0L), e.getValue().overlapReplayCheck()));
            }
        }
        routes.sort(Comparator.comparingInt((Route r) -> r.prefix().length()).reversed());
    }

    public Optional<Route> match(String path) {
        for (Route route : routes) {
            if (route.matches(path)) {
                return Optional.of(route);
            }
        }
        return Optional.empty();
    }

    public List<Route> routes() {
        return List.copyOf(routes);
    }
}
