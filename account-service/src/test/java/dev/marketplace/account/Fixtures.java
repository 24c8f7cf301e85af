package dev.marketplace.account;

import static io.restassured.RestAssured.given;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;

import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/** Test set-up through the API: a marketplace (partner) with companies, their administrators and members. */
public final class Fixtures {
    public final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    public record Co(String uuid, String adminUuid, String adminEmail, String domain) {
    }

    public RequestSpecification asPartner() {
        return as(InternalTokens.bearer(partner, Roles.PARTNER));
    }

    public RequestSpecification asChannelAdmin() {
        return as(InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN));
    }

    public RequestSpecification asReader() {
        return as(InternalTokens.bearer(partner, Roles.PARTNER_READ));
    }

    public RequestSpecification asUser(String user) {
        return as(InternalTokens.bearerAsUser(partner, UUID.fromString(user)));
    }

    public RequestSpecification asOtherPartner() {
        return as(InternalTokens.bearer("X" + UUID.randomUUID().toString().substring(0, 8), Roles.PARTNER));
    }

    public static RequestSpecification as(String bearer) {
        return given().header("Authorization", bearer).contentType(ContentType.JSON);
    }

    /** A company with a first user (Company Administrator) whose email domain is unique to the company. */
    public Co company(String name, boolean allowLogin) {
        String domain = "d" + UUID.randomUUID().toString().substring(0, 8) + ".example";
        String email = "admin@" + domain;
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("allowLogin", allowLogin);
        body.put("address", Map.of("street1", "1 Main", "city", "Lyon", "country", "FR"));
        body.put("firstUser", Map.of("email", email, "firstName", "Ada", "lastName", "Admin"));
        String uuid = asPartner().body(body).post("/api/account/v2/companies").then().statusCode(201).extract().path("uuid");
        String admin = asPartner().queryParam("searchText", "admin@").get(members(uuid)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new Co(uuid, admin, email, domain);
    }

    /** Adds a managed or invited member through create-membership and returns the user uuid. */
    public String member(Co co, String email, List<String> roles) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("user", Map.of("email", email, "firstName", "Mem", "lastName", email.substring(0, email.indexOf('@'))));
        if (roles != null) {
            body.put("roles", roles);
        }
        return asPartner().queryParam("inviterUuid", co.adminUuid()).body(body).post(members(co.uuid())).then().statusCode(201)
                .extract().path("user.uuid");
    }

    public static String members(String company) {
        return "/api/account/v2/companies/" + company + "/memberships";
    }

    /** A member's assignments listing. */
    public static String assignments(Co co, String user) {
        return members(co.uuid()) + "/" + user + "/assignments";
    }

    public static JsonNode event(String type, Predicate<JsonNode> match) {
        return DomainEvents.await(e -> type.equals(e.path("type").asText()) && match.test(e), Duration.ofSeconds(20));
    }

    /** Direct SQL for state other services own (assignments projected from billing, directory-managed users). */
    public static void sql(String statement, Object... params) {
        Config config = ConfigProvider.getConfig();
        try (Connection c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                PreparedStatement ps = c.prepareStatement(statement)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A single number read with direct SQL ({@code select count(*) ...}). */
    public static long number(String query, Object... params) {
        Config config = ConfigProvider.getConfig();
        try (Connection c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                PreparedStatement ps = c.prepareStatement(query)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            try (java.sql.ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Retries {@code check} until it passes (an asynchronous consumer catching up), at most 20 s. */
    public static void eventually(Runnable check) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            try {
                check.run();
                return;
            } catch (AssertionError e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    public static void assignment(String company, String user, long product, String status, String owner) {
        sql("insert into user_assignment (uuid, company_uuid, user_uuid, product_id, product_name, status, owner_uuid, created_on)"
                + " values (?, ?, ?, ?, ?, ?, ?, now())", UUID.randomUUID(), UUID.fromString(company), UUID.fromString(user),
                product, "Product " + product, status, owner == null ? null : UUID.fromString(owner));
    }

    /**
     * A secret parameter of a notification this marketplace's events carry (temporary password, invitation or
     * activation link), after checking that it travels sealed: opened as notification-service opens it.
     */
    public String secret(JsonNode notification, String parameter) {
        String sealed = notification.path("parameters").path(parameter).asText();
        org.junit.jupiter.api.Assertions.assertTrue(dev.marketplace.common.crypto.NotificationSecrets.isSealed(sealed),
                parameter + " must travel sealed, never clear in the outbox or Kafka: " + sealed);
        return io.quarkus.arc.Arc.container().instance(dev.marketplace.common.crypto.NotificationSecrets.class).get()
                .open(partner, sealed);
    }
}
