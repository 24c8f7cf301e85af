package dev.marketplace.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A sandbox card payment provider on loopback, for tests and the devstack: a real HTTP server that tokenises cards like
 * Stripe.js does, keeps them on file, and charges them as their test number says, like the sandboxes of real processors.
 * A card number reaches it only through {@code /v1/tokens}, which a browser (or a test) calls; the marketplace's services
 * only ever see tokens, payment method ids, brands and last four digits.
 *
 * <pre>
 * POST   /v1/tokens  {"card": {"number", "expirationMonth", "expirationYear"}}
 *          → 200 {"id": "tok_...", "card": {"brand", "last4", "expMonth", "expYear"}}; 400 INVALID_CARD (checksum, expiry)
 * POST   /v1/customers/{customer}/payment_methods  {"token": "tok_..."}
 *          → 200 {"id": "pm_...", "card": {...}}; 400 INVALID_TOKEN (unknown or already used: a token is used once)
 * DELETE /v1/payment_methods/{id}  → 200 {"id", "deleted": true}; 404 unknown
 * POST   /v1/charges  Idempotency-Key, {"paymentMethod": "pm_...", "customer", "amount": "10.00", "currency", "reference"}
 *          → 200 {"id": "ch_...", "status": "SUCCEEDED" | "DECLINED", "code", "message"}; 400 UNKNOWN_PAYMENT_METHOD
 * GET    /v1/charges/by-key/{idempotencyKey}  → 200 the charge made with that key; 404 when none was made
 * POST   /v1/refunds  Idempotency-Key, {"charge": "ch_...", "amount", "currency"}
 *          → 200 {"id": "re_...", "status": "REFUNDED"} | {"id": null, "status": "DECLINED", "code", "message"}
 * GET    /v1/charges  → every charge made, oldest first
 * </pre>
 *
 * Charges and refunds are idempotent by their {@code Idempotency-Key}: the same key gets the first answer again and
 * charges nothing more, even when the copies arrive at once. Test cards (any future expiry): {@value #APPROVED}
 * and {@value #APPROVED_MASTERCARD} are charged; {@value #DECLINED} is declined (CARD_DECLINED);
 * {@value #INSUFFICIENT_FUNDS} is declined (INSUFFICIENT_FUNDS); {@value #GATEWAY_ERROR} makes a charge fail (HTTP 500,
 * nothing charged); {@value #UNREACHABLE} drops the connection of a charge unanswered (nothing charged);
 * {@value #LATE_ANSWER} is charged, then every answer to that charge (the retries with its key included) is held for
 * {@link #holdAnswersFor} (5 s by default) before it is sent: past the caller's timeout, as a slow processor that took the
 * money would; looking the charge up by its key answers at once. {@value #REFUND_DECLINED} is charged, but every refund of
 * its charges is declined (REFUND_DECLINED), like Stripe's test card whose refunds fail.
 */
public final class SandboxPaymentGateway implements AutoCloseable {
    public static final String APPROVED = "4242424242424242";
    public static final String APPROVED_MASTERCARD = "5555555555554444";
    public static final String DECLINED = "4000000000000002";
    public static final String INSUFFICIENT_FUNDS = "4000000000009995";
    public static final String GATEWAY_ERROR = "4000000000000119";
    public static final String UNREACHABLE = "4000000000000259";
    public static final String LATE_ANSWER = "4000000000003220";
    public static final String REFUND_DECLINED = "4000000000005126";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final HttpServer server;
    private final ExecutorService executor = Executors.newCachedThreadPool();
    /** Tokens not yet used: id → the card (number kept here, in the provider, only). */
    private final Map<String, Card> tokens = new ConcurrentHashMap<>();
    private final Map<String, Card> methods = new ConcurrentHashMap<>();
    /** Charges and refunds by path + idempotency key: the first answer. */
    private final Map<String, ObjectNode> answers = new ConcurrentHashMap<>();
    private final List<JsonNode> charges = new CopyOnWriteArrayList<>();
    private final List<String> detached = new CopyOnWriteArrayList<>();
    private volatile Duration hold = Duration.ofSeconds(5);

    private record Card(String number, int expMonth, int expYear) {
        String brand() {
            return number.startsWith("4") ? "visa" : number.startsWith("5") ? "mastercard"
                    : number.startsWith("3") ? "amex" : "unknown";
        }

        String last4() {
            return number.substring(number.length() - 4);
        }

        ObjectNode json() {
            return MAPPER.createObjectNode().put("brand", brand()).put("last4", last4()).put("expMonth", expMonth)
                    .put("expYear", expYear);
        }
    }
    private final List<JsonNode> refunds = new CopyOnWriteArrayList<>();
    /** Charges whose refunds are declined: those of {@link #REFUND_DECLINED}. */
    private final Set<String> refundsDeclined = ConcurrentHashMap.newKeySet();

    private SandboxPaymentGateway(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.setExecutor(executor);
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

    /** Every charge made (succeeded or declined), as the gateway recorded it: never the card number. */
    public List<JsonNode> charges() {
        return List.copyOf(charges);
    }

    /** The payment method ids detached so far. */
    public List<String> detached() {
        return List.copyOf(detached);
    }

    /** How long the answers to a {@value #LATE_ANSWER} charge are held. */
    public void holdAnswersFor(Duration duration) {
        hold = duration;
    }

    private ObjectNode tokenise(String number, int month, int year) {
        Card card = new Card(number, month, year);
        String id = "tok_" + UUID.randomUUID().toString().replace("-", "");
        tokens.put(id, card);
        return MAPPER.createObjectNode().put("id", id).set("card", card.json());
    }

    /** Every refund asked for (made or declined; a replay of an Idempotency-Key not again), as the gateway recorded it. */
    public List<JsonNode> refunds() {
        return List.copyOf(refunds);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        try {
            if ("GET".equals(method) && path.equals("/v1/charges")) {
                HttpStubs.sendJson(exchange, 200, MAPPER.writeValueAsString(charges));
                return;
            }
            if ("GET".equals(method) && path.startsWith("/v1/charges/by-key/")) {
                ObjectNode found = answers.get("/v1/charges" + path.substring("/v1/charges/by-key/".length()));
                HttpStubs.sendJson(exchange, found == null ? 404 : 200, found == null ? "{\"code\":\"NOT_FOUND\"}"
                        : found.toString());
                return;
            }
            if ("DELETE".equals(method) && path.startsWith("/v1/payment_methods/")) {
                String id = path.substring("/v1/payment_methods/".length());
                if (methods.remove(id) == null) {
                    HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
                    return;
                }
                detached.add(id);
                HttpStubs.sendJson(exchange, 200, MAPPER.createObjectNode().put("id", id).put("deleted", true).toString());
                return;
            }
            if (!"POST".equals(method)) {
                HttpStubs.sendJson(exchange, 405, "{\"code\":\"METHOD_NOT_ALLOWED\"}");
                return;
            }
            JsonNode body;
            try (InputStream in = exchange.getRequestBody()) {
                body = MAPPER.readTree(in);
            }
            if (path.equals("/v1/tokens")) {
                tokens(exchange, body.path("card"));
            } else if (path.startsWith("/v1/customers/") && path.endsWith("/payment_methods")) {
                Card card = tokens.remove(body.path("token").asText(""));
                if (card == null) {
                    HttpStubs.sendJson(exchange, 400, "{\"code\":\"INVALID_TOKEN\",\"message\":\"No such token, or it was used\"}");
                    return;
                }
                String id = "pm_" + UUID.randomUUID().toString().replace("-", "");
                methods.put(id, card);
                HttpStubs.sendJson(exchange, 200, MAPPER.createObjectNode().put("id", id).set("card", card.json()).toString());
            } else if (path.equals("/v1/charges")) {
                charge(exchange, body, exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            } else if (path.equals("/v1/refunds")) {
                refund(exchange, body, exchange.getRequestHeaders().getFirst("Idempotency-Key"));
            } else {
                HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
            }
        } catch (RuntimeException e) {
            HttpStubs.sendJson(exchange, 400, "{\"code\":\"BAD_REQUEST\"}");
        }
    }

    private void tokens(HttpExchange exchange, JsonNode card) throws IOException {
        String number = card.path("number").asText("");
        int month = card.path("expirationMonth").asInt(0);
        int year = card.path("expirationYear").asInt(0);
        if (!number.matches("[0-9]{12,19}") || !luhn(number)) {
            HttpStubs.sendJson(exchange, 400, "{\"code\":\"INVALID_CARD\",\"message\":\"The card number is not valid\"}");
            return;
        }
        if (month < 1 || month > 12 || YearMonth.of(year, month).isBefore(YearMonth.now(ZoneOffset.UTC))) {
            HttpStubs.sendJson(exchange, 400, "{\"code\":\"INVALID_CARD\",\"message\":\"The card has expired\"}");
            return;
        }
        HttpStubs.sendJson(exchange, 200, tokenise(number, month, year).toString());
    }

    private void charge(HttpExchange exchange, JsonNode body, String key) throws IOException {
        Card card = methods.get(body.path("paymentMethod").asText(""));
        if (card == null) {
            HttpStubs.sendJson(exchange, 400, "{\"code\":\"UNKNOWN_PAYMENT_METHOD\",\"message\":\"No such payment method\"}");
            return;
        }
        if (card.number().equals(UNREACHABLE)) {
            exchange.close(); // no status line at all: the caller sees the connection drop
            return;
        }
        if (card.number().equals(GATEWAY_ERROR)) {
            HttpStubs.sendJson(exchange, 500, "{\"code\":\"PROCESSING_ERROR\",\"message\":\"sandbox failure\"}");
            return;
        }
        ObjectNode answer;
        if (key == null) {
            answer = record(body, card);
        } else {
            // computeIfAbsent: copies of one key arriving at once charge once
            answer = answers.computeIfAbsent("/v1/charges" + key, k -> record(body, card));
        }
        if (card.number().equals(LATE_ANSWER)) {
            try {
                Thread.sleep(hold.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        HttpStubs.sendJson(exchange, 200, answer.toString());
    }

    private ObjectNode record(JsonNode body, Card card) {
        ObjectNode answer = MAPPER.createObjectNode().put("id", "ch_" + UUID.randomUUID().toString().replace("-", ""));
        switch (card.number()) {
            case INSUFFICIENT_FUNDS -> answer.put("status", "DECLINED").put("code", "INSUFFICIENT_FUNDS")
                    .put("message", "The card has insufficient funds");
            case DECLINED -> answer.put("status", "DECLINED").put("code", "CARD_DECLINED").put("message", "The card was declined");
            default -> answer.put("status", "SUCCEEDED").putNull("code").putNull("message");
        }
        ObjectNode recorded = answer.deepCopy();
        recorded.put("amount", body.path("amount").asText()).put("currency", body.path("currency").asText())
                .put("reference", body.path("reference").asText()).put("paymentMethod", body.path("paymentMethod").asText())
                .put("last4", card.last4());
        charges.add(recorded);
        if (card.number().equals(REFUND_DECLINED)) {
            refundsDeclined.add(answer.path("id").asText());
        }
        return answer;
    }

    private void refund(HttpExchange exchange, JsonNode body, String key) throws IOException {
        // computeIfAbsent: a replay of the key (copies arriving at once included) gets the first answer, recorded once
        ObjectNode answer = key == null ? refundNow(body) : answers.computeIfAbsent("/v1/refunds" + key, k -> refundNow(body));
        HttpStubs.sendJson(exchange, 200, answer.toString());
    }

    private ObjectNode refundNow(JsonNode body) {
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

    private static boolean luhn(String digits) {
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (twice) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0;
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
