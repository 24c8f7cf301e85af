package dev.marketplace.billing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.math.BigDecimal;
import java.net.URI;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A real HTTP server on loopback answering catalog-service the way it does: the internal product integration (billing's
 * service token of the product's partner, else 403; never with the secret), the URL signing of
 * {@code POST /internal/v1/products/{id}/signed-urls} ({@code {"method","url"}} → {@code {"url"}}) and the edition read.
 * Tests register products.
 */
public class FakeCatalog implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final AtomicLong IDS = new AtomicLong(1000);
    private static final Map<Long, ObjectNode> INTEGRATIONS = new ConcurrentHashMap<>();
    private static final Map<String, ObjectNode> EDITIONS = new ConcurrentHashMap<>();
    /** Every (path, decoded token claims) seen. */
    public static final List<Map.Entry<String, JsonNode>> CALLS = new CopyOnWriteArrayList<>();
    /** Every request line seen: method, path and query. */
    public static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
    /** A product id whose catalogue calls (reads and signing) fail with 500, as a broken catalog-service would. */
    public static final long BROKEN = 999_999_999L;
    private HttpServer server;

    public record Product(long id, long editionId, long monthlyPlanId, long yearlyPlanId, long otherEditionId,
            String consumerKey, String consumerSecret, String applicationUuid) {
    }

    /**
     * A product of {@code partner} with editions BASIC (monthly and yearly plans: USER 1..10 at 10 USD or 9.50 EUR, and
     * API_CALLS metered at 0.002 USD) and PREMIUM (one monthly plan, the same prices).
     */
    public static Product register(String partner, boolean interactive, boolean withOrderUrl) {
        return register(partner, interactive, withOrderUrl, Map.of("USD", new BigDecimal("10"), "EUR", new BigDecimal("9.5")));
    }

    /** The same product with a USER priced at {@code userPrices} (currency → amount) in every plan. */
    public static Product register(String partner, boolean interactive, boolean withOrderUrl, Map<String, BigDecimal> userPrices) {
        long id = IDS.incrementAndGet();
        long edition = IDS.incrementAndGet();
        long monthly = IDS.incrementAndGet();
        long yearly = IDS.incrementAndGet();
        long premium = IDS.incrementAndGet();
        long premiumPlan = IDS.incrementAndGet();
        String key = "vendor-" + id;
        String secret = "secret-" + id;
        String uuid = java.util.UUID.randomUUID().toString();
        ObjectNode integration = MAPPER.createObjectNode().put("productId", id).put("partner", partner)
                .put("applicationUuid", uuid).put("consumerKey", key).put("consumerSecret", secret)
                .put("interactive", interactive).put("name", "Task Pro " + id).put("vendor", "Tasky Inc");
        ObjectNode urls = integration.putObject("eventUrls");
        if (withOrderUrl) {
            urls.put("SUBSCRIPTION_ORDER", "https://vendor.example/create?eventUrl={eventUrl}");
        }
        urls.put("SUBSCRIPTION_CANCEL", "https://vendor.example/cancel?eventUrl={eventUrl}");
        INTEGRATIONS.put(id, integration);
        EDITIONS.put(id + "/" + edition, edition(edition, "BASIC", List.of(plan(monthly, "MONTHLY", false, userPrices),
                plan(yearly, "YEARLY", true, userPrices))));
        EDITIONS.put(id + "/" + premium, edition(premium, "PREMIUM", List.of(plan(premiumPlan, "MONTHLY", true, userPrices))));
        return new Product(id, edition, monthly, yearly, premium, key, secret, uuid);
    }

    /** A product whose editions (BASIC, PREMIUM, as {@link #register}) are add-ons of {@code parentProductId}. */
    public static Product registerAddon(String partner, long parentProductId) {
        Product addon = register(partner, false, true);
        EDITIONS.get(addon.id() + "/" + addon.editionId()).put("parentProductId", parentProductId);
        EDITIONS.get(addon.id() + "/" + addon.otherEditionId()).put("parentProductId", parentProductId);
        return addon;
    }

    /** Makes one edition of a registered product an add-on of {@code parentProductId} (null: an ordinary edition). */
    public static void addonOf(Product product, long editionId, Long parentProductId) {
        ObjectNode edition = EDITIONS.get(product.id() + "/" + editionId);
        if (parentProductId == null) {
            edition.remove("parentProductId");
        } else {
            edition.put("parentProductId", parentProductId);
        }
    }

    private static ObjectNode edition(long id, String code, List<ObjectNode> plans) {
        ObjectNode e = MAPPER.createObjectNode().put("id", id).put("uuid", java.util.UUID.randomUUID().toString())
                .put("code", code).put("name", "Edition " + code);
        e.putArray("plans").addAll(plans);
        return e;
    }

    private static ObjectNode plan(long id, String frequency, boolean primary, Map<String, BigDecimal> userPrices) {
        ObjectNode p = MAPPER.createObjectNode().put("id", id).put("uuid", java.util.UUID.randomUUID().toString())
                .put("frequency", frequency).put("primaryPrice", primary);
        var costs = p.putArray("costs");
        ObjectNode amounts = costs.addObject().put("unit", "USER").put("minUnits", 1).put("maxUnits", 10)
                .put("meteredUsage", false).putObject("amount");
        userPrices.forEach(amounts::put);
        // billed by usage reported by the vendor, never ordered as an item
        costs.addObject().put("unit", "API_CALLS").put("minUnits", 0).put("meteredUsage", true)
                .putObject("amount").put("USD", 0.002);
        return p;
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::handle);
        server.start();
        return Map.of("marketplace.billing.catalog.url", "http://127.0.0.1:" + server.getAddress().getPort(),
                // CatalogClientTest waits for the breaker to half-open
                "quarkus.fault-tolerance.\"catalog-idempotent\".circuit-breaker.delay", "2000");
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String query = exchange.getRequestURI().getRawQuery();
        JsonNode claims = claims(exchange.getRequestHeaders().getFirst("Authorization"));
        CALLS.add(Map.entry(path, claims));
        REQUESTS.add(exchange.getRequestMethod() + " " + path + (query == null ? "" : "?" + query));
        String partner = claims == null ? null : claims.path("partner").asText(null);
        String[] parts = path.split("/");
        try {
            if (path.contains("/" + BROKEN + "/")) {
                send(exchange, 500, "{\"code\":\"INTERNAL_ERROR\"}");
                return;
            }
            if (path.startsWith("/internal/v1/products/")) {
                ObjectNode integration = INTEGRATIONS.get(Long.parseLong(parts[4]));
                if (claims == null || !"service".equals(claims.path("ctype").asText())
                        || !"marketplace-billing".equals(claims.path("iss").asText())
                        || !claims.path("groups").toString().contains("ROLE_SYS_ADMIN")) {
                    send(exchange, 403, "{\"code\":\"FORBIDDEN\"}");
                } else if (integration == null) {
                    send(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
                } else if (!integration.path("partner").asText().equals(partner)) {
                    send(exchange, 403, "{\"code\":\"FORBIDDEN\"}");
                } else if (path.endsWith("/integration") && "GET".equals(exchange.getRequestMethod())) {
                    // catalog never gives billing the secret (it is notification's, at .../integration/with-secret)
                    ObjectNode answer = integration.deepCopy();
                    answer.remove("consumerSecret");
                    send(exchange, 200, answer.toString());
                } else if (path.endsWith("/signed-urls") && "POST".equals(exchange.getRequestMethod())) {
                    JsonNode body = MAPPER.readTree(exchange.getRequestBody());
                    String signed = new OAuthSigner(integration.path("consumerKey").asText(),
                            integration.path("consumerSecret").asText())
                            .signedUri(body.path("method").asText(), URI.create(body.path("url").asText())).toString();
                    send(exchange, 200, MAPPER.createObjectNode().put("url", signed).toString());
                } else {
                    send(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
                }
                return;
            }
            if (path.startsWith("/api/marketplace/v1/products/") && parts.length == 8 && "editions".equals(parts[6])) {
                ObjectNode integration = INTEGRATIONS.get(Long.parseLong(parts[5]));
                ObjectNode edition = EDITIONS.get(parts[5] + "/" + parts[7]);
                if (integration != null && !integration.path("partner").asText().equals(partner)) {
                    send(exchange, 403, "{\"code\":\"FORBIDDEN\"}");
                } else if (edition == null) {
                    send(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
                } else {
                    send(exchange, 200, edition.toString());
                }
                return;
            }
            send(exchange, 404, "{\"code\":\"NOT_FOUND\"}");
        } catch (NumberFormatException e) {
            send(exchange, 400, "{\"code\":\"INVALID_FIELD\"}");
        }
    }

    /** The claims of an internal token (unverified: the stand-ins only read who the caller says it is). */
    static JsonNode claims(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return null;
        }
        String[] jwt = authorization.substring(7).split("\\.");
        try {
            return MAPPER.readTree(Base64.getUrlDecoder().decode(jwt[1]));
        } catch (Exception e) {
            return null;
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        HttpStubs.sendJson(exchange, status, body);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
