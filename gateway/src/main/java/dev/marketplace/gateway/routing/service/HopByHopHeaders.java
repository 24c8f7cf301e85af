package dev.marketplace.gateway.routing.service;

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;

/**
 * Headers that belong to one connection, never forwarded either way (RFC 9110 §7.6.1): the fixed ones, plus any that a
 * Connection header names.
 */
final class HopByHopHeaders {
    private static final Set<String> HOP_BY_HOP = caseInsensitive("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "trailers", "transfer-encoding", "upgrade", "proxy-connection", "host",
            // answered by the gateway itself (GatewayHandler), which sends the body without waiting
            "expect");

    private HopByHopHeaders() {
    }

    /** The hop-by-hop headers of a message, as a case-insensitive set. */
    static Set<String> of(MultiMap headers) {
        String connection = headers.get(HttpHeaders.CONNECTION);
        if (connection == null) {
            return HOP_BY_HOP;
        }
        Set<String> named = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        named.addAll(HOP_BY_HOP);
        for (String value : headers.getAll(HttpHeaders.CONNECTION)) {
            for (String token : value.split(",")) {
                if (!token.isBlank()) {
                    named.add(token.trim());
                }
            }
        }
        return named;
    }

    private static Set<String> caseInsensitive(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(Set.of(names));
        return Collections.unmodifiableSet(set);
    }
}
