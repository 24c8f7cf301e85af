package dev.marketplace.reseller;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Stands in for account-service's provisioning endpoints ({@code POST /internal/v1/companies} and
 * {@code POST /internal/v1/companies/{id}/members}) on a loopback port. It answers with account-service's real
 * answers (src/test/resources/account, captured from account-service) with the request's values put in, and keeps
 * account-service's rules: one creation per idempotency key (a replay answers 200 with the same body), 409
 * DUPLICATE_EXTERNAL_ID / DUPLICATE_EMAIL with account-service's error body. Tests steer and observe it through JVM
 * system properties (the test and the stand-in may not share a class loader): {@link #failNext}, {@link #requests},
 * {@link #creations}, {@link #lastAuthorization}.
 */
public class StubAccount implements QuarkusTestResourceLifecycleManager {
    private static final Pattern MEMBERS = Pattern.compile("/internal/v1/companies/([^/]+)/members");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private HttpServer server;
    private final Map<String, String> answers = new HashMap<>();
    private final Set<String> externalIds = new HashSet<>();
    private final Set<String> emails = new HashSet<>();

    /** The next {@code n} calls fail with 500 (account-service down). */
    public static void failNext(int n) {
        System.setProperty("stubaccount.failNext", Integer.toString(n));
    }

    /** Calls received so far, failed ones included. */
    public static int requests() {
        return Integer.getInteger("stubaccount.requests", 0);
    }

    /** Companies and members actually created (replays of a key excluded). */
    public static int creations() {
        return Integer.getInteger("stubaccount.creations", 0);
    }

    /** The body of the last member creation received (null before any). */
    public static JsonNode lastMember() {
        String body = System.getProperty("stubaccount.lastMember");
        try {
            return body == null ? null : MAPPER.readTree(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String lastAuthorization() {
        return System.getProperty("stubaccount.lastAuthorization");
    }

    /** Makes account-service know a user with this email (one reseller-service's directory has not heard of). */
    public static void existingEmail(String email) {
        System.setProperty("stubaccount.email." + email.toLowerCase(), "taken");
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/internal/", this::handle);
        server.start();
        return Map.of("quarkus.rest-client.account.url", "http://127.0.0.1:" + server.getAddress().getPort(),
                // AccountClientTest waits for the breaker to half-open; a window of 20 attempts keeps the failures other
                // tests stage on purpose (three in a row) from opening it
                "quarkus.fault-tolerance.\"account-idempotent\".circuit-breaker.delay", "1000",
                "quarkus.fault-tolerance.\"account-idempotent\".circuit-breaker.request-volume-threshold", "20",
                // CompanyCreationRecoveryTest runs the recovery itself, on creations due at once
                "quarkus.scheduler.enabled", "false",
                "marketplace.reseller.recovery.delay", "0s");
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        System.setProperty("stubaccount.requests", Integer.toString(requests() + 1));
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        System.setProperty("stubaccount.lastAuthorization", auth == null ? "" : auth);
        int fail = Integer.getInteger("stubaccount.failNext", 0);
        if (fail > 0) {
            System.setProperty("stubaccount.failNext", Integer.toString(fail - 1));
            HttpStubs.sendJson(exchange, 500, "{\"code\":\"INTERNAL\",\"message\":\"Unexpected failure\"}");
            return;
        }
        String partner = partnerOf(auth);
        String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
        if (partner == null || key == null || !"POST".equals(exchange.getRequestMethod())) {
            HttpStubs.sendJson(exchange, partner == null ? 403 : 400, "{\"code\":\"INVALID_FIELD\",\"message\":\"x\"}");
            return;
        }
        JsonNode body = MAPPER.readTree(exchange.getRequestBody());
        String path = exchange.getRequestURI().getPath();
        String replay = answers.get(partner + "|" + key);
        if (replay != null) {
            HttpStubs.sendJson(exchange, 200, replay);
            return;
        }
        Matcher members = MEMBERS.matcher(path);
        String answer;
        if ("/internal/v1/companies".equals(path)) {
            String externalId = body.path("externalId").asText(null);
            if (externalId != null && !externalIds.add(partner + "|" + externalId)) {
                HttpStubs.sendJson(exchange, 409, "{\"code\":\"DUPLICATE_EXTERNAL_ID\",\"message\":\"externalId: another"
                        + " company already has " + externalId + "\"}");
                return;
            }
            answer = company(body);
        } else if (members.matches()) {
            System.setProperty("stubaccount.lastMember", MAPPER.writeValueAsString(body));
            String email = body.path("email").asText().toLowerCase();
            if (!emails.add(partner + "|" + email) || System.getProperty("stubaccount.email." + email) != null) {
                HttpStubs.sendJson(exchange, 409, "{\"code\":\"DUPLICATE_EMAIL\",\"message\":\"email: a user with "
                        + email + " already exists\"}");
                return;
            }
            answer = member(members.group(1), body);
        } else {
            HttpStubs.sendJson(exchange, 404, "{\"code\":\"NOT_FOUND\",\"message\":\"x\"}");
            return;
        }
        answers.put(partner + "|" + key, answer);
        System.setProperty("stubaccount.creations", Integer.toString(creations() + 1));
        HttpStubs.sendJson(exchange, 201, answer);
    }

    private static String company(JsonNode request) throws IOException {
        ObjectNode company = (ObjectNode) template("provisioned-company.json");
        long now = System.currentTimeMillis();
        company.put("uuid", UUID.randomUUID().toString());
        for (String field : new String[] { "name", "externalId", "phoneNumber", "website", "companySize" }) {
            company.set(field, request.path(field).isMissingNode() ? MAPPER.nullNode() : request.get(field));
        }
        company.put("reseller", request.path("reseller").asBoolean());
        company.put("referral", request.path("referral").asBoolean());
        company.put("creationDate", now);
        company.put("lastModified", now);
        return MAPPER.writeValueAsString(company);
    }

    private static String member(String companyId, JsonNode request) throws IOException {
        ObjectNode membership = (ObjectNode) template("provisioned-member.json");
        long now = System.currentTimeMillis();
        ObjectNode user = (ObjectNode) membership.get("user");
        user.put("uuid", UUID.randomUUID().toString());
        user.set("email", request.get("email"));
        user.put("userName", request.get("email").asText());
        for (String field : new String[] { "firstName", "lastName", "externalId" }) {
            user.set(field, request.path(field).isMissingNode() ? MAPPER.nullNode() : request.get(field));
        }
        user.put("creationDate", now);
        user.put("lastModified", now);
        if (request.hasNonNull("resellerCompanyId")) {
            // account-service's assisted sales: active, asked to activate the account instead of invited
            user.put("status", "ACTIVE");
            user.put("activated", true);
            membership.put("status", "ACTIVE");
        }
        ((ObjectNode) membership.get("company")).put("uuid", companyId);
        membership.put("createdOn", now);
        return MAPPER.writeValueAsString(membership);
    }

    static JsonNode template(String name) throws IOException {
        try (InputStream in = StubAccount.class.getResourceAsStream("/account/" + name)) {
            return MAPPER.readTree(in);
        }
    }

    /** The partner claim of the bearer token (the stand-in trusts reseller-service's signature). */
    private static String partnerOf(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return null;
        }
        String[] parts = authorization.substring(7).split("\\.");
        try {
            JsonNode claims = MAPPER.readTree(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
            return "service".equals(claims.path("ctype").asText()) ? claims.path("partner").asText(null) : null;
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
