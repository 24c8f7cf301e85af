package dev.marketplace.billing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A real HTTP server on loopback answering account-service's internal purchase profile the way account-service does
 * ({@code GET /internal/v1/companies/{uuid}/purchase-profile?userUuid=}): the company resource's JSON with its purchase
 * limits, and the user's membership ({@code userUuid, enabled, roles}) or null; 404 for an unknown company and for
 * another marketplace's (the same body); 403 for anything but a service token. Tests register companies and members.
 */
public class FakeAccount implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<UUID, ObjectNode> COMPANIES = new ConcurrentHashMap<>();
    private static final Map<String, ObjectNode> MEMBERS = new ConcurrentHashMap<>();
    /** How many profile requests were answered. */
    public static final AtomicInteger REQUESTS = new AtomicInteger();
    private HttpServer server;

    /** A company of {@code partner} as account-service answers it; {@code customize} sets limits, billing day, ... */
    public static ObjectNode company(String partner, UUID uuid, Consumer<ObjectNode> customize) {
        ObjectNode c = MAPPER.createObjectNode();
        c.put("uuid", uuid.toString()).put("name", "Acme").put("enabled", true).put("allowLogin", true).putNull("idpUuid");
        c.putObject("address").put("street1", "1 Main").putNull("street2").put("city", "Lyon").putNull("state").putNull("zip")
                .put("country", "FR");
        c.putNull("companySize").put("creationDate", System.currentTimeMillis()).put("lastModified", System.currentTimeMillis())
                .putNull("industry").put("emailAddress", "billing@acme.example").putNull("website").putNull("picture")
                .put("vendor", false).put("reseller", false).put("channelAdmin", false).put("referral", false)
                .putNull("externalId").putNull("phoneNumber").putNull("defaultRole").put("countryCode", "FR")
                .putNull("billingDayOfMonth").put("onlyAdminsCanBuy", false).put("importAppsEnabled", false)
                .putNull("thirtyDaysPurchaseLimit").putNull("thirtyDaysPurchaseRemainingAmt")
                .put("thirtyDaysPurchaseLimitExempt", false).putNull("thirtyDaysPurchaseLimitOverrideAmt")
                .put("dailyPurchaseLimitExempt", false).putNull("dailyPurchaseLimitOverrideAmt");
        c.putArray("links").addObject().put("rel", "self").put("href", "http://localhost/api/account/v2/companies/" + uuid);
        c.put("_partner", partner);
        customize.accept(c);
        COMPANIES.put(uuid, c);
        return c;
    }

    /** A member of the company with these roles (ROLE_USER when none). */
    public static void member(UUID company, UUID user, boolean enabled, String... roles) {
        ObjectNode m = MAPPER.createObjectNode().put("userUuid", user.toString()).put("enabled", enabled);
        var list = m.putArray("roles");
        for (String role : roles.length == 0 ? new String[] { "ROLE_USER" } : roles) {
            list.add(role);
        }
        MEMBERS.put(company + "/" + user, m);
    }

    /** The usual buyer: a company of {@code partner} (registered once) and an enabled ROLE_USER member. */
    public static synchronized void buyer(String partner, UUID company, UUID user) {
        if (!COMPANIES.containsKey(company)) {
            company(partner, company, x -> {
            });
        }
        if (!MEMBERS.containsKey(company + "/" + user)) {
            member(company, user, true);
        }
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/v1/companies/", this::handle);
        server.start();
        return Map.of("marketplace.billing.account.url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        REQUESTS.incrementAndGet();
        String[] parts = exchange.getRequestURI().getPath().split("/");
        JsonNode claims = FakeCatalog.claims(exchange.getRequestHeaders().getFirst("Authorization"));
        if (claims == null || !"service".equals(claims.path("ctype").asText())
                || !claims.path("groups").toString().contains("ROLE_SYS_ADMIN")) {
            HttpStubs.sendJson(exchange, 403, "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}");
            return;
        }
        if (parts.length != 6 || !"purchase-profile".equals(parts[5])) {
            HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"No resource at this path\"}");
            return;
        }
        ObjectNode company;
        try {
            company = COMPANIES.get(UUID.fromString(parts[4]));
        } catch (IllegalArgumentException e) {
            HttpStubs.sendJson(exchange, 400, "{\"code\":\"INVALID_FIELD\",\"message\":\"companyUuid: must be a UUID\"}");
            return;
        }
        // another marketplace's company is as unknown as a missing one, as account-service answers it
        if (company == null || !company.path("_partner").asText().equals(claims.path("partner").asText())) {
            HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"Company " + parts[4] + " was not found\"}");
            return;
        }
        String query = exchange.getRequestURI().getQuery();
        String user = query == null ? null : List.of(query.split("&")).stream().filter(p -> p.startsWith("userUuid="))
                .map(p -> p.substring("userUuid=".length())).findFirst().orElse(null);
        ObjectNode answer = MAPPER.createObjectNode();
        ObjectNode view = company.deepCopy();
        view.remove("_partner");
        answer.set("company", view);
        ObjectNode member = user == null ? null : MEMBERS.get(parts[4] + "/" + user);
        if (member == null) {
            answer.putNull("member");
        } else {
            answer.set("member", member);
        }
        HttpStubs.sendJson(exchange, 200, answer.toString());
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
