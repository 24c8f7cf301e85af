package dev.marketplace.billing.client.stripe;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;

/**
 * A stand-in for Stripe's API on loopback, answering in Stripe's documented wire format, so that the SDK's real requests
 * are exercised: form-encoded requests ({@code metadata[reference]=...}), JSON answers whose objects carry their
 * {@code object} field, errors as {@code {"error": {"type", "code", "decline_code", "message"}}} with Stripe's statuses
 * (400 invalid request, 401 bad key, 402 card error, 404 unknown object, 409 key in use, 429, 500), and
 * {@code Idempotency-Key} honoured as Stripe documents it: the first answer of a key that ran (200, 402, 500) is saved and
 * replayed to every later request with that key; the same key with other parameters is a 400 {@code idempotency_error};
 * a key still in progress is a 409 {@code idempotency_error}; refused requests (401, 400 validation, 429) are not saved.
 * <p>
 * Endpoints: customers (create), payment_methods (create from a card token, retrieve, attach, detach), payment_intents
 * (create confirmed off-session, retrieve, search on metadata, list by customer), refunds (create). Stripe's test
 * payment methods: {@code pm_card_visa}, {@code pm_card_mastercard} (approved), {@code pm_card_chargeDeclined}
 * ({@code generic_decline}), {@code pm_card_chargeDeclinedInsufficientFunds} ({@code insufficient_funds}),
 * {@code pm_card_authenticationRequired} (off-session: {@code authentication_required}), {@code pm_card_refundFail}
 * (approved; its refund fails — at once here, where Stripe answers {@code pending} first); the card token
 * {@code tok_visa}. Attaching a {@code pm_card_*} makes a new {@code pm_} attached to the customer, as Stripe does.
 * <p>
 * Faults are queued per route ({@code "POST /v1/payment_intents"}): {@link Fault#SERVER_ERROR} (500, nothing done),
 * {@link Fault#RATE_LIMITED} (429, nothing done), {@link Fault#HOLD} (done, but the request stays in progress
 * {@link #holdMillis} — past the caller's timeout — before its answer is saved and sent), {@link Fault#LOSE_ANSWER}
 * (done and saved, the connection dropped without an answer). Every request is recorded.
 */
public final class StripeLoopback implements AutoCloseable {
    public enum Fault {
        SERVER_ERROR, RATE_LIMITED, HOLD, LOSE_ANSWER
    }

