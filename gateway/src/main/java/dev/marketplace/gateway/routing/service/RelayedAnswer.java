package dev.marketplace.gateway.routing.service;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Set;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;

/**
 * The service's answer, relayed to the client: status, headers but the hop-by-hop ones (and a Date when the service
 * sent none), and the body streamed with back-pressure, with its Content-Length or chunked, or whole for an HTTP/1.0
 * client.
 */
final class RelayedAnswer {
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    /** The Date header of the current second, formatted once per second rather than per response. */
    private volatile HttpDate date = new HttpDate(0, "");

    private record HttpDate(long epochSecond, String text) {
    }

    void relay(HttpServerRequest request, HttpClientResponse answer, HttpClientRequest upstream) {
        HttpServerResponse response = request.response();
        if (response.ended() || response.closed()) {
            upstream.reset();
            return;
        }
        response.setStatusCode(answer.statusCode());
        if (answer.statusMessage() != null) {
            response.setStatusMessage(answer.statusMessage());
        }
        MultiMap incoming = answer.headers();
        Set<String> dropped = HopByHopHeaders.of(incoming);
        MultiMap headers = response.headers();
        for (Map.Entry<String, String> header : incoming) {
            String name = header.getKey();
            // the answer already carries the gateway's request id (RequestIds)
            if (!dropped.contains(name) && !name.equalsIgnoreCase(ForwardedRequest.X_REQUEST_ID)) {
                headers.add(name, header.getValue());
            }
        }
        if (!incoming.contains(HttpHeaders.DATE)) {
            // a proxy forwarding an answer without a Date adds one (RFC 9110 §6.6.1)
            headers.set(HttpHeaders.DATE, currentDate());
        }
        if (!incoming.contains(HttpHeaders.CONTENT_LENGTH) && mayHaveBody(request.method(), answer.statusCode())) {
            if (request.version() == HttpVersion.HTTP_1_0) {
                // an HTTP/1.0 client cannot take chunks: the answer goes out whole
                answer.body().onComplete(body -> {
                    if (body.succeeded()) {
                        response.end(body.result());
                    } else {
                        response.reset();
                    }
                });
                // it was paused if it waited for its admission
                answer.resume();
                return;
            }
            response.setChunked(true);
        }
        answer.pipe().endOnFailure(false).to(response).onFailure(broken -> {
            upstream.reset();
            response.reset();
        });
    }

    private static boolean mayHaveBody(HttpMethod method, int status) {
        return method != HttpMethod.HEAD && status >= 200 && status != 204 && status != 304;
    }

    private String currentDate() {
        long now = System.currentTimeMillis() / 1000;
        HttpDate current = date;
        if (current.epochSecond() != now) {
            current = new HttpDate(now, HTTP_DATE.format(Instant.ofEpochSecond(now)));
            date = current;
        }
        return current.text();
    }
}
