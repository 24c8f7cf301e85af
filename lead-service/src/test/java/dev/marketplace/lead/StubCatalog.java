package dev.marketplace.lead;

import java.io.IOException;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Stands in for catalog-service's product read ({@code GET /api/marketplace/v1/products/{id}}), answering in the shape
 * of its ProductView with one edition (EditionView). Products live in JVM system properties: {@link #product}.
 * {@link #failing} makes every answer a 500.
 */
public class StubCatalog implements QuarkusTestResourceLifecycleManager {
    private static final Pattern PRODUCT = Pattern.compile("/api/marketplace/v1/products/(\\d+)");
    private static final AtomicLong IDS = new AtomicLong(System.currentTimeMillis() % 1_000_000);
    private HttpServer server;

    /** A product whose editions are lead-generation editions when {@code leadGen}, with these developers. */
    public static long product(String name, boolean leadGen, UUID... developers) {
        long id = IDS.incrementAndGet();
        StringBuilder devs = new StringBuilder();
        for (UUID d : developers) {
            devs.append(devs.length() == 0 ? "" : ",").append('"').append(d).append('"');
        }
        long now = System.currentTimeMillis();
        long edition = id * 10;
        String json = "{\"id\":" + id + ",\"uuid\":\"" + UUID.randomUUID() + "\",\"name\":\"" + name + "\",\"description\":null,"
                + "\"productType\":\"WEB_APP\",\"vendorName\":\"Vendor Inc\",\"vendorCompanyUuid\":null,\"developers\":[" + devs
                + "],\"createdOn\":" + now + ",\"lastModified\":" + now + ",\"editions\":[{\"id\":" + edition + ",\"uuid\":\""
                + UUID.randomUUID() + "\",\"rank\":0,\"name\":\"Standard\",\"primary\":true,\"trial\":null,"
                + "\"expiredTrialGracePeriod\":0,\"bundleOnly\":false,\"targetAudience\":null,\"code\":\"STD\","
                + "\"defaultFreeTrial\":false,\"invisible\":false,\"leadGen\":" + leadGen + ",\"lastModified\":" + now
                + ",\"revenueType\":\"RECURRING\",\"restricted\":false,\"freeTrialDuration\":null,\"freeTrialType\":null,"
                + "\"customerContractRestricted\":false,\"plans\":[],\"bullets\":[],\"items\":[],\"customizations\":[]}],"
                + "\"integration\":null}";
        System.setProperty("stubcatalog.product." + id, json);
        return id;
    }

    public static void failing(boolean failing) {
        System.setProperty("stubcatalog.failing", Boolean.toString(failing));
    }

    public static int requests() {
        return Integer.getInteger("stubcatalog.requests", 0);
    }

    @Override
    public Map<String, String> start() {
        server = HttpStubs.serve("/api/marketplace/v1/", this::handle);
        return Map.of("quarkus.rest-client.catalog.url", HttpStubs.url(server),
                // CatalogClientTest waits for the breaker to half-open
                "quarkus.fault-tolerance.\"catalog-idempotent\".circuit-breaker.delay", "3000");
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        System.setProperty("stubcatalog.requests", Integer.toString(requests() + 1));
        if (Boolean.getBoolean("stubcatalog.failing")) {
            HttpStubs.sendJson(exchange, 500, "{\"code\":\"INTERNAL_ERROR\",\"message\":\"The request could not be processed\"}");
            return;
        }
        Matcher m = PRODUCT.matcher(exchange.getRequestURI().getPath());
        String json = m.matches() ? System.getProperty("stubcatalog.product." + m.group(1)) : null;
        if (json == null) {
            HttpStubs.sendJson(exchange, 404, "[{\"code\":\"NOT_FOUND\",\"message\":\"Product not found\"}]");
        } else {
            HttpStubs.sendJson(exchange, 200, json);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
