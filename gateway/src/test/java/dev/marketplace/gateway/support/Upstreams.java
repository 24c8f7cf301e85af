package dev.marketplace.gateway.support;

import java.io.IOException;
import java.net.ServerSocket;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.json.JsonObject;

/**
 * Real HTTP servers standing in for the services behind the gateway, started once per test JVM:
 * <ul>
 * <li>an echo service answering every request with what it received (method, path, query, headers, body digest);
 * {@code ?status=N} sets the status, {@code ?chunked} answers in chunks without a Content-Length, paths under /api/slow/
 * answer after 3 s, {@code ?delay=N} after N ms, {@code ?requestId=X} answers with an X-Request-Id of its own, and
 * requests with {@code ?probe=X} are counted in {@link #PROBES};</li>
 * <li>catalog-service's vendor-credentials endpoint, answering from {@link #VENDORS};</li>
 * <li>a port nobody listens on (connection refused).</li>
 * </ul>
 */
public final class Upstreams {
    /** consumerKey -> {consumerKey, consumerSecret, productId, partner}, as catalog-service would answer. */
    public static final Map<String, JsonObject> VENDORS = new ConcurrentHashMap<>();
    /** How many requests the echo service received per value of their {@code probe} query parameter. */
    public static final Map<String, Integer> PROBES = new ConcurrentHashMap<>();
    /** Authorization headers catalog-service received, latest last. */
    public static final List<String> CATALOG_AUTHORIZATIONS = java.util.Collections.synchronizedList(new ArrayList<>());

    private static Vertx vertx;
    private static int port;
    private static int deadPort;

    private Upstreams() {
    }

    /**
     * The count of {@code probe} once it has reached {@code expected}, or after 5 s: a read that overlaps its nonce check
     * and is refused (a replay, Redis full) can be answered before its request, already on the way, reaches the service.
     */
    public static int probesOnceReached(String probe, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (PROBES.getOrDefault(probe, 0) < expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return PROBES.getOrDefault(probe, 0);
    }

    public static synchronized int port() {
        if (vertx == null) {
            vertx = Vertx.vertx();
            HttpServer server = vertx.createHttpServer().requestHandler(Upstreams::handle);
            try {
                port = server.listen(0, "localhost").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS).actualPort();
                try (ServerSocket socket = new ServerSocket(0)) {
                    deadPort = socket.getLocalPort();
                }
            } catch (Exception e) {
                throw new IllegalStateException("Upstream servers did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> vertx.close()));
        }
        return port;
    }

    public static int deadPort() {
        port();
        return deadPort;
    }

    private static void handle(HttpServerRequest request) {
        if (request.path().startsWith("/internal/v1/vendor-credentials/")) {
            CATALOG_AUTHORIZATIONS.add(request.getHeader("Authorization"));
            String key = java.net.URLDecoder.decode(request.path().substring("/internal/v1/vendor-credentials/".length()),
                    java.nio.charset.StandardCharsets.UTF_8);
            JsonObject vendor = VENDORS.get(key);
            if (vendor == null) {
                request.response().setStatusCode(404).putHeader("Content-Type", "application/json")
                        .end("{\"code\":\"NOT_FOUND\",\"message\":\"no such consumer\"}");
            } else {
                request.response().putHeader("Content-Type", "application/json").end(vendor.encode());
            }
            return;
        }
        String probe = request.getParam("probe");
        if (probe != null) {
            PROBES.merge(probe, 1, Integer::sum);
        }
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        io.vertx.core.buffer.Buffer head = io.vertx.core.buffer.Buffer.buffer();
        long[] length = { 0 };
        request.handler(chunk -> {
            byte[] bytes = chunk.getBytes();
            digest.update(bytes);
            length[0] += bytes.length;
            if (head.length() < 65536) {
                head.appendBuffer(chunk);
            }
        });
        request.endHandler(v -> {
            JsonObject headers = new JsonObject();
            Map<String, List<String>> grouped = new LinkedHashMap<>();
            request.headers().forEach(h -> grouped.computeIfAbsent(h.getKey().toLowerCase(java.util.Locale.ROOT),
                    k -> new ArrayList<>()).add(h.getValue()));
            grouped.forEach((k, vs) -> headers.put(k, new io.vertx.core.json.JsonArray(new ArrayList<Object>(vs))));
            JsonObject echo = new JsonObject().put("method", request.method().name()).put("path", request.path())
                    .put("query", request.query()).put("headers", headers).put("bodyLength", length[0])
                    .put("bodySha256", HexFormat.of().formatHex(digest.digest()))
                    .put("body", length[0] <= 65536 ? head.toString() : null);
            int status = 200;
            String s = request.getParam("status");
            if (s != null) {
                status = Integer.parseInt(s);
            }
            int finalStatus = status;
            boolean chunked = request.getParam("chunked") != null;
            String ownRequestId = request.getParam("requestId");
            Runnable answer = () -> {
                var response = request.response().setStatusCode(finalStatus).putHeader("Content-Type", "application/json")
                        .putHeader("X-Upstream", "echo").putHeader("Keep-Alive", "timeout=5");
                if (ownRequestId != null) {
                    response.putHeader("X-Request-Id", ownRequestId);
                }
                String json = echo.encode();
                if (chunked) {
                    // no Content-Length: the answer's length is only known at its end
                    response.setChunked(true).write(json.substring(0, json.length() / 2));
                    response.end(json.substring(json.length() / 2));
                } else {
                    response.end(json);
                }
            };
            String delay = request.getParam("delay");
            if (request.path().startsWith("/api/slow/")) {
                vertx.setTimer(3000, t -> answer.run());
            } else if (delay != null) {
                vertx.setTimer(Long.parseLong(delay), t -> answer.run());
            } else {
                answer.run();
            }
        });
    }
}
