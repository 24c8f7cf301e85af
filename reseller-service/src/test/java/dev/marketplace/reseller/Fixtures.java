package dev.marketplace.reseller;

import static io.restassured.RestAssured.given;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;


import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DirectSql;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/**
 * A marketplace of its own per test: companies and members made known to reseller-service the way account-service
 * does it (its events on Kafka), waited for until the directory has them; and callers of every kind.
 */
public final class Fixtures {
    public final String partner = "P" + UUID.randomUUID().toString().substring(0, 8);

    /** A company of the marketplace, known to the directory. */
    public UUID company(String name, Map<String, Object> fields) {
        UUID id = UUID.randomUUID();
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("name", name);
        all.put("creationDate", System.currentTimeMillis());
        for (String field : List.of("reseller", "referral", "vendor", "channelAdmin")) {
            all.put(field, false);
        }
        all.putAll(fields);
        AccountEvents.publish(AccountEvents.company("COMPANY_CREATED", partner, id, all, System.currentTimeMillis()));
        eventually(() -> number("select count(*) from directory_company where id = ?", id) == 1, "company " + name);
        return id;
    }

    public UUID reseller(String name) {
        return company(name, Map.of("reseller", true));
    }

    /** A user with an enabled membership of {@code company} holding {@code roles}, known to the directory. */
    public UUID member(UUID company, String status, String... roles) {
        UUID user = UUID.randomUUID();
        member(company, user, status, roles);
        return user;
    }

    public void member(UUID company, UUID user, String status, String... roles) {
        String email = email(user);
        long now = System.currentTimeMillis();
        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_CREATED", partner, company, user, email, status,
                List.of(roles), true, now));
        eventually(() -> number("select count(*) from directory_membership where company_id = ? and user_id = ?"
                + " and source_version >= ?", company, user, new java.sql.Timestamp(now)) == 1, "membership " + user);
    }

    /** The email address {@link #member} gives a user. */
    public String email(UUID user) {
        return "u" + user.toString().substring(0, 8) + "@" + partner.toLowerCase() + ".example";
    }

    /** Acting as {@code user} through channel credentials without any role of their own (the usual reseller call). */
    public RequestSpecification asUser(UUID user, String... roles) {
        return as(InternalTokens.bearerAsUser(partner, user, roles));
    }

    public RequestSpecification asManager() {
        return as(InternalTokens.bearer(partner, Roles.RESELLER_MANAGER));
    }

    public RequestSpecification asChannelAdmin() {
        return as(InternalTokens.bearer(partner, Roles.CHANNEL_ADMIN));
    }

    public RequestSpecification asPartner() {
        return as(InternalTokens.bearer(partner, Roles.PARTNER));
    }

    public RequestSpecification asReader() {
        return as(InternalTokens.bearer(partner, Roles.PARTNER_READ));
    }

    /** A reseller manager of another marketplace. */
    public RequestSpecification asOtherMarketplace() {
        return as(InternalTokens.bearer("X" + UUID.randomUUID().toString().substring(0, 8), Roles.RESELLER_MANAGER,
                Roles.CHANNEL_ADMIN, Roles.PARTNER));
    }

    public static RequestSpecification as(String bearer) {
        return given().header("Authorization", bearer).contentType(ContentType.JSON);
    }

    public static JsonNode event(String type, java.util.function.Predicate<JsonNode> match) {
        return DomainEvents.await(e -> type.equals(e.path("type").asText()) && match.test(e), Duration.ofSeconds(20));
    }

    /** A statement run with direct SQL (to stage what the directory knows). */
    public static void sql(String statement, Object... params) {
        DirectSql.update(statement, params);
    }

    /** A single number read with direct SQL. */
    public static long number(String query, Object... params) {
        return DirectSql.number(query, params);
    }

    /** Waits (at most 20 s) until {@code condition} holds: an asynchronous consumer catching up. */
    public static void eventually(java.util.function.BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Not in the directory within 20 s: " + what);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
