package dev.marketplace.account;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * A token verified once is served from the cache of verified tokens on the next requests, with the same roles,
 * tenancy and expiry; a token differing from it in any character goes to quarkus-oidc and is refused.
 */
@QuarkusTest
class TokenCacheTest {
    private final Fixtures fixtures = new Fixtures();

    @Inject
    MeterRegistry registry;

    private double hits() {
        return registry.get("security.token.cache").tag("result", "hit").counter().count();
    }


    @Test
    void aRepeatedTokenIsServedFromTheCacheWithItsRolesAndTenancy() {
        Fixtures.Co co = fixtures.company("Cached Co", true);
        String reader = InternalTokens.bearer(fixtures.partner, Roles.PARTNER_READ);
        String path = "/api/account/v2/companies/" + co.uuid();

        given().header("Authorization", reader).get(path).then().statusCode(200);
        double before = hits();
        given().header("Authorization", reader).get(path).then().statusCode(200).body("name", equalTo("Cached Co"));
        assertEquals(before + 1, hits(), "the second request with the same token is a cache hit");
        // the roles and the partner of a cached identity are still enforced
        given().header("Authorization", reader).contentType(ContentType.JSON).body(Map.of("name", "Nope")).patch(path)
                .then().statusCode(403);
        String other = InternalTokens.bearer("OTHER" + fixtures.partner, Roles.PARTNER);
        // (another marketplace's company answers as an unknown one)
        given().header("Authorization", other).get(path).then().statusCode(404);
        given().header("Authorization", other).get(path).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void aCachedTokenIsRefusedOnceExpired() throws InterruptedException {
        fixtures.asPartner().get("/api/account/v2/companies").then().statusCode(200); // the service is warm
        String shortLived = InternalTokens.bearer(new InternalToken.Claims("test-" + fixtures.partner, "channel",
                fixtures.partner, Set.of(Roles.PARTNER), null, null), Duration.ofSeconds(5));
        given().header("Authorization", shortLived).get("/api/account/v2/companies").then().statusCode(200);
        double before = hits();
        given().header("Authorization", shortLived).get("/api/account/v2/companies").then().statusCode(200);
        assertEquals(before + 1, hits());
        Thread.sleep(Math.max(0, expiresAtMillis(shortLived) - System.currentTimeMillis()) + 500);
        given().header("Authorization", shortLived).get("/api/account/v2/companies").then().statusCode(403);
    }

    private static long expiresAtMillis(String bearer) {
        String payload = new String(Base64.getUrlDecoder().decode(bearer.split("\\.")[1]), StandardCharsets.UTF_8);
        return Long.parseLong(payload.replaceAll(".*\"exp\":(\\d+).*", "$1")) * 1000;
    }

    @Test
    void aTamperedCopyOfACachedTokenIsRefused() {
        Fixtures.Co co = fixtures.company("Tamper Co", true);
        String token = InternalTokens.bearer(fixtures.partner, Roles.PARTNER).substring("Bearer ".length());
        String path = "/api/account/v2/companies/" + co.uuid();
        given().header("Authorization", "Bearer " + token).get(path).then().statusCode(200);
        given().header("Authorization", "Bearer " + token).get(path).then().statusCode(200);

        String[] parts = token.split("\\.");
        String payload = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        String otherPayload = Base64.getUrlEncoder().withoutPadding().encodeToString(
                payload.replace(fixtures.partner, "X" + fixtures.partner.substring(1)).getBytes(StandardCharsets.UTF_8));
        given().header("Authorization", "Bearer " + parts[0] + "." + otherPayload + "." + parts[2]).get(path).then()
                .statusCode(403);
        char last = parts[2].charAt(parts[2].length() - 2);
        String otherSignature = parts[2].substring(0, parts[2].length() - 2) + (last == 'A' ? 'B' : 'A')
                + parts[2].charAt(parts[2].length() - 1);
        given().header("Authorization", "Bearer " + parts[0] + "." + parts[1] + "." + otherSignature).get(path).then()
                .statusCode(403);
    }
}
