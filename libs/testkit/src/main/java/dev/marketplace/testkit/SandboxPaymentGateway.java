package dev.marketplace.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A sandbox card payment gateway on loopback, for tests and the devstack: a real HTTP server whose answer depends on the
 * card number, like the sandboxes of real processors. Charges and refunds are idempotent by their
 * {@code Idempotency-Key} header (the same key gets the first answer again and charges nothing more).
 *
 * <pre>
 * POST /v1/charges  {"amount": "10.00", "currency": "USD", "reference": "...",
 *                    "card": {"number", "expirationMonth", "expirationYear", "cvv"}}
 *   → 200 {"id": "ch_...", "status": "APPROVED" | "DECLINED", "code", "message", "avs", "cvv"}
 * POST /v1/refunds  {"charge": "ch_...", "amount": "10.00", "currency": "USD"}
 *   → 200 {"id": "re_...", "status": "REFUNDED"} | {"id": null, "status": "DECLINED", "code", "message"}
 * GET  /v1/charges  → every charge made, oldest first
 * </pre>
 *
 * Test cards (any future expiry, any CVV): {@value #APPROVED} and {@value #APPROVED_MASTERCARD} are approved;
 * {@value #DECLINED} is declined (CARD_DECLINED); {@value #INSUFFICIENT_FUNDS} is declined (INSUFFICIENT_FUNDS);
 * {@value #GATEWAY_ERROR} makes the gateway fail (HTTP 500); {@value #UNREACHABLE} drops the connection unanswered, as
 * an unreachable gateway would; {@value #REFUND_DECLINED} is approved, but every refund of its charges is declined
 * (REFUND_DECLINED), like Stripe's test card whose refunds fail.
 */
public final class SandboxPaymentGateway implements AutoCloseable {
    public static final String APPROVED = "4242424242424242";
    public static final String APPROVED_MASTERCARD = "5555555555554444";
    public static final String DECLINED = "4000000000000002";
    public static final String INSUFFICIENT_FUNDS = "4000000000009995";
    public static final String GATEWAY_ERROR = "4000000000000119";
    public static final String UNREACHABLE = "4000000000000259";
    public static final String REFUND_DECLINED = "4000000000005126";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, String> answers = new ConcurrentHashMap<>();
    private final List<JsonNode> charges = new CopyOnWriteArrayList<>();
    private final List<JsonNode> refunds = new CopyOnWriteArrayList<>();
    /** Charges whose refunds are declined: those of {@link #REFUND_DECLINED}. */
    private final Set<String> refundsDeclined = ConcurrentHashMap.newKeySet();

    private SandboxPaymentGateway(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/v1/", this::handle);
        server.start();
    }

    /** Starts a gateway on {@code port} (0: any free port). */
    public static SandboxPaymentGateway start(int port) {
        try {
            return new SandboxPaymentGateway(port);
        } catch (IOException e) {
            throw new IllegalStateException("The sandbox payment gateway did not start", e);
        }
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Every charge made (approved or declined), as the gateway recorded it. */
    public List<JsonNode> charges() {
        return List.copyOf(charges);
    }

    /** Every refund asked for (made or declined; a replay of an Idempotency-Key not again), as the gateway recorded it. */
    public List<JsonNode> refunds() {
        return List.copyOf(refunds);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        try {
            if ("GET".equals(exchange.getRequestMethod()) && path.equals("/v1/charges")) {
                HttpStubs.sendJson(exchange, 200, MAPPER.writeValueAsString(charges));
                return;
            }
            if (!"POST".equals(exchange.getRequestMethod())) {
                HttpStubs.sendJson(exchange, 405, "{\"code\":\"METHOD_NOT_ALLOWED\"}");
                return;
            }
            JsonNode body;
            try (InputStream in = exchange.getRequestBody()) {
                body = MAPPER.readTree(in);
            }
            String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
            if (key != null && answers.containsKey(path + key)) {
                HttpStubs.sendJson(exchange, 200, answers.get(path + key));
                return;
            }
            String answer;
            if (path.equals("/v1/charges")) {
                String number = body.path("card").path("number").asText("");
                if (number.equals(UNREACHABLE)) {
                    exchange.close(); // no status line at all: the caller sees the connection drop
                    return;
                }
                if (number.equals(GATEWAY_ERROR)) {
                    HttpStubs.sendJson(exchange, 500, "{\"code\":\"PROCESSING_ERROR\",\"message\":\"sandbox failure\"}");
                    return;
                }
                answer = charge(body, number).toString();
            } else if (path.equals("/v1/refunds")) {
                answer = refund(body).toString();
            } else {
                HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
                return;
            }
            if (key != null) {
                String first = answers.putIfAbsent(path + key, answer);
                answer = first == null ? answer : first;
            }
            HttpStubs.sendJson(exchange, 200, answer);
        } catch (RuntimeException e) {
            HttpStubs.sendJson(exchange, 400, "{\"code\":\"BAD_REQUEST\"}");
        }
    }

    private ObjectNode charge(JsonNode body, String number) {
        ObjectNode answer = MAPPER.createObjectNode().put("id", "ch_" + UUID.randomUUID().toString().replace("-", ""))
                .put("avs", true).put("cvv", true);
        switch (number) {
            case APPROVED, APPROVED_MASTERCARD, REFUND_DECLINED -> answer.put("status", "APPROVED").putNull("code").putNull("message");
            case INSUFFICIENT_FUNDS -> answer.put("status", "DECLINED").put("code", "INSUFFICIENT_FUNDS")
                    .put("message", "The card has insufficient funds");
            default -> answer.put("status", "DECLINED").put("code", "CARD_DECLINED").put("message", "The card was declined");
        }
        ObjectNode recorded = answer.deepCopy();
        recorded.put("amount", body.path("amount").asText()).put("currency", body.path("currency").asText())
                .put("reference", body.path("reference").asText()).put("last4", number.substring(Math.max(0, number.length() - 4)));
        charges.add(recorded);
        if (number.equals(REFUND_DECLINED)) {
            refundsDeclined.add(answer.path("id").asText());
        }
        return answer;
    }

    private ObjectNode refund(JsonNode body) {
        String charge = body.path("charge").asText();
        ObjectNode answer = refundsDeclined.contains(charge)
                ? MAPPER.createObjectNode().putNull("id").put("status", "DECLINED").put("code", "REFUND_DECLINED")
                        .put("message", "The card issuer declined the refund")
                : MAPPER.createObjectNode().put("id", "re_" + UUID.randomUUID().toString().replace("-", ""))
                        .put("status", "REFUNDED");
        answer.put("charge", charge);
        refunds.add(answer.deepCopy().put("amount", body.path("amount").asText())
                .put("currency", body.path("currency").asText()));
        return answer;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
