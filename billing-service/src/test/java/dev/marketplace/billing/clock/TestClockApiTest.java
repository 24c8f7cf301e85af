package dev.marketplace.billing.clock;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import jakarta.ws.rs.NotFoundException;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/** A marketplace's test clock: forward only, its own, channel credentials only, absent where disabled. */
@QuarkusTest
class TestClockApiTest {
    private static final String CLOCK = "/api/billing/v1/testClock";

    @Test
    void advancingMovesThisMarketplacesBillingTimeAloneAndForwardOnly() {
        String partner = newPartner();
        String other = newPartner();
        long before = System.currentTimeMillis();
        asPartner(partner).get(CLOCK).then().statusCode(200).body("offset", equalTo("PT0S"));

        long now = asPartner(partner).body(Map.of("by", "P3D")).post(CLOCK + "/advance").then().statusCode(200)
                .body("offset", equalTo("PT72H")).extract().jsonPath().getLong("now");
        assertTrue(now >= before + Duration.ofDays(3).toMillis(), "three days ahead");
        asPartner(partner).body(Map.of("by", "PT12H")).post(CLOCK + "/advance").then().statusCode(200)
                .body("offset", equalTo("PT84H"));
        asPartner(partner).get(CLOCK).then().statusCode(200).body("offset", equalTo("PT84H"));
        // another marketplace's time has not moved
        asPartner(other).get(CLOCK).then().statusCode(200).body("offset", equalTo("PT0S"));
    }

    @Test
    void aBackwardZeroHugeOrMalformedStepIsRefusedNamingByAndMovesNothing() {
        String partner = newPartner();
        for (String by : new String[] { "-P1D", "PT0S", "P401D", "three days" }) {
            asPartner(partner).body(Map.of("by", by)).post(CLOCK + "/advance").then().statusCode(400)
                    .body("message", containsString("by"));
        }
        asPartner(partner).body(Map.of()).post(CLOCK + "/advance").then().statusCode(400)
                .body("message", containsString("by: is required"));
        asPartner(partner).get(CLOCK).then().statusCode(200).body("offset", equalTo("PT0S"));
    }

    @Test
    void onlyTheMarketplacesChannelCredentialsMayMoveIt() {
        String partner = newPartner();
        as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).body(Map.of("by", "P1D")).post(CLOCK + "/advance").then()
                .statusCode(403);
        as(InternalTokens.bearer(partner, Roles.USER)).get(CLOCK).then().statusCode(403);
        asPartner(partner).get(CLOCK).then().statusCode(200).body("offset", equalTo("PT0S"));
    }

    @Test
    void whereTestClocksAreDisabledThereIsNoClockAndTimeIsTheRealOne() {
        var real = dev.marketplace.billing.clock.service.BillingClockAccess.disabled();
        assertThrows(NotFoundException.class, () -> dev.marketplace.billing.clock.service.BillingClockAccess.serviceOver(real).read());
        Instant now = real.now("ANY").await().indefinitely();
        assertEquals(0, Duration.between(Instant.now(), now).abs().toSeconds());
    }
}
