package dev.marketplace.account.company;

import static dev.marketplace.account.Fixtures.as;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.Fixtures;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/** The internal purchase profile billing-service reads: the company's JSON with purchase limits, and the buyer's membership. */
@QuarkusTest
class PurchaseProfileTest {
    private final Fixtures f = new Fixtures();

    private String service(String partner) {
        return InternalTokens.peerBearer("billing", partner, Roles.SYS_ADMIN);
    }

    @Test
    void answersTheCompanyAndTheMembershipToServiceTokensOfItsMarketplace() {
        Fixtures.Co co = f.company("Buyer Co", true);
        f.asPartner().body(Map.of("billingDayOfMonth", 15, "thirtyDaysPurchaseLimitOverrideAmt", 500,
                "dailyPurchaseLimitOverrideAmt", 100)).patch("/api/account/v2/companies/" + co.uuid()).then().statusCode(200);
        String member = f.member(co, "mem-" + UUID.randomUUID() + "@" + co.domain(), List.of("ROLE_USER"));
        String path = "/internal/v1/companies/" + co.uuid() + "/purchase-profile";

        as(service(f.partner)).queryParam("userUuid", co.adminUuid()).get(path).then().statusCode(200)
                .body("company.uuid", equalTo(co.uuid())).body("company.name", equalTo("Buyer Co"))
                .body("company.billingDayOfMonth", equalTo(15)).body("company.onlyAdminsCanBuy", equalTo(false))
                .body("company.thirtyDaysPurchaseLimitOverrideAmt", equalTo(500.0f))
                .body("company.dailyPurchaseLimitOverrideAmt", equalTo(100.0f))
                .body("member.enabled", equalTo(true)).body("member.roles", hasItem("ROLE_SYS_ADMIN"));
        as(service(f.partner)).queryParam("userUuid", member).get(path).then().statusCode(200)
                .body("member.roles", equalTo(List.of("ROLE_USER")));
        as(service(f.partner)).queryParam("userUuid", UUID.randomUUID().toString()).get(path).then().statusCode(200)
                .body("member", nullValue());
        as(service(f.partner)).get("/internal/v1/companies/" + UUID.randomUUID() + "/purchase-profile").then().statusCode(404);
        as(service(f.partner)).queryParam("userUuid", "nope").get(path).then().statusCode(400);

        // only service tokens, and only of the company's own marketplace: another marketplace's token finds no such
        // company, exactly as an unknown one
        as(service("X" + UUID.randomUUID().toString().substring(0, 8))).get(path).then().statusCode(404)
                .body("message", equalTo("Company " + co.uuid() + " was not found"));
        f.asPartner().get(path).then().statusCode(403);
        as(InternalTokens.bearer(f.partner, Roles.SYS_ADMIN)).get(path).then().statusCode(403);
    }
}
