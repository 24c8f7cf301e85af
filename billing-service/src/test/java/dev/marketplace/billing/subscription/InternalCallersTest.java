package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static org.hamcrest.Matchers.equalTo;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * billing trusts the service tokens of account and catalog: entitlements are account's to ask, for the marketplace its
 * token names; a vendor's result arrives as a VENDOR_EVENT_RESULT event only (the internal endpoint that took it over
 * HTTP had no caller left, and took any peer's).
 */
@QuarkusTest
class InternalCallersTest {
    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    private static String peer(String name, String partner) {
        return InternalTokens.peerBearer(name, partner, Roles.SYS_ADMIN);
    }

    @Test
    void entitlementsAreAccountsToAsk() {
        String path = "/internal/v1/companies/" + company + "/users/" + user + "/entitlements";
        as(peer("catalog", partner)).get(path).then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        as(peer("account", null)).get(path).then().statusCode(403);
        as(peer("account", partner)).get(path).then().statusCode(200).body("activeSubscriptions", equalTo(0));
    }

    @Test
    void noPeerReportsAVendorsResultOverHttp() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        String id = asPartner(partner).body(order(product, 5)).post(buyer(partner, company, user)).then().statusCode(201)
                .extract().path("id");
        Map<String, Object> ok = Map.of("eventType", "SUBSCRIPTION_ORDER", "success", true, "accountIdentifier", "acct-1");
        for (String peer : List.of("catalog", "account")) {
            as(peer(peer, partner)).body(ok).post("/internal/v1/subscriptions/" + id + "/result").then().statusCode(404);
        }
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200)
                .body("status", equalTo("PENDING_REMOTE_CREATION"));
    }
}
