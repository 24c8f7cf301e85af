package dev.marketplace.notification;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A real HTTP server standing in for catalog-service's internal product-integration lookup, the consumer secret
 * included ({@code GET /internal/v1/products/{id}/integration/with-secret}): it answers only notification's service
 * tokens (issuer marketplace-notification, ctype "service") with ROLE_SYS_ADMIN of the product's partner, like
 * catalog-service, and records the tokens it was shown.
 */
public class CatalogStubResource implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern PATH = Pattern.compile("/internal/v1/products/(\\d+)/integration/with-secret");
    private static final Map<Long, Map<String, Object>> PRODUCTS = new ConcurrentHashMap<>();
    private static final List<JsonNode> TOKENS = new CopyOnWriteArrayList<>();
    private static final Map<Long, Boolean> FAILING = new ConcurrentHashMap<>();
    private static final Map<Long, Integer> REQUESTS = new ConcurrentHashMap<>();
    private static HttpServer server;

    /** Registers a product's integration as catalog-service would return it. */
    public static void product(long productId, String partner, String consumerKey, String consumerSecret,
            Map<String, String> eventUrls) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("productId", productId);
        body.put("partner", partner);
        body.put("applicationUuid", "app-" + productId);
        body.put("consumerKey", consumerKey);
        body.put("consumerSecret", consumerSecret);
        body.put("eventUrls", eventUrls);
        body.put("interactive", false);
        body.put("name", "Product " + productId);
        body.put("vendor", "Vendor " + productId);
        PRODUCTS.put(productId, body);
    }

    /** Makes the lookups of a product fail with 500 (true) or answer again (false). */
    public static void failing(long productId, boolean failing) {
        FAILING.put(productId, failing);
    }

    /** How many lookups of a product the stub has received so far. */
    public static int requests(long productId) {
        return REQUESTS.getOrDefault(productId, 0);
    }

    /** Claims of the tokens the stub was called with. */
    public static List<JsonNode> tokens() {
        return TOKENS;
    }

    @Override
    public synchronized Map<String, String> start() {
        if (server == null) {
            try {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            server.createContext("/internal/v1/products/", CatalogStubResource::handle);
            server.start();
        }
        return Map.of("marketplace.notification.vendor.catalog-url", "http://127.0.0.1:" + server.getAddress().getPort(),
                // CatalogClientTest waits for the breaker to half-open
                "quarkus.fault-tolerance.\"catalog-idempotent\".circuit-breaker.delay", "1000");
    }

    private static void handle(HttpExchange exchange) throws IOException {
        Matcher m = PATH.matcher(exchange.getRequestURI().getPath());
        if (m.matches()) {
            REQUESTS.merge(Long.parseLong(m.group(1)), 1, Integer::sum);
        }
        JsonNode claims = claims(exchange.getRequestHeaders().getFirst("Authorization"));
        if (claims != null) {
            TOKENS.add(claims);
        }
        Map<String, Object> product = m.matches() ? PRODUCTS.get(Long.parseLong(m.group(1))) : null;
        int status;
        String body;
        if (claims == null || !"service".equals(claims.path("ctype").asText())
                || !"marketplace-notification".equals(claims.path("iss").asText())
                || !claims.path("groups").toString().contains("ROLE_SYS_ADMIN")) {
            status = 403;
            body = "{\"code\":\"FORBIDDEN\",\"message\":\"Forbidden\"}";
        } else if (m.matches() && FAILING.getOrDefault(Long.parseLong(m.group(1)), false)) {
            status = 500;
            body = "{\"code\":\"INTERNAL_ERROR\",\"message\":\"The request could not be processed\"}";
        } else if (product == null) {
            status = 404;
            body = "{\"code\":\"NOT_FOUND\",\"message\":\"unknown product\"}";
        } else if (!product.get("partner").equals(claims.path("partner").asText())) {
            status = 403;
            body = "{\"code\":\"FORBIDDEN\",\"message\":\"Forbidden\"}";
        } else {
            status = 200;
            body = MAPPER.writeValueAsString(product);
        }
        HttpStubs.sendJson(exchange, status, body);
    }

    /** The JWT's claims (its signature is the service's business; the stub checks what catalog-service checks). */
    private static JsonNode claims(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return null;
        }
        String[] parts = authorization.substring(7).split("\\.");
        if (parts.length != 3) {
            return null;
        }
        try {
            return MAPPER.readTree(Base64.getUrlDecoder().decode(parts[1]));
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void stop() {
        // shared by every test class of the module; the JVM ends it
    }
}
