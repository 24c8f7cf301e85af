package dev.marketplace.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.inject.Inject;

import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.persistence.NativeSelects;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Lists fetch what each row carries (custom attributes, purchase limits, the memberships' users) with one query per
 * page, never one per row: a page of 12 runs exactly as many statements as a page of 2.
 */
@QuarkusTest
class ListStatementsTest {
    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void companiesWithCustomAttributes() {
        Fixtures f = new Fixtures();
        for (int i = 0; i < 12; i++) {
            f.asPartner().body(Map.of("name", "Counted " + i, "customAttributes",
                    List.of(Map.of("name", "region", "value", "r" + i), Map.of("name", "tier", "value", "t" + i))))
                    .post("/api/account/v2/companies").then().statusCode(201);
        }
        long small = statements(() -> f.asPartner().get("/api/account/v2/companies?size=2&includeCustomAttributes=true")
                .then().statusCode(200).body("content.size()", org.hamcrest.Matchers.equalTo(2)));
        long large = statements(() -> f.asPartner().get("/api/account/v2/companies?size=12&includeCustomAttributes=true")
                .then().statusCode(200).body("content.size()", org.hamcrest.Matchers.equalTo(12))
                .body("content[11].customAttributes.size()", org.hamcrest.Matchers.equalTo(2)));
        assertTrue(small > 0, "statements are counted");
        assertEquals(small, large, "statements per page do not grow with the page");
    }

    @Test
    void membershipsWithTheirUsers() {
        Fixtures f = new Fixtures();
        Fixtures.Co co = f.company("Counted Members", true);
        for (int i = 0; i < 11; i++) {
            f.member(co, "m" + i + "-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        }
        long small = statements(() -> f.asPartner().get(Fixtures.members(co.uuid()) + "?size=2").then().statusCode(200)
                .body("content.size()", org.hamcrest.Matchers.equalTo(2)));
        long large = statements(() -> f.asPartner().get(Fixtures.members(co.uuid()) + "?size=12").then().statusCode(200)
                .body("content.size()", org.hamcrest.Matchers.equalTo(12)).body("content[11].user.email",
                        org.hamcrest.Matchers.notNullValue()));
        assertTrue(small > 0, "statements are counted");
        assertEquals(small, large, "statements per page do not grow with the page");
    }

    /** Queries, and single entity or collection fetches, Hibernate ran during {@code call}. */
    private long statements(Runnable call) {
        var stats = sessions.getStatistics();
        long before = stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                + NativeSelects.executed();
        call.run();
        return stats.getQueryExecutionCount() + stats.getEntityFetchCount() + stats.getCollectionFetchCount()
                + NativeSelects.executed() - before;
    }
}
