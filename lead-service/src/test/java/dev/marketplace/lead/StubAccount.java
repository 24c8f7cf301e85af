package dev.marketplace.lead;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Stands in for account-service's Companies API, answering in the shapes its resources produce (CompanyView,
 * MembershipView, the paged envelope, 409 DUPLICATE_EXTERNAL_ID). State lives in JVM system properties so a test,
 * whatever its class loader, sets it: {@link #company}, {@link #member}. {@code POST /companies} creates a company
 * (with its first member) unless the externalId is taken; {@link #failAfterCreate} makes the next one create and then
 * answer 500, as when the answer is lost.
 */
public class StubAccount implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern COMPANY = Pattern.compile("/api/account/v2/companies/([^/]+)");
    private static final Pattern MEMBERSHIP = Pattern.compile("/api/account/v2/companies/([^/]+)/memberships/([^/]+)");
    private static final Pattern MEMBERSHIPS = Pattern.compile("/api/account/v2/companies/([^/]+)/memberships");
    private HttpServer server;

    /** A company of the marketplace, as account-service would answer it. */
    public static UUID company(String name, boolean reseller, boolean referral, boolean channelAdmin, String email) {
        UUID id = UUID.randomUUID();
        System.setProperty("stubaccount.company." + id, companyJson(id, name, reseller, referral, channelAdmin, email, null));
        return id;
    }

    /** A company with a phone number, which lead notices also reach by SMS. */
    public static UUID company(String name, boolean reseller, String email, String phoneNumber) {
        UUID id = UUID.randomUUID();
        System.setProperty("stubaccount.company." + id, companyJson(id, name, reseller, false, false, email, null)
                .replace("\"phoneNumber\":null", "\"phoneNumber\":" + quote(phoneNumber)));
        return id;
    }

    /** A company with a phone number and a {@code locale} (null: none), in which lead notices are written to it. */
    public static UUID company(String name, boolean reseller, String email, String phoneNumber, String locale) {
        UUID id = UUID.randomUUID();
        System.setProperty("stubaccount.company." + id, companyJson(id, name, reseller, false, false, email, null)
                .replace("\"phoneNumber\":null", "\"phoneNumber\":" + quote(phoneNumber))
                .replace("\"locale\":null", "\"locale\":" + quote(locale)));
        return id;
    }

    /** {@code id} becomes a company of the marketplace (no accesses), or answers normally again after {@link #unavailable}. */
    public static void company(UUID id, String name) {
        System.setProperty("stubaccount.company." + id, companyJson(id, name, false, false, false, null, null));
    }

    /** Reads of {@code company} answer 500, as an account-service in trouble does. */
    public static void unavailable(UUID company) {
        System.setProperty("stubaccount.company." + company, UNAVAILABLE);
    }

    /** How many times {@code GET /companies/{company}} was asked. */
    public static int companyReads(UUID company) {
        return Integer.getInteger("stubaccount.reads." + company, 0);
    }

    /** {@code user} is an enabled member of {@code company} holding {@code roles}. */
    public static UUID member(UUID company, String... roles) {
        UUID user = UUID.randomUUID();
        member(company, user, true, roles);
        return user;
    }

    public static void member(UUID company, UUID user, boolean enabled, String... roles) {
        System.setProperty("stubaccount.membership." + company + "." + user,
                membershipJson(user, user + "@example.com", "Pat", "Member", enabled, roles));
    }

    public static void failAfterCreate() {
        System.setProperty("stubaccount.failAfterCreate", "true");
    }

    /** How many companies POST /companies has created. */
    public static int creates() {
        return Integer.getInteger("stubaccount.creates", 0);
    }

    public static String lastAuthorization() {
        return System.getProperty("stubaccount.lastAuthorization");
    }

    /** The company created with {@code externalId}, as stored. */
    public static JsonNode created(String externalId) throws IOException {
        String json = System.getProperty("stubaccount.company.externalId:" + externalId);
        return json == null ? null : MAPPER.readTree(json);
    }

    @Override
    public Map<String, String> start() {
        server = HttpStubs.serve("/api/account/v2/", this::handle);
        return Map.of("quarkus.rest-client.account.url", HttpStubs.url(server));
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth != null) {
            System.setProperty("stubaccount.lastAuthorization", auth);
        }
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        Matcher m;
        if ("POST".equals(method) && path.equals("/api/account/v2/companies")) {
            create(exchange);
        } else if ((m = MEMBERSHIP.matcher(path)).matches()) {
            answer(exchange, System.getProperty("stubaccount.membership." + m.group(1) + "." + m.group(2)));
        } else if ((m = MEMBERSHIPS.matcher(path)).matches()) {
            String first = System.getProperty("stubaccount.first." + m.group(1));
            HttpStubs.sendJson(exchange, 200, "{\"links\":[],\"content\":[" + (first == null ? "" : first)
                    + "],\"page\":{\"size\":1,\"totalElements\":" + (first == null ? 0 : 1) + ",\"totalPages\":"
                    + (first == null ? 0 : 1) + ",\"number\":0}}");
        } else if ((m = COMPANY.matcher(path)).matches()) {
            String ref = java.net.URLDecoder.decode(m.group(1), StandardCharsets.UTF_8);
            System.setProperty("stubaccount.reads." + ref, Integer.toString(Integer.getInteger("stubaccount.reads." + ref, 0) + 1));
            answer(exchange, System.getProperty("stubaccount.company." + ref));
        } else {
            HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"No API here\"}");
        }
    }

    /**
     * A company account-service refuses the caller (403). (Another marketplace's company is no such case: account-service
     * answers it 404, exactly as an unknown one, which this stub does for any company it was not given.)
     */
    public static UUID refusingCompany() {
        UUID id = UUID.randomUUID();
        System.setProperty("stubaccount.company." + id, FOREIGN);
        return id;
    }

    private static final String FOREIGN = "FOREIGN";
    private static final String UNAVAILABLE = "UNAVAILABLE";

    private static void answer(HttpExchange exchange, String json) throws IOException {
        if (FOREIGN.equals(json)) {
            HttpStubs.sendJson(exchange, 403, "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}");
        } else if (UNAVAILABLE.equals(json)) {
            HttpStubs.sendJson(exchange, 500, "{\"code\":\"INTERNAL_ERROR\",\"message\":\"The request could not be processed\"}");
        } else if (json == null) {
            HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"not found\"}");
        } else {
            HttpStubs.sendJson(exchange, 200, json);
        }
    }

    private static void create(HttpExchange exchange) throws IOException {
        JsonNode body = MAPPER.readTree(exchange.getRequestBody());
        String externalId = body.path("externalId").asText(null);
        if (externalId != null && System.getProperty("stubaccount.company.externalId:" + externalId) != null) {
            HttpStubs.sendJson(exchange, 409, "{\"code\":\"DUPLICATE_EXTERNAL_ID\",\"message\":\"externalId: another company already has "
                    + externalId + "\"}");
            return;
        }
        UUID id = UUID.randomUUID();
        String json = companyJson(id, body.path("name").asText(), false, false, false, body.path("emailAddress").asText(null),
                externalId);
        System.setProperty("stubaccount.company." + id, json);
        if (externalId != null) {
            System.setProperty("stubaccount.company.externalId:" + externalId, json);
        }
        JsonNode first = body.path("firstUser");
        if (!first.isMissingNode()) {
            UUID user = UUID.randomUUID();
            String membership = membershipJson(user, first.path("email").asText(), first.path("firstName").asText(null),
                    first.path("lastName").asText(null), true, "ROLE_SYS_ADMIN");
            System.setProperty("stubaccount.first." + id, membership);
            System.setProperty("stubaccount.membership." + id + "." + user, membership);
        }
        System.setProperty("stubaccount.creates", Integer.toString(creates() + 1));
        if (Boolean.getBoolean("stubaccount.failAfterCreate")) {
            System.clearProperty("stubaccount.failAfterCreate");
            HttpStubs.sendJson(exchange, 500, "{\"code\":\"INTERNAL_ERROR\",\"message\":\"The request could not be processed\"}");
            return;
        }
        HttpStubs.sendJson(exchange, 201, json);
    }

    /** CompanyView as account-service serialises it (purchase limits and custom attributes left out on request). */
    static String companyJson(UUID id, String name, boolean reseller, boolean referral, boolean channelAdmin, String email,
            String externalId) {
        long now = System.currentTimeMillis();
        String self = "http://localhost:8080/api/account/v2/companies/" + id;
        return "{\"uuid\":\"" + id + "\",\"name\":" + quote(name) + ",\"enabled\":true,\"allowLogin\":true,\"idpUuid\":null,"
                + "\"address\":{\"street1\":null,\"street2\":null,\"city\":null,\"state\":null,\"zip\":null,\"country\":null},"
                + "\"companySize\":null,\"creationDate\":" + now + ",\"lastModified\":" + now + ",\"industry\":null,"
                + "\"emailAddress\":" + quote(email) + ",\"website\":null,\"picture\":null,\"vendor\":false,\"reseller\":"
                + reseller + ",\"channelAdmin\":" + channelAdmin + ",\"referral\":" + referral + ",\"externalId\":"
                + quote(externalId) + ",\"phoneNumber\":null,\"defaultRole\":null,\"countryCode\":\"US\",\"locale\":null,\"billingDayOfMonth\":null,"
                + "\"onlyAdminsCanBuy\":false,\"importAppsEnabled\":false,\"links\":[{\"rel\":\"self\",\"href\":\"" + self
                + "\"},{\"rel\":\"memberships\",\"href\":\"" + self + "/memberships\"}]}";
    }

    /** MembershipView without the company (includeCompanies=false) and without custom attributes. */
    static String membershipJson(UUID user, String email, String firstName, String lastName, boolean enabled, String... roles) {
        long now = System.currentTimeMillis();
        StringBuilder r = new StringBuilder();
        for (String role : roles) {
            r.append(r.length() == 0 ? "" : ",").append('"').append(role).append('"');
        }
        return "{\"user\":{\"uuid\":\"" + user + "\",\"email\":" + quote(email) + ",\"userName\":" + quote(email)
                + ",\"firstName\":" + quote(firstName) + ",\"lastName\":" + quote(lastName) + ",\"picture\":null,"
                + "\"activated\":true,\"allowLogin\":true,\"status\":\"ACTIVE\",\"creationDate\":" + now + ",\"lastModified\":"
                + now + ",\"externalId\":null,\"idpUuid\":null,\"locale\":null,\"position\":null,\"roles\":[\"ROLE_USER\"],"
                + "\"links\":[]},\"enabled\":" + enabled + ",\"lastUsed\":false,\"roles\":[" + r + "],\"status\":\"ACTIVE\","
                + "\"position\":null,\"createdOn\":" + now + ",\"links\":[]}";
    }

    private static String quote(String s) {
        try {
            return MAPPER.writeValueAsString(s);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
