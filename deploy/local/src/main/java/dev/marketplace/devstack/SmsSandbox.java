package dev.marketplace.devstack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;

/**
 * The SMS provider of the devstack: it speaks what notification-service's {@code SmsProviderClient} sends
 * ({@code POST /v1/messages}, JSON {@code {"from","to","text","reference"}}, HTTP Basic credentials) and keeps every
 * message it accepts, so that the inbox shows it. Nothing leaves the machine.
 */
public final class SmsSandbox implements AutoCloseable {
    /** The credentials notification-service is configured with; a request without them is refused as a provider would. */
    static final String USERNAME = "devstack-sms";
    static final String PASSWORD = "devstack-sms-secret";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<Sms> kept = new CopyOnWriteArrayList<>();

    /** One accepted message, as the provider received it. */
    public record Sms(String from, String to, String text, String reference, Instant receivedAt) {
    }

    private SmsSandbox(HttpServer server) {
        this.server = server;
    }

    public static SmsSandbox start() {
        SmsSandbox[] self = new SmsSandbox[1];
        HttpServer server = HttpStubs.serve("/v1/messages", exchange -> self[0].handle(exchange));
        self[0] = new SmsSandbox(server);
        System.out.println("devstack: SMS provider sandbox on " + self[0].url());
        return self[0];
    }

    /** The send endpoint, as notification-service's {@code SMS_PROVIDER_URL}. */
    public String url() {
        return HttpStubs.url(server) + "/v1/messages";
    }

    /** Every message accepted so far, oldest first. */
    public List<Sms> kept() {
        return List.copyOf(kept);
    }

    private void handle(HttpExchange exchange) throws IOException {
        if (!"POST".equals(exchange.getRequestMethod())) {
            HttpStubs.sendJson(exchange, 405, "{\"error\":\"POST a message\"}");
            return;
        }
        String expected = "Basic " + Base64.getEncoder().encodeToString((USERNAME + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
        if (!expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
            HttpStubs.sendJson(exchange, 401, "{\"error\":\"unknown account\"}");
            return;
        }
        JsonNode body;
        try (InputStream in = exchange.getRequestBody()) {
            body = JSON.readTree(in);
        } catch (IOException e) {
            HttpStubs.sendJson(exchange, 400, "{\"error\":\"the body is not JSON\"}");
            return;
        }
        if (body == null || !body.path("to").isTextual() || !body.path("text").isTextual()) {
            HttpStubs.sendJson(exchange, 400, "{\"error\":\"to and text are required\"}");
            return;
        }
        kept.add(new Sms(body.path("from").asText(null), body.path("to").asText(), body.path("text").asText(),
                body.path("reference").asText(null), Instant.now()));
        HttpStubs.sendJson(exchange, 202, "{\"id\":\"sms-" + kept.size() + "\"}");
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
