package dev.marketplace.lead;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;

/** Four times the pool's size of list requests at once, each answered 200 within 2 s (one connection per request). */
@QuarkusTest
class ListConcurrencyTest {
    @Test
    void everyListAnswersABurstOfFourTimesThePoolSize() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        long product = StubCatalog.product("Burst", false);
        String lead = Leads.create(Leads.anonymous(partner), "?context=ANONYMOUS", Leads.body(partner, "PRODUCT",
                "\"product\":{\"id\":\"" + product + "\"}"));
        String q = "?context=CHANNEL_ADMIN&companyId=" + marketplace;
        List<String> lists = List.of("/api/lead/v2/leads" + q + "&size=1", "/api/lead/v2/leads" + q + "&size=1&status=SUBMITTED",
                "/api/lead/v2/leads" + q + "&size=1&searchText=acme", "/api/lead/v2/leads/" + lead + "/activities" + q + "&size=1");
        SimultaneousRequests.assertAllAnswered(lists, InternalTokens.bearer(partner, Roles.PARTNER, Roles.CHANNEL_ADMIN,
                Roles.SUPER_SUPPORT), Duration.ofSeconds(2));
    }
}
