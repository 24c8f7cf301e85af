package dev.marketplace.reseller;

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
        Fixtures f = new Fixtures();
        UUID reseller = f.reseller("Burst Reseller");
        f.member(reseller, "ACTIVE", Roles.SYS_ADMIN);
        List<String> lists = List.of(ResellerListsTest.USERS + "?context=RESELLER_MANAGER&size=1",
                ResellerListsTest.USERS + "?context=RESELLER_MANAGER&size=1&companyId=" + reseller,
                ResellerListsTest.COMPANIES + "?context=RESELLER_MANAGER&size=1",
                ResellerListsTest.ASSOCIATIONS + "?resellerCompanyId=" + reseller + "&size=1",
                ResellerListsTest.ASSOCIATIONS + "?resellerCompanyId=" + reseller + "&size=1&createdOn=gte(0)");
        SimultaneousRequests.assertAllAnswered(lists, InternalTokens.bearer(f.partner, Roles.RESELLER_MANAGER),
                Duration.ofSeconds(2));
    }
}
