package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.activate;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.invoicesOfOrder;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.race;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.sql;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeAccount;
import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/** Order-time rules: discounts (automatic, by code, racing for the last redemption), purchase limits, who may buy, Idempotency-Key. */
@QuarkusTest
class OrderRulesTest {
    private static final String DISCOUNTS = "/api/channel/v1/discounts";
    private final String partner = newPartner();

    private long discount(Map<String, Object> body) {
        return asPartner(partner).body(body).post(DISCOUNTS).then().statusCode(201).extract().jsonPath().getLong("id");
    }

    private static Map<String, Object> withCode(Map<String, Object> order, String code) {
        Map<String, Object> copy = new HashMap<>(order);
        copy.put("discountCode", code);
        return copy;
    }

    private int firstInvoiceTotalCents(JsonPath ordered) {
        activate(partner, ordered.getString("id"), "acct-" + UUID.randomUUID());
        int number = invoicesOfOrder(partner, ordered.getLong("orderId")).get(0);
        return Math.round(asPartner(partner).get("/api/billing/v1/invoices/" + number).then().extract().jsonPath()
                .getFloat("total") * 100);
    }

    @Test
    void automaticDiscountsMatchTheOrderAndCodesAreGivenByTheBuyer() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        FakeCatalog.Product other = FakeCatalog.register(partner, false, true);
        long auto = discount(Map.of("description", "Ten percent off Task Pro", "type", "PERCENTAGE", "percentage", 10,
                "applicationId", product.id(), "minUnits", 3, "unit", "USER"));
        discount(Map.of("code", "SAVE7", "description", "Seven off", "type", "FIXED_PRICE", "price", 7, "currency", "USD",
                "autoApply", false));
        discount(Map.of("code", "OTHERAPP", "description", "Only the other app", "type", "FLAT", "discountValue", 1,
                "currency", "USD", "autoApply", false, "applicationId", other.id()));

