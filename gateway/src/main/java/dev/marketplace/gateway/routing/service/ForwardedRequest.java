package dev.marketplace.gateway.routing.service;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.vertx.core.MultiMap;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;

/**
 * What goes upstream of a forwarded call: the client's head, except its Authorization (replaced by the internal
 * bearer token), its Forwarded/X-Forwarded-* (replaced by the gateway's own X-Forwarded-For/-Host/-Proto) and the
 * hop-by-hop headers, with the request id (RequestIds) as X-Request-Id; then its body, streamed with back-pressure, as
 * the client sent it.
 */
final class ForwardedRequest {
    private static final String X_FORWARDED_FOR = "X-Forwarded-For";
    private static final String X_FORWARDED_HOST = "X-Forwarded-Host";
    private static final String X_FORWARDED_PROTO = "X-Forwarded-Proto";
    static final String X_REQUEST_ID = "X-Request-Id";

    private ForwardedRequest() {
    }

    /** The head of the upstream request ({@code requestId}: the request's id, see RequestIds). */
    static void copyHead(HttpServerRequest request, PublicOrigins.Origin origin, String client, HttpClientRequest upstream,
            String bearer, String requestId) {
        MultiMap incoming = request.headers();
        Set<String> dropped = HopByHopHeaders.of(incoming);
        MultiMap headers = upstream.headers();
        for (Map.Entry<String, String> header : incoming) {
            String name = header.getKey();
            if (!dropped.contains(name) && !isForwarding(name)) {
                headers.add(name, header.getValue());
            }
        }
        if (request.authority() != null) {
            upstream.authority(request.authority());
        }
        // replaces the client's own Authorization
        headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + bearer);
        // the id the client's answer carries (the client's own when well-formed, else the gateway's), never a malformed one
        headers.set(X_REQUEST_ID, requestId);
        // What a client says about forwarding is never passed on: the gateway states who called and which URL was
        // addressed (the configured public origin), so that no service builds a link or an audit record from a lie.
        if (client != null) {
            headers.set(X_FORWARDED_FOR, client);
        }
        if (origin != null) {
            headers.set(X_FORWARDED_HOST, origin.authority());
            headers.set(X_FORWARDED_PROTO, origin.scheme());
        } else {
            if (request.authority() != null) {
                headers.set(X_FORWARDED_HOST, request.authority().toString());
            }
            headers.set(X_FORWARDED_PROTO, request.scheme());
        }
    }

    /** {@code Forwarded}, {@code X-Forwarded-*} and {@code X-Real-IP}: the client's claims about proxies, dropped. */
    static boolean isForwarding(String name) {
        int length = name.length();
        return (length > 12 && name.regionMatches(true, 0, "x-forwarded-", 0, 12))
                || (length == 9 && name.equalsIgnoreCase("forwarded")) || (length == 9 && name.equalsIgnoreCase("x-real-ip"));
    }

    /**
     * Sends the body (or none), then starts the answer timeout: a large upload is not a slow upstream. A body of unknown
     * length is counted against {@code maxBytes} (0: none) as it goes.
     */
    static void sendBody(HttpServerRequest request, HttpClientRequest upstream, Buffer bufferedBody, long maxBytes,
            long idleTimeoutMillis) {
        if (bufferedBody != null) {
            upstream.putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(bufferedBody.length()));
            upstream.end(bufferedBody).onSuccess(v -> upstream.idleTimeout(idleTimeoutMillis));
            return;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        boolean http1 = request.version() != HttpVersion.HTTP_2;
        // HTTP/1.x says whether a body follows in its head; HTTP/2 may stream one of unknown length without saying so
        boolean unknownLength = length == null && (http1 ? isChunked(request.headers()) : !bodiless(request.method()));
        if ("0".equals(length) || (length == null && !unknownLength)) {
            // no body: let the request's end through and send the head alone
            request.resume();
            upstream.end().onSuccess(v -> upstream.idleTimeout(idleTimeoutMillis));
            return;
        }
        upstream.setChunked(unknownLength);
        if (unknownLength && maxBytes > 0) {
            sendCounted(request, upstream, maxBytes, idleTimeoutMillis);
            return;
        }
        request.pipe().endOnFailure(false).to(upstream).onComplete(sent -> {
            if (sent.succeeded()) {
                upstream.idleTimeout(idleTimeoutMillis);
            } else {
                upstream.reset();
            }
        });
    }

    /**
     * A body of unknown length, piped by hand (with the same back-pressure) so that it can be counted: past
     * {@code maxBytes} the upstream request is abandoned and, unless the service has already answered, the client gets
     * 413 (the connection is closed: the rest of its body is not read).
     */
    private static void sendCounted(HttpServerRequest request, HttpClientRequest upstream, long maxBytes,
            long idleTimeoutMillis) {
        long[] sent = { 0 };
        request.handler(chunk -> {
            sent[0] += chunk.length();
            if (sent[0] > maxBytes) {
                // answered first: abandoning the upstream request fails its answer, which must not become a 502
                TooLargeBody.answer(request, maxBytes);
                upstream.reset();
                return;
            }
            upstream.write(chunk);
            if (upstream.writeQueueFull()) {
                request.pause();
                upstream.drainHandler(v -> request.resume());
            }
        });
        request.exceptionHandler(failure -> upstream.reset());
        request.endHandler(v -> {
            if (sent[0] <= maxBytes) {
                upstream.end().onSuccess(done -> upstream.idleTimeout(idleTimeoutMillis));
            }
        });
        request.resume();
    }

    private static boolean isChunked(MultiMap headers) {
        for (String value : headers.getAll(HttpHeaders.TRANSFER_ENCODING)) {
            if (value.toLowerCase(Locale.ROOT).contains("chunked")) {
                return true;
            }
        }
        return false;
    }

    /** Methods whose requests carry no body in practice (HTTP gives a GET body no meaning). */
    private static boolean bodiless(HttpMethod method) {
        return method == HttpMethod.GET || method == HttpMethod.HEAD || method == HttpMethod.OPTIONS
                || method == HttpMethod.DELETE || method == HttpMethod.TRACE;
    }
}
