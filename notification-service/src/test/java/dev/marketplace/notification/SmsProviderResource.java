package dev.marketplace.notification;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A real HTTP server playing the SMS provider: it records every request (body and Authorization header) and answers
 * 202, or a chosen error status for a recipient a test told it to fail.
 */
public class SmsProviderResource implements QuarkusTestResourceLifecycleManager {
    public static final String USERNAME = "sms-account";
    public static final String PASSWORD = "sms-secret";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final List<Received> RECEIVED = new CopyOnWriteArrayList<>();
    private static final Map<String, Failure> FAILURES = new ConcurrentHashMap<>();
    private static HttpServer server;

    public record Received(JsonNode body, String authorization, int answeredWith) {
    }

    private record Failure(AtomicInteger remaining, int status) {
    }

    /** The next {@code times} requests for {@code recipient} are answered with {@code status}. */
    public static void failFor(String recipient, int times, int status) {
        FAILURES.put(recipient, new Failure(new AtomicInteger(times), status));
    }

    public static List<Received> receivedFor(String recipient) {
        return RECEIVED.stream().filter(r -> recipient.equals(r.body().path("to").asText())).toList();
    }

    @Override
    public synchronized Map<String, String> start() {
        if (server == null) {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            server.createContext("/v1/messages", SmsProviderResource::handle);
            server.start();
        }
        return Map.of(
                "marketplace.notification.sms.url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/messages",
                "marketplace.notification.sms.username", USERNAME,
                "marketplace.notification.sms.password", PASSWORD,
                "marketplace.notification.sms.sender", "TestMarket");
    }

    private static void handle(HttpExchange exchange) throws IOException {
        JsonNode body;
        try (InputStream in = exchange.getRequestBody()) {
            body = MAPPER.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        int status = 202;
        Failure failure = FAILURES.get(body.path("to").asText());
        if (failure != null && failure.remaining().getAndDecrement() > 0) {
            status = failure.status();
        }
        RECEIVED.add(new Received(body, exchange.getRequestHeaders().getFirst("Authorization"), status));
        HttpStubs.sendJson(exchange, status,
                status == 202 ? "{\"id\":\"msg-" + RECEIVED.size() + "\"}" : "{\"error\":\"unavailable\"}");
    }

    @Override
    public void stop() {
        // shared by every test class of the module; the JVM ends it
    }
}