        // 5 users: the automatic discount matches (at least 3 USER): 50 - 5
        JsonPath matched = asPartner(partner).body(order(product, 5)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID()))
                .then().statusCode(201).extract().jsonPath();
        assertEquals(4500, firstInvoiceTotalCents(matched));
        asPartner(partner).get(DISCOUNTS + "/" + auto).then().body("redemptions", equalTo(1));
        // 2 users: below its minimum, full price
        JsonPath unmatched = asPartner(partner).body(order(product, 2)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID()))
                .then().statusCode(201).extract().jsonPath();
        assertEquals(2000, firstInvoiceTotalCents(unmatched));
        // a code the buyer gives wins over the automatic one: 50 - 7
        JsonPath coded = asPartner(partner).body(withCode(order(product, 5), "save7"))
                .post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then().statusCode(201).extract().jsonPath();
        assertEquals(4300, firstInvoiceTotalCents(coded));

        UUID company = UUID.randomUUID();
        String url = buyer(partner, company, UUID.randomUUID());
        asPartner(partner).body(withCode(order(product, 1), "NOPE1")).post(url).then().statusCode(400)
                .body("message", equalTo("discountCode: no discount has this code in this marketplace"));
        asPartner(partner).body(withCode(order(product, 1), "OTHERAPP")).post(url).then().statusCode(400)
                .body("message", containsString("discountCode: is for another application"));
        asPartner(partner).body(withCode(order(product, 1), "ab")).post(url).then().statusCode(400)
                .body("message", containsString("discountCode: must be 4 to 103 characters"));
        assertEquals(0, sql("select count(*) from subscription where company_uuid = ?", company), "a refused order writes nothing");
    }

    @Test
    void twoOrdersRacingForTheLastRedemptionExactlyOneGetsIt() throws Exception {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        long last = discount(Map.of("code", "LASTONE", "description", "Only one left", "type", "PERCENTAGE", "percentage", 50,
                "maxRedemptions", 1, "autoApply", false));
        UUID company = UUID.randomUUID();
        List<String> urls = List.of(buyer(partner, company, UUID.randomUUID()), buyer(partner, company, UUID.randomUUID()));
        List<Integer> codes = race(2, i -> asPartner(partner).body(withCode(order(product, 2), "LASTONE")).post(urls.get(i))
                .statusCode());
        assertEquals(1, codes.stream().filter(c -> c == 201).count(), codes.toString());
        assertEquals(1, codes.stream().filter(c -> c == 409).count(), codes.toString());
        asPartner(partner).get(DISCOUNTS + "/" + last).then().body("redemptions", equalTo(1));
        assertEquals(1, sql("select count(*) from subscription where company_uuid = ?", company));
        assertEquals(1, sql("select count(*) from discount_redemption where discount_id = ?", last));
        asPartner(partner).body(withCode(order(product, 2), "LASTONE")).post(urls.get(0)).then().statusCode(409)
                .body("code", equalTo("DISCOUNT_EXHAUSTED"));

        // an automatic discount with one redemption left: both orders go through, one of them discounted
        long auto = discount(Map.of("description", "First come", "type", "FIXED_PRICE", "price", 5, "currency", "USD",
                "maxRedemptions", 1,
                "applicationId", product.id()));
        UUID other = UUID.randomUUID();
        List<String> more = List.of(buyer(partner, other, UUID.randomUUID()), buyer(partner, other, UUID.randomUUID()));
        List<Integer> both = race(2, i -> asPartner(partner).body(order(product, 2)).post(more.get(i)).statusCode());
        assertEquals(List.of(201, 201), both);
        assertEquals(1, sql("select count(*) from subscription where company_uuid = ? and discount_id = ?", other, auto));
        asPartner(partner).get(DISCOUNTS + "/" + auto).then().body("redemptions", equalTo(1));
    }

    @Test
    void onceRestrictionsHoldPerUserAndPerCompany() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        discount(Map.of("code", "WELCOME", "description", "Welcome", "type", "PERCENTAGE", "percentage", 20, "autoApply", false,
                "redemptionRestriction", "ONCE_PER_COMPANY"));
        UUID company = UUID.randomUUID();
        asPartner(partner).body(withCode(order(product, 1), "WELCOME")).post(buyer(partner, company, UUID.randomUUID())).then()
                .statusCode(201);
        asPartner(partner).body(withCode(order(product, 1), "WELCOME")).post(buyer(partner, company, UUID.randomUUID())).then()
                .statusCode(409).body("code", equalTo("DISCOUNT_ALREADY_REDEEMED"));
        asPartner(partner).body(withCode(order(product, 1), "WELCOME")).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID()))
                .then().statusCode(201);
    }

    @Test
    void purchaseLimitsAreEnforcedAndARefusedOrderCreatesNothing() throws Exception {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        FakeAccount.company(partner, company, c -> c.put("thirtyDaysPurchaseLimitOverrideAmt", 100));
        FakeAccount.member(company, user, true);
        String url = path(company, user);
        asPartner(partner).body(order(product, 5)).post(url).then().statusCode(201); // 50
        asPartner(partner).body(order(product, 5)).post(url).then().statusCode(201); // 100: at the limit
        asPartner(partner).body(order(product, 1)).post(url).then().statusCode(409).body("code", equalTo("PURCHASE_LIMIT_EXCEEDED"))
                .body("message", containsString("30-day purchase limit of 100.00 USD"))
                .body("message", containsString("ordered 100.00 USD"));
        assertEquals(2, sql("select count(*) from subscription where company_uuid = ?", company));

        UUID daily = UUID.randomUUID();
        FakeAccount.company(partner, daily, c -> c.put("dailyPurchaseLimitOverrideAmt", 30));
        FakeAccount.member(daily, user, true);
        asPartner(partner).body(order(product, 4)).post(path(daily, user)).then().statusCode(409)
                .body("message", containsString("daily purchase limit of 30.00 USD"));
        asPartner(partner).body(order(product, 3)).post(path(daily, user)).then().statusCode(201);

        UUID exempt = UUID.randomUUID();
        FakeAccount.company(partner, exempt, c -> c.put("dailyPurchaseLimitOverrideAmt", 1).put("dailyPurchaseLimitExempt", true));
        FakeAccount.member(exempt, user, true);
        asPartner(partner).body(order(product, 5)).post(path(exempt, user)).then().statusCode(201);

        // four orders of 50 racing under a limit of 100: exactly two fit
        UUID raced = UUID.randomUUID();
        FakeAccount.company(partner, raced, c -> c.put("thirtyDaysPurchaseLimitOverrideAmt", 100));
        FakeAccount.member(raced, user, true);
        List<Integer> codes = race(4, i -> asPartner(partner).body(order(product, 5)).post(path(raced, user)).statusCode());
        assertEquals(2, codes.stream().filter(c -> c == 201).count(), codes.toString());
        assertEquals(2, codes.stream().filter(c -> c == 409).count(), codes.toString());
        assertEquals(2, sql("select count(*) from subscription where company_uuid = ?", raced));
    }

    @Test
    void onlyEnabledMembersBuyAndOnlyAdministratorsWhenTheCompanySaysSo() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        UUID admin = UUID.randomUUID();
        UUID member = UUID.randomUUID();
        UUID disabled = UUID.randomUUID();
        FakeAccount.company(partner, company, c -> c.put("onlyAdminsCanBuy", true));
        FakeAccount.member(company, admin, true, "ROLE_SYS_ADMIN");
        FakeAccount.member(company, member, true, "ROLE_USER");
        FakeAccount.member(company, disabled, false, "ROLE_SYS_ADMIN");
        asPartner(partner).body(order(product, 1)).post(path(company, member)).then().statusCode(409)
                .body("code", equalTo("ONLY_ADMINS_CAN_BUY"));
        asPartner(partner).body(order(product, 1)).post(path(company, disabled)).then().statusCode(409)
                .body("code", equalTo("MEMBERSHIP_DISABLED"));
        asPartner(partner).body(order(product, 1)).post(path(company, UUID.randomUUID())).then().statusCode(404);
        asPartner(partner).body(order(product, 1)).post(path(UUID.randomUUID(), admin)).then().statusCode(404);
        // a company of another marketplace is not found, as account-service answers it, and its orders and invoices too
        UUID foreign = UUID.randomUUID();
        FakeAccount.company(newPartner(), foreign, c -> {
        });
        FakeAccount.member(foreign, admin, true);
        asPartner(partner).body(order(product, 1)).post(path(foreign, admin)).then().statusCode(404)
                .body("code", equalTo("NOT_FOUND")).body("message", equalTo("Company " + foreign + " was not found"));
        asPartner(partner).get(path(foreign, admin)).then().statusCode(404);
        asPartner(partner).get("/api/billing/v1/companies/" + foreign + "/invoices").then().statusCode(404);
        asPartner(partner).get("/api/billing/v1/companies/" + foreign + "/users/" + admin + "/invoices").then().statusCode(404);
        // an unknown company is not found, as everywhere else in the API
        asPartner(partner).get(path(UUID.randomUUID(), admin)).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        assertEquals(0, sql("select count(*) from subscription where company_uuid = ?", company));
        asPartner(partner).body(order(product, 1)).post(path(company, admin)).then().statusCode(201);
        as(InternalTokens.bearerAsUser(partner, admin, Roles.USER)).body(order(product, 1)).post(path(company, admin)).then()
                .statusCode(201);
    }

    @Test
    void anIdempotencyKeyOrdersOnce() throws Exception {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        String url = buyer(partner, company, UUID.randomUUID());
        String key = UUID.randomUUID().toString();
        String id = asPartner(partner).header("Idempotency-Key", key).body(order(product, 2)).post(url).then().statusCode(201)
                .extract().path("id");
        asPartner(partner).header("Idempotency-Key", key).body(order(product, 2)).post(url).then().statusCode(201)
                .header("Idempotent-Replayed", "true").header("Location", containsString(id)).body("id", equalTo(id));
        asPartner(partner).header("Idempotency-Key", key).body(order(product, 3)).post(url).then().statusCode(422)
                .body("code", equalTo("IDEMPOTENCY_KEY_REUSED"));
        assertEquals(1, sql("select count(*) from subscription where company_uuid = ?", company));

        String racedKey = UUID.randomUUID().toString();
        List<String> ids = race(6, i -> asPartner(partner).header("Idempotency-Key", racedKey).body(order(product, 1)).post(url)
                .then().statusCode(201).extract().path("id"));
        assertTrue(ids.stream().allMatch(ids.get(0)::equals), ids.toString());
        assertEquals(2, sql("select count(*) from subscription where company_uuid = ?", company));
        assertEquals(1, sql("select count(*) from outbox_event where type = 'SUBSCRIPTION_ORDER' and aggregate_id = ?", ids.get(0)));
    }

    @Test
    void anIdempotencyKeyIsTheBuyersAndIsReplayedOnlyToWhoMayStillBuy() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        UUID buyer = UUID.randomUUID();
        String url = buyer(partner, company, buyer);
        String key = UUID.randomUUID().toString();
        String asBuyer = InternalTokens.bearerAsUser(partner, buyer, Roles.USER);
        String id = as(asBuyer).header("Idempotency-Key", key).body(order(product, 2)).post(url).then().statusCode(201)
                .extract().path("id");
        // the same consumer without a user (the channel), same key and request: its own order, not the buyer's answer
        String channels = asPartner(partner).header("Idempotency-Key", key).body(order(product, 2)).post(url).then()
                .statusCode(201).header("Idempotent-Replayed", nullValue()).extract().path("id");
        assertNotEquals(id, channels);
        // the buyer's membership disabled: the refusal a fresh order gets, never the stored answer
        FakeAccount.member(company, buyer, false);
        as(asBuyer).header("Idempotency-Key", key).body(order(product, 2)).post(url).then().statusCode(409)
                .body("code", equalTo("MEMBERSHIP_DISABLED")).header("Idempotent-Replayed", nullValue());
        FakeAccount.member(company, buyer, true);
        as(asBuyer).header("Idempotency-Key", key).body(order(product, 2)).post(url).then().statusCode(201)
                .header("Idempotent-Replayed", "true").body("id", equalTo(id));
        assertEquals(2, sql("select count(*) from subscription where company_uuid = ?", company));
    }

    interface Indexed<T> {
        T call(int i) throws Exception;
    }
}
