package dev.marketplace.billing;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Billing's company-scoped lists (a company's invoices, a user's invoices and subscriptions in a company) for a
 * company account-service does not know: 404, as everywhere else in the API, for every caller; a known company with
 * nothing billed is an empty list, another marketplace's company the same 404 as an unknown one.
 */
@QuarkusTest
class UnknownCompanyTest {
    private final String partner = newPartner();

    private static List<String> lists(UUID company, UUID user) {
        String base = "/api/billing/v1/companies/" + company;
        return List.of(base + "/invoices", base + "/users/" + user + "/invoices", base + "/users/" + user + "/subscriptions");
    }

    @Test
    void aCompanyAccountServiceDoesNotKnowIsNotFound() {
        UUID unknown = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        for (String list : lists(unknown, user)) {
            asPartner(partner).get(list).then().statusCode(404).body("code", equalTo("NOT_FOUND"))
                    .body("message", equalTo("Company " + unknown + " was not found"));
            as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(list).then().statusCode(404);
        }
        // the user asking for their own, and a user asking for the company's
        String asUser = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        for (String list : lists(unknown, user).subList(1, 3)) {
            as(asUser).get(list).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        }
        as(asUser).get(lists(unknown, user).get(0)).then().statusCode(404);

        // not remembered: once account-service knows the company, it is there
        FakeAccount.buyer(partner, unknown, user);
        for (String list : lists(unknown, user)) {
            asPartner(partner).get(list).then().statusCode(200).body("$", hasSize(0));
        }
    }

    @Test
    void aKnownCompanyWithNothingBilledIsAnEmptyList() {
        UUID company = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        FakeAccount.buyer(partner, company, user);
        for (String list : lists(company, user)) {
            asPartner(partner).get(list).then().statusCode(200).body("$", hasSize(0));
        }
        String asUser = InternalTokens.bearerAsUser(partner, user, Roles.USER);
        for (String list : lists(company, user).subList(1, 3)) {
            as(asUser).get(list).then().statusCode(200).body("$", hasSize(0));
        }
        asPartner(partner).get(lists(company, user).get(0)).then().header("X-Total-Count", "0");
        // a member who administers nothing may not read the company's invoices
        as(asUser).get(lists(company, user).get(0)).then().statusCode(403);
    }

    /**
     * Another marketplace's company answers exactly as an unknown one (account-service does not find it in the caller's
     * marketplace): the same 404 body but for the id, for every caller, so that ids tell nothing of other marketplaces'
     * companies. The old code passed on account-service's 403.
     */
    @Test
    void anotherMarketplacesCompanyIsAsUnknownAsAMissingOne() {
        UUID theirs = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        FakeAccount.buyer(newPartner(), theirs, user);
        for (UUID company : List.of(theirs, UUID.randomUUID())) {
            String body = "{\"code\":\"NOT_FOUND\",\"message\":\"Company " + company + " was not found\"}";
            for (String list : lists(company, user)) {
                asPartner(partner).get(list).then().statusCode(404).body(errorBody(body));
                as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).get(list).then().statusCode(404).body(errorBody(body));
                // a token of this marketplace acting as the other marketplace's member
                as(InternalTokens.bearerAsUser(partner, user, Roles.USER)).get(list).then().statusCode(404)
                        .body(errorBody(body));
            }
        }
    }
}
