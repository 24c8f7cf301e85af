package dev.marketplace.catalog;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Loopback stand-ins for account-service and billing-service, answering the shapes those services' resources produce:
 * account's company ({@code CompanyView}) and membership ({@code MembershipView}), billing's subscriptions
 * ({@code SubscriptionView}) and assignments ({@code AssignmentView}), and the exchange-rate list and discount list of
 * the AppDirect reference that billing implements ({@code {links, content, page}} and a plain array). Answers live in
 * JVM system properties so that a test, whatever its class loader, sets them; every request is counted and its
 * {@code Authorization} kept per path prefix.
 */
public class StandIns implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern COMPANY = Pattern.compile("/api/account/v2/companies/([^/]+)");
    private static final Pattern MEMBERSHIP = Pattern.compile("/api/account/v2/companies/([^/]+)/memberships/([^/]+)");
    private static final Pattern SUBSCRIPTIONS = Pattern.compile("/api/billing/v1/companies/([^/]+)/users/([^/]+)/subscriptions");
    private static final Pattern ASSIGNMENTS = Pattern.compile("/api/billing/v1/subscriptions/([^/]+)/assignments");
    private HttpServer server;

    // ---- what tests set

    /** A company of {@code partner} as account-service answers it (404 to callers of another marketplace). */
    public static void company(String partner, String uuid, String name, boolean enabled, boolean channelAdmin, boolean reseller) {
        System.setProperty("standin.companyPartner." + uuid, partner);
        ObjectNode c = JSON.createObjectNode();
        c.put("uuid", uuid).put("name", name).put("enabled", enabled).put("allowLogin", true).putNull("idpUuid")
                .putNull("address").putNull("companySize").put("creationDate", 1700000000000L)
                .put("lastModified", 1700000000000L).putNull("industry").putNull("emailAddress").putNull("website")
                .putNull("picture").put("vendor", false).put("reseller", reseller).put("channelAdmin", channelAdmin)
                .put("referral", false).putNull("externalId").putNull("phoneNumber").put("defaultRole", "USER")
                .put("countryCode", "US").putNull("billingDayOfMonth").put("onlyAdminsCanBuy", false)
                .put("importAppsEnabled", false);
        c.putArray("links").addObject().put("rel", "self").put("href", "http://account/api/account/v2/companies/" + uuid);
        System.setProperty("standin.company." + uuid, c.toString());
    }

    /** A membership as account-service answers it (includeCompanies=false). */
    public static void membership(String company, String user, boolean enabled, String... roles) {
        ObjectNode m = JSON.createObjectNode();
        ObjectNode u = m.putObject("user");
        u.put("uuid", user).put("email", user.substring(0, 8) + "@example.com").put("userName", user.substring(0, 8))
                .put("firstName", "Ann").put("lastName", "Lee").putNull("picture").put("activated", true).put("allowLogin", true)
                .put("status", "ACTIVE").put("creationDate", 1700000000000L).put("lastModified", 1700000000000L)
                .putNull("externalId").putNull("idpUuid").put("locale", "en_US").putNull("position");
        u.putArray("roles").add("ROLE_USER");
        u.putArray("links");
        m.put("enabled", enabled).put("lastUsed", false);
        ArrayNode r = m.putArray("roles");
        for (String role : roles) {
            r.add(role);
        }
        m.put("status", "ACTIVE").putNull("position").put("createdOn", 1700000000000L);
        m.putArray("links");
        System.setProperty("standin.membership." + company + "." + user, m.toString());
    }

    /** account-service refuses the caller (403) for this company. */
    public static void forbidden(String company) {
        System.setProperty("standin.forbidden." + company, "true");
    }

    /** The whole stand-in answers 500 (true) or as set (false). */
    public static void failing(String service, boolean failing) {
        System.setProperty("standin.fail." + service, Boolean.toString(failing));
    }

    /** An exchange rate of a marketplace, as billing answers it in its list. */
    public static void rate(String partner, String base, String counter, String rate, boolean active) {
        String key = "standin.rates." + partner;
        ArrayNode rates = array(System.getProperty(key));
        ObjectNode r = rates.insertObject(0);
        r.put("baseCurrency", base).put("counterCurrency", counter).put("rate", new java.math.BigDecimal(rate))
                .put("validFrom", System.currentTimeMillis()).put("active", active).put("authenticationType", "OAUTH")
                .put("oauthKey", "marketplace-admin").putNull("userId")
                .put("currencyExchangeRateUuid", java.util.UUID.randomUUID().toString());
        System.setProperty(key, rates.toString());
    }

    /** Discounts of a marketplace: {@code body} is the whole answer (a JSON array, or an envelope). */
    public static void discounts(String partner, String body) {
        System.setProperty("standin.discounts." + partner, body);
    }

    /** Subscriptions a user bought in a company: a JSON array of billing's SubscriptionView. */
    public static void subscriptions(String company, String user, String body) {
        System.setProperty("standin.subscriptions." + company + "." + user, body);
    }

    public static void assignments(String subscription, String body) {
        System.setProperty("standin.assignments." + subscription, body);
    }

    /** Requests received whose path starts with {@code prefix}. */
    public static int requests(String prefix) {
        return Integer.getInteger("standin.requests." + prefix, 0);
    }

    public static String lastAuthorization(String prefix) {
        return System.getProperty("standin.authorization." + prefix);
    }

    // ---- the server

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::handle);
        server.start();
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.rest-client.account.url", url);
        config.put("quarkus.rest-client.billing.url", url);
        // the client tests wait for breakers to half-open: long enough that a loaded machine does not half-open them
        // while the test still counts calls that must not get through
        config.put("quarkus.fault-tolerance.\"account-idempotent\".circuit-breaker.delay", "4000");
        config.put("quarkus.fault-tolerance.\"billing-idempotent\".circuit-breaker.delay", "4000");
        return config;
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String prefix = path.startsWith("/api/account/") ? "account"
                : path.startsWith("/api/channel/v1/exchangeRates") ? "rates"
                : path.startsWith("/api/channel/v1/discounts") ? "discounts" : "billing";
        System.setProperty("standin.requests." + prefix, Integer.toString(requests(prefix) + 1));
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        if (authorization != null) {
            System.setProperty("standin.authorization." + prefix, authorization);
        }
        String service = prefix.equals("account") ? "account" : prefix;
        if (Boolean.getBoolean("standin.fail." + service)) {
            HttpStubs.sendJson(exchange, 500, "{\"code\":\"INTERNAL_ERROR\",\"message\":\"The request could not be processed\"}");
            return;
        }
        Matcher m;
        String body = null;
        int status = 200;
        if ((m = MEMBERSHIP.matcher(path)).matches()) {
            body = ofCaller(authorization, m.group(1), System.getProperty("standin.membership." + m.group(1) + "." + m.group(2)));
        } else if ((m = COMPANY.matcher(path)).matches()) {
            body = ofCaller(authorization, m.group(1), System.getProperty("standin.company." + m.group(1)));
        } else if (path.startsWith("/api/channel/v1/") && !channelReader(authorization)) {
            body = "FORBIDDEN"; // billing's ChannelAccess: marketplace money settings are read by channel readers only
        } else if (path.equals("/api/channel/v1/exchangeRates")) {
            body = rates(partnerOf(authorization), query(exchange));
        } else if (path.equals("/api/channel/v1/discounts")) {
            body = discounts(System.getProperty("standin.discounts." + partnerOf(authorization), "[]"), query(exchange));
        } else if ((m = SUBSCRIPTIONS.matcher(path)).matches()) {
            body = System.getProperty("standin.subscriptions." + m.group(1) + "." + m.group(2), "[]");
        } else if ((m = ASSIGNMENTS.matcher(path)).matches()) {
            body = System.getProperty("standin.assignments." + m.group(1), "[]");
        }
        if (body == null) {
            status = 404;
            body = "{\"code\":\"NOT_FOUND\",\"message\":\"No resource at this path\"}";
        } else if (body.equals("FORBIDDEN")) {
            status = 403;
            body = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
        }
        HttpStubs.sendJson(exchange, status, body);
    }

    /** As account-service: another marketplace's company is unknown (404), a refused caller gets 403. */
    private static String ofCaller(String authorization, String company, String body) {
        if (!partnerOf(authorization).equals(System.getProperty("standin.companyPartner." + company))) {
            return null;
        }
        return Boolean.getBoolean("standin.forbidden." + company) ? "FORBIDDEN" : body;
    }

    /** billing's list: filtered by the currencies asked, newest first, in the paged envelope. */
    private static String rates(String partner, Map<String, String> query) {
        ArrayNode all = array(System.getProperty("standin.rates." + partner));
        ObjectNode page = JSON.createObjectNode();
        page.putArray("links").addObject().put("rel", "self").put("href", "http://billing/api/channel/v1/exchangeRates");
        ArrayNode content = page.putArray("content");
        for (JsonNode r : all) {
            if ((query.get("baseCurrency") == null || query.get("baseCurrency").equals(r.path("baseCurrency").asText()))
                    && (query.get("counterCurrency") == null
                            || query.get("counterCurrency").equals(r.path("counterCurrency").asText()))) {
                content.add(r);
            }
        }
        page.putObject("page").put("size", 20).put("totalElements", content.size()).put("totalPages", 1).put("number", 0);
        return page.toString();
    }

    /** billing's list pages by start and count; an envelope (some tests give one) is sent as it is. */
    private static String discounts(String all, Map<String, String> query) {
        if (!all.trim().startsWith("[")) {
            return all;
        }
        ArrayNode discounts = array(all);
        int start = Integer.parseInt(query.getOrDefault("start", "0"));
        int count = Integer.parseInt(query.getOrDefault("count", "250"));
        ArrayNode page = JSON.createArrayNode();
        for (int i = start; i < Math.min(discounts.size(), start + count); i++) {
            page.add(discounts.get(i));
        }
        return page.toString();
    }

    private static ArrayNode array(String text) {
        try {
            return text == null ? JSON.createArrayNode() : (ArrayNode) JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> query(HttpExchange exchange) {
        Map<String, String> q = new HashMap<>();
        String raw = exchange.getRequestURI().getRawQuery();
        if (raw != null) {
            for (String part : raw.split("&")) {
                int eq = part.indexOf('=');
                if (eq > 0) {
                    q.put(URLDecoder.decode(part.substring(0, eq), StandardCharsets.UTF_8),
                            URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8));
                }
            }
        }
        return q;
    }

    /** As billing's ChannelAccess.reader(): ROLE_PARTNER, ROLE_CHANNEL_ADMIN or ROLE_PARTNER_READ, nothing else. */
    private static boolean channelReader(String authorization) {
        JsonNode groups = claims(authorization).path("groups");
        for (JsonNode g : groups) {
            if (java.util.Set.of("ROLE_PARTNER", "ROLE_CHANNEL_ADMIN", "ROLE_PARTNER_READ").contains(g.asText())) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode claims(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return JSON.createObjectNode();
        }
        try {
            return JSON.readTree(Base64.getUrlDecoder().decode(authorization.substring(7).split("\\.")[1]));
        } catch (Exception e) {
            return JSON.createObjectNode();
        }
    }

    /** The partner claim of the service token (the stand-ins answer per marketplace, as billing does). */
    private static String partnerOf(String authorization) {
        return claims(authorization).path("partner").asText("");
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
