package dev.marketplace.account;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Four times the pool's size of list requests at once, each answered 200 within 2 s: a list request holds at most one
 * database connection at a time (before, each held its session's connection while it waited for another for the
 * page's ids or count, and 25 simultaneous requests froze every list for the pool's 30 s timeout).
 */
@QuarkusTest
class ListConcurrencyTest {
    @Test
    void everyListAnswersABurstOfFourTimesThePoolSize() {
        Fixtures f = new Fixtures();
        Fixtures.Co co = f.company("Burst " + UUID.randomUUID(), true);
        f.member(co, "burst-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        List<String> lists = List.of("/api/account/v2/companies?size=1", "/api/account/v2/users?size=1",
                "/api/account/v2/companies?size=1&name=Burst", Fixtures.members(co.uuid()) + "?size=1",
                "/api/account/v2/companies/" + co.uuid() + "/groups?size=1");
        SimultaneousRequests.assertAllAnswered(lists, InternalTokens.bearer(f.partner, Roles.PARTNER),
                Duration.ofSeconds(2));
    }
}
