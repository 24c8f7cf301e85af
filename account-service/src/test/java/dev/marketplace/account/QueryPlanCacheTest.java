package dev.marketplace.account;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/**
 * A list asked again finds every plan of its queries in Hibernate's plan cache. Hibernate Reactive's native selects
 * never do (their result mapping equals no other): run through a session, each request added one more copy of its
 * page and count SQL to the cache, and each lookup compared the SQL with every copy. The lists' native selects run on
 * the reactive pool instead ({@code NativeSelects}); what goes through Hibernate is HQL, whose plans are found.
 */
@QuarkusTest
class QueryPlanCacheTest {
    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void aListAskedAgainMissesNoQueryPlan() {
        Fixtures f = new Fixtures();
        for (int i = 0; i < 3; i++) {
            f.asPartner().body(Map.of("name", "Planned " + i)).post("/api/account/v2/companies").then().statusCode(201);
        }
        Fixtures.Co co = f.company("Members Of The Plan", true);
        for (int i = 0; i < 3; i++) {
            f.member(co, "planned" + i + "-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        }
        // first runs: the HQL of the page's rows is interpreted once
        f.asPartner().get("/api/account/v2/companies?size=2&name=Planned").then().statusCode(200);
        f.asPartner().get("/api/account/v2/users?size=2").then().statusCode(200);
        f.asPartner().get(Fixtures.members(co.uuid()) + "?size=2").then().statusCode(200);
        var stats = sessions.getStatistics();
        long misses = stats.getQueryPlanCacheMissCount();
        long hits = stats.getQueryPlanCacheHitCount();
        for (int i = 0; i < 20; i++) {
            // a filtered page (its ids, then its capped count: 3 match, the page holds 2), counted ones, and a page
            // whose users are read with it
            f.asPartner().get("/api/account/v2/companies?size=2&name=Planned").then().statusCode(200)
                    .body("content.size()", equalTo(2)).body("page.totalElements", equalTo(3));
            f.asPartner().get("/api/account/v2/users?size=2").then().statusCode(200).body("content.size()", equalTo(2));
            f.asPartner().get(Fixtures.members(co.uuid()) + "?size=2").then().statusCode(200)
                    .body("content.size()", equalTo(2)).body("content[1].user.email", org.hamcrest.Matchers.notNullValue());
        }
        assertEquals(0, stats.getQueryPlanCacheMissCount() - misses, "query plans made again");
        assertTrue(stats.getQueryPlanCacheHitCount() - hits >= 60, "the pages' HQL is found in the cache");
    }
}