    /** A request as it arrived: its headers (lowercase names) and form parameters. */
    public record Request(String method, String path, String query, Map<String, String> headers, Map<String, String> form) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String route() {
            return method + " " + path;
        }
    }

    private record Answer(int status, String body) {
    }

    private record Saved(Map<String, String> form, Answer answer) {
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Set<String> THREE_DECIMAL = Set.of("bhd", "jod", "kwd", "omr", "tnd");
    private static final Pattern SEARCH_CLAUSE = Pattern.compile("metadata\\['([^']+)'\\]:'((?:[^'\\\\]|\\\\.)*)'");

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8);
    private final String apiKey;
    private final AtomicLong ids = new AtomicLong(1000);
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<String, Deque<Fault>> faults = new ConcurrentHashMap<>();
    private final Map<String, Saved> idempotent = new ConcurrentHashMap<>();
    private final Set<String> inProgress = ConcurrentHashMap.newKeySet();
    private final Map<String, ObjectNode> customers = new ConcurrentHashMap<>();
    private final Map<String, ObjectNode> methods = new ConcurrentHashMap<>();
    /** What a payment method does when charged or refunded, by its id. */
    private final Map<String, String> behaviour = new ConcurrentHashMap<>();
    private final Map<String, ObjectNode> intents = new ConcurrentHashMap<>();
    private final Map<String, Long> refunded = new ConcurrentHashMap<>();
    /** Methods detached from their customer: Stripe refuses to use them again. */
    private final Set<String> detached = ConcurrentHashMap.newKeySet();
    private volatile long holdMillis = 1500;

    private StripeLoopback(String apiKey) throws IOException {
        this.apiKey = apiKey;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(executor);
        server.createContext("/v1/", this::handle);
        server.start();
        card("pm_card_visa", "visa", "4242", "ok");
        card("pm_card_mastercard", "mastercard", "4444", "ok");
        card("pm_card_chargeDeclined", "visa", "0002", "declined");
        card("pm_card_chargeDeclinedInsufficientFunds", "visa", "9995", "insufficient_funds");
        card("pm_card_authenticationRequired", "visa", "3184", "authentication_required");
        card("pm_card_refundFail", "visa", "5126", "refund_fails");
    }

    /** Starts on a free loopback port; requests must carry {@code Authorization: Bearer <apiKey>}. */
    public static StripeLoopback start(String apiKey) {
        try {
            return new StripeLoopback(apiKey);
        } catch (IOException e) {
            throw new IllegalStateException("the Stripe loopback did not start", e);
        }
    }

    public String url() {
        return HttpStubs.url(server);
    }

    /** The next {@code times} requests of {@code route} ("POST /v1/payment_intents") meet {@code fault}. */
    public void failNext(String route, Fault fault, int times) {
        Deque<Fault> queue = faults.computeIfAbsent(route, r -> new ConcurrentLinkedDeque<>());
        for (int i = 0; i < times; i++) {
            queue.add(fault);
        }
    }

    public void holdMillis(long millis) {
        this.holdMillis = millis;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    public List<Request> requests(String route) {
        return requests.stream().filter(r -> r.route().equals(route)).toList();
    }

    /** PaymentIntents made with this idempotency key (our metadata), whatever their status: the charges tried. */
    public List<ObjectNode> intentsFor(String idempotencyKey) {
        return intents.values().stream()
                .filter(pi -> idempotencyKey.equals(pi.path("metadata").path("idempotency_key").asText(null))).toList();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void card(String id, String brand, String last4, String does) {
        methods.put(id, method(id, brand, last4));
        behaviour.put(id, does);
    }

    private static ObjectNode method(String id, String brand, String last4) {
        ObjectNode method = MAPPER.createObjectNode().put("id", id).put("object", "payment_method").put("type", "card");
        method.putObject("card").put("brand", brand).put("last4", last4).put("exp_month", 12).put("exp_year", 2034)
                .put("country", "US").put("funding", "credit");
        method.putNull("customer");
        method.put("livemode", false).put("created", System.currentTimeMillis() / 1000);
        method.putObject("metadata");
        return method;
    }

    private String id(String prefix) {
        return prefix + "_" + Long.toString(ids.incrementAndGet(), 36) + "Lb" + Long.toHexString(System.nanoTime() & 0xffffff);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getRawQuery();
        Map<String, String> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
        String body;
        try (InputStream in = exchange.getRequestBody()) {
            body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, String> form = decode("GET".equals(method) ? query : body);
        Request request = new Request(method, path, query, headers, form);
        requests.add(request);
        try {
            if (!("Bearer " + apiKey).equals(request.header("Authorization"))) {
                send(exchange, error(401, "invalid_request_error", null, null, "Invalid API Key provided"));
                return;
            }
            Deque<Fault> queue = faults.get(request.route());
            Fault fault = queue == null ? null : queue.poll();
            if (fault == Fault.RATE_LIMITED) {
                send(exchange, error(429, "invalid_request_error", "rate_limit", null, "Too many requests hit the API too quickly."));
                return;
            }
            String key = "POST".equals(method) ? request.header("Idempotency-Key") : null;
            if (key != null) {
                Saved saved = idempotent.get(key);
                if (saved != null) {
                    if (!saved.form().equals(form)) {
                        send(exchange, error(400, "idempotency_error", null, null, "Keys for idempotent requests can only be "
                                + "used with the same parameters they were first used with."));
                        return;
                    }
                    if (fault == Fault.LOSE_ANSWER) {
                        exchange.close(); // a replay can be lost too
                        return;
                    }
                    exchange.getResponseHeaders().add("Idempotent-Replayed", "true");
                    send(exchange, saved.answer());
                    return;
                }
                if (!inProgress.add(key)) {
                    send(exchange, error(409, "idempotency_error", null, null,
                            "There is currently another in-progress request using this Idempotent Key."));
                    return;
                }
            }
            try {
                Answer answer = fault == Fault.SERVER_ERROR
                        ? error(500, "api_error", null, null, "An unknown error occurred")
                        : route(request);
                if (fault == Fault.HOLD) {
                    sleep(holdMillis); // still in progress: the same key meanwhile is a 409
                }
                boolean ran = answer.status() == 200 || answer.status() == 402 || answer.status() == 500;
                if (key != null && ran) {
                    idempotent.put(key, new Saved(form, answer));
                }
                if (fault == Fault.LOSE_ANSWER) {
                    exchange.close(); // no status line: the caller sees the connection drop
                    return;
                }
                send(exchange, answer);
            } finally {
                if (key != null) {
                    inProgress.remove(key);
                }
            }
        } catch (RuntimeException e) {
            send(exchange, error(400, "invalid_request_error", "parameter_invalid", null, "Invalid request: " + e.getMessage()));
        }
    }

    private Answer route(Request request) {
        String[] parts = request.path().substring(1).split("/");
        String method = request.method();
        Map<String, String> form = request.form();
        // parts[0] is "v1"
        String resource = parts.length > 1 ? parts[1] : "";
        return switch (resource) {
            case "customers" -> "POST".equals(method) && parts.length == 2 ? createCustomer(form) : notFound("customer");
            case "payment_methods" -> paymentMethods(method, parts, form);
            case "payment_intents" -> paymentIntents(method, parts, form);
            case "refunds" -> "POST".equals(method) && parts.length == 2 ? refund(form) : notFound("refund");
            default -> notFound(resource);
        };
    }

    private Answer createCustomer(Map<String, String> form) {
        ObjectNode customer = MAPPER.createObjectNode().put("id", id("cus")).put("object", "customer")
                .put("livemode", false).put("created", System.currentTimeMillis() / 1000);
        ObjectNode metadata = customer.putObject("metadata");
        metadata(form).forEach(metadata::put);
        customers.put(customer.get("id").asText(), customer);
        return ok(customer);
    }

    private Answer paymentMethods(String verb, String[] parts, Map<String, String> form) {
        if (parts.length == 2 && "POST".equals(verb)) {
            String token = form.get("card[token]");
            if (!"card".equals(form.get("type")) || !"tok_visa".equals(token)) {
                return error(400, "invalid_request_error", "resource_missing", null, "No such token: '" + token + "'");
            }
            String id = id("pm");
            methods.put(id, method(id, "visa", "4242"));
            behaviour.put(id, "ok");
            return ok(methods.get(id));
        }
        if (parts.length < 3) {
            return notFound("payment_method");
        }
        ObjectNode found = methods.get(parts[2]);
        if (found == null) {
            return error(404, "invalid_request_error", "resource_missing", null, "No such PaymentMethod: '" + parts[2] + "'");
        }
        if (parts.length == 3 && "GET".equals(verb)) {
            return ok(found);
        }
        String action = parts.length == 4 ? parts[3] : "";
        if ("attach".equals(action)) {
            String customer = form.get("customer");
            if (customer == null || !customers.containsKey(customer)) {
                return error(404, "invalid_request_error", "resource_missing", null, "No such customer: '" + customer + "'");
            }
            ObjectNode method = found;
            if (parts[2].startsWith("pm_card_")) {
                // a test method is copied into a new one, as Stripe does
                String id = id("pm");
                method = found.deepCopy().put("id", id);
                methods.put(id, method);
                behaviour.put(id, behaviour.get(parts[2]));
            } else if (!method.path("customer").isNull()) {
                return error(400, "invalid_request_error", "payment_method_unexpected_state", null,
                        "The payment method you provided has already been attached to a customer.");
            }
            method.put("customer", customer);
            return ok(method);
        }
        if ("detach".equals(action)) {
            if (found.path("customer").isNull()) {
                return error(400, "invalid_request_error", "payment_method_unexpected_state", null,
                        "The payment method you provided is not attached to a customer so detachment is impossible.");
            }
            found.putNull("customer");
            detached.add(parts[2]);
            return ok(found);
        }
        return notFound("payment_method");
    }

    private Answer paymentIntents(String verb, String[] parts, Map<String, String> form) {
        if (parts.length == 2 && "POST".equals(verb)) {
            return createIntent(form);
        }
        if (parts.length == 2 && "GET".equals(verb)) {
            String customer = form.get("customer");
            return ok(list("list", "/v1/payment_intents", intents.values().stream()
                    .filter(pi -> customer == null || customer.equals(pi.path("customer").asText(null))).toList()));
        }
        if (parts.length == 3 && "search".equals(parts[2]) && "GET".equals(verb)) {
            Map<String, String> wanted = new LinkedHashMap<>();
            String query = form.getOrDefault("query", "");
            for (String clause : query.split(" AND ")) {
                Matcher m = SEARCH_CLAUSE.matcher(clause.trim());
                if (!m.matches()) {
                    return error(400, "invalid_request_error", "parameter_invalid", null, "Invalid search query");
                }
                wanted.put(m.group(1), m.group(2).replace("\\'", "'").replace("\\\\", "\\"));
            }
            return ok(list("search_result", "/v1/payment_intents/search", intents.values().stream()
                    .filter(pi -> wanted.entrySet().stream().allMatch(
                            w -> w.getValue().equals(pi.path("metadata").path(w.getKey()).asText(null))))
                    .toList()));
        }
        if (parts.length == 3 && "GET".equals(verb)) {
            ObjectNode intent = intents.get(parts[2]);
            return intent == null ? error(404, "invalid_request_error", "resource_missing", null,
                    "No such payment_intent: '" + parts[2] + "'") : ok(intent);
        }
        return notFound("payment_intent");
    }

    private Answer createIntent(Map<String, String> form) {
        long amount;
        try {
            amount = Long.parseLong(form.getOrDefault("amount", ""));
        } catch (NumberFormatException e) {
            return error(400, "invalid_request_error", "parameter_invalid_integer", null, "Invalid integer: amount");
        }
        String currency = form.getOrDefault("currency", "");
        if (amount < 1 || !currency.matches("[a-z]{3}")) {
            return error(400, "invalid_request_error", "parameter_invalid", null, "Invalid amount or currency");
        }
        if (THREE_DECIMAL.contains(currency) && amount % 10 != 0) {
            return error(400, "invalid_request_error", "amount_invalid", null,
                    "Amounts in " + currency + " must have 0 as their last digit");
        }
        String methodId = form.get("payment_method");
        ObjectNode method = methodId == null ? null : methods.get(methodId);
        if (method == null) {
            return error(400, "invalid_request_error", "resource_missing", null, "No such PaymentMethod: '" + methodId + "'");
        }
        if (detached.contains(methodId)) {
            return error(400, "invalid_request_error", "payment_method_unexpected_state", null, "This PaymentMethod was "
                    + "previously used without being attached to a Customer or was detached from a Customer, and may not "
                    + "be used again.");
        }
        String owner = method.path("customer").asText(null);
        if (owner != null && !owner.equals(form.get("customer"))) {
            return error(400, "invalid_request_error", "parameter_invalid", null,
                    "The provided PaymentMethod belongs to another customer");
        }
        ObjectNode intent = MAPPER.createObjectNode().put("id", id("pi")).put("object", "payment_intent")
                .put("amount", amount).put("currency", currency).put("customer", form.get("customer"))
                .put("payment_method", methodId).put("confirmation_method", "automatic").put("capture_method", "automatic")
                .put("livemode", false).put("created", System.currentTimeMillis() / 1000);
        intent.putNull("cancellation_reason");
        ObjectNode metadata = intent.putObject("metadata");
        metadata(form).forEach(metadata::put);
        intent.putArray("payment_method_types").add("card");
        String does = behaviour.getOrDefault(methodId, "ok");
        boolean confirm = "true".equals(form.get("confirm"));
        if (!confirm) {
            intent.put("status", "requires_confirmation").putNull("last_payment_error");
            intents.put(intent.get("id").asText(), intent);
            return ok(intent);
        }
        return switch (does) {
            case "declined", "insufficient_funds", "authentication_required" -> {
                String code = "authentication_required".equals(does) ? "authentication_required" : "card_declined";
                String decline = switch (does) {
                    case "insufficient_funds" -> "insufficient_funds";
                    case "authentication_required" -> "authentication_required";
                    default -> "generic_decline";
                };
                String message = switch (does) {
                    case "insufficient_funds" -> "Your card has insufficient funds.";
                    case "authentication_required" -> "Your card was declined. This transaction requires authentication.";
                    default -> "Your card was declined.";
                };
                intent.put("status", "requires_payment_method");
                ObjectNode last = intent.putObject("last_payment_error").put("type", "card_error").put("code", code)
                        .put("decline_code", decline).put("message", message);
                last.set("payment_method", method.deepCopy());
                intents.put(intent.get("id").asText(), intent);
                ObjectNode error = MAPPER.createObjectNode();
                error.putObject("error").put("type", "card_error").put("code", code).put("decline_code", decline)
                        .put("message", message).put("charge", id("ch")).set("payment_intent", intent.deepCopy());
                yield new Answer(402, error.toString());
            }
            default -> {
                intent.put("status", "succeeded").putNull("last_payment_error").put("latest_charge", id("ch"));
                intents.put(intent.get("id").asText(), intent);
                yield ok(intent);
            }
        };
    }

    private Answer refund(Map<String, String> form) {
        String intentId = form.get("payment_intent");
        ObjectNode intent = intentId == null ? null : intents.get(intentId);
        if (intent == null) {
            return error(404, "invalid_request_error", "resource_missing", null, "No such payment_intent: '" + intentId + "'");
        }
        if (!"succeeded".equals(intent.path("status").asText())) {
            return error(400, "invalid_request_error", "charge_not_refundable", null,
                    "This PaymentIntent does not have a successful charge to refund.");
        }
        long total = intent.path("amount").asLong();
        long done = refunded.getOrDefault(intentId, 0L);
        if (done >= total) {
            return error(400, "invalid_request_error", "charge_already_refunded", null,
                    "Charge " + intent.path("latest_charge").asText() + " has already been refunded.");
        }
        long amount = form.containsKey("amount") ? Long.parseLong(form.get("amount")) : total - done;
        if (amount > total - done) {
            return error(400, "invalid_request_error", "amount_too_large", null,
                    "Refund amount is greater than unrefunded amount on charge");
        }
        ObjectNode refund = MAPPER.createObjectNode().put("id", id("re")).put("object", "refund").put("amount", amount)
                .put("currency", intent.path("currency").asText()).put("payment_intent", intentId)
                .put("charge", intent.path("latest_charge").asText()).put("created", System.currentTimeMillis() / 1000);
        ObjectNode metadata = refund.putObject("metadata");
        metadata(form).forEach(metadata::put);
        if ("refund_fails".equals(behaviour.get(intent.path("payment_method").asText()))) {
            refund.put("status", "failed").put("failure_reason", "expired_or_canceled_card");
        } else {
            refund.put("status", "succeeded").putNull("failure_reason");
            refunded.merge(intentId, amount, Long::sum);
        }
        return ok(refund);
    }

    private static ObjectNode list(String object, String url, List<ObjectNode> data) {
        ObjectNode list = MAPPER.createObjectNode().put("object", object).put("url", url).put("has_more", false);
        list.putNull("next_page");
        var array = list.putArray("data");
        data.forEach(array::add);
        return list;
    }

    private static Map<String, String> metadata(Map<String, String> form) {
        Map<String, String> metadata = new LinkedHashMap<>();
        form.forEach((name, value) -> {
            if (name.startsWith("metadata[") && name.endsWith("]")) {
                metadata.put(name.substring("metadata[".length(), name.length() - 1), value);
            }
        });
        return metadata;
    }

    private static Answer ok(ObjectNode object) {
        return new Answer(200, object.toString());
    }

    private static Answer notFound(String what) {
        return error(404, "invalid_request_error", "resource_missing", null, "Unrecognized request URL for " + what);
    }

    private static Answer error(int status, String type, String code, String declineCode, String message) {
        ObjectNode body = MAPPER.createObjectNode();
        ObjectNode error = body.putObject("error").put("type", type).put("message", message);
        if (code != null) {
            error.put("code", code);
        }
        if (declineCode != null) {
            error.put("decline_code", declineCode);
        }
        return new Answer(status, body.toString());
    }

    private static void send(HttpExchange exchange, Answer answer) throws IOException {
        exchange.getResponseHeaders().add("Request-Id", "req_loopback" + System.nanoTime());
        HttpStubs.sendJson(exchange, answer.status(), answer.body());
    }

    private static Map<String, String> decode(String encoded) {
        Map<String, String> form = new LinkedHashMap<>();
        if (encoded == null || encoded.isEmpty()) {
            return form;
        }
        for (String pair : encoded.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            form.put(name, value);
        }
        return form;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
