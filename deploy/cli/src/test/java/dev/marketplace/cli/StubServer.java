package dev.marketplace.cli;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.common.oauth.SignedRequest;

/**
 * A real HTTP server on a loopback port that records every request and answers the ones queued with
 * {@link #answer(int, String)} (then 200 with an empty JSON object). With {@link #requireSignature(String, String)} it
 * checks OAuth 1.0 signatures with libs/common's verifier, as the gateway does, and answers 403 to a request that is
 * unsigned, signed by another consumer or with another secret.
 */
final class StubServer implements AutoCloseable {
    record Received(String method, String rawPathAndQuery, Headers headers, String body, boolean signatureValid) {
        String header(String name) {
            return headers.getFirst(name);
        }
    }

    private record Reply(int status, String contentType, String body) {
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Deque<Reply> replies = new ArrayDeque<>();
    private volatile String consumerKey;
    private volatile String consumerSecret;

    StubServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String pathAndQuery = exchange.getRequestURI().getRawPath()
                    + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
            boolean valid = verify(exchange.getRequestMethod(), pathAndQuery, exchange.getRequestHeaders(), body);
            received.add(new Received(exchange.getRequestMethod(), pathAndQuery, exchange.getRequestHeaders(), body, valid));
            Reply reply;
            synchronized (replies) {
                reply = replies.isEmpty() ? new Reply(200, "application/json", "{}") : replies.poll();
            }
            if (consumerKey != null && !valid) {
                reply = new Reply(403, "application/json", "{\"code\":\"FORBIDDEN\",\"message\":\"Forbidden\"}");
            }
            byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
            if (reply.contentType() != null) {
                exchange.getResponseHeaders().add("Content-Type", reply.contentType());
            }
            exchange.getResponseHeaders().add("X-Request-Id", "stub-request");
            exchange.sendResponseHeaders(reply.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().write(bytes);
            }
            exchange.close();
        });
        server.start();
    }

    private boolean verify(String method, String pathAndQuery, Headers headers, String body) {
        if (consumerKey == null) {
            return false;
        }
        String contentType = headers.getFirst("Content-Type");
        String form = contentType != null && contentType.startsWith("application/x-www-form-urlencoded") ? body : null;
        return SignedRequest.parse(method, URI.create(url() + pathAndQuery), headers.getFirst("Authorization"), form)
                .filter(request -> consumerKey.equals(request.consumerKey()))
                .map(request -> request.verify(consumerSecret, ""))
                .orElse(false);
    }

    /** From now on, answer 403 to any request not signed by this consumer. */
    StubServer requireSignature(String key, String secret) {
        this.consumerKey = key;
        this.consumerSecret = secret;
        return this;
    }

    StubServer answer(int status, String json) {
        return answer(status, "application/json", json);
    }

    StubServer answer(int status, String contentType, String body) {
        synchronized (replies) {
            replies.add(new Reply(status, contentType, body));
        }
        return this;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    List<Received> received() {
        return new ArrayList<>(received);
    }

    Received only() {
        if (received.size() != 1) {
            throw new AssertionError("expected one request, got " + received.size() + ": " + received);
        }
        return received.get(0);
    }

    Map<String, List<String>> headersOfOnly() {
        return only().headers();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
