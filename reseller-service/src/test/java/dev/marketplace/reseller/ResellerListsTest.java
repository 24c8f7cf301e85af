package dev.marketplace.reseller;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;

import jakarta.inject.Inject;

import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.persistence.NativeSelects;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.security.Roles;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Totals and statements of the lists: an unfiltered list's total is exact (a counter kept by triggers, as are the
 * memberships' copies of their users), a filtered one is exact up to {@link Total#CAP} rows and flagged beyond; a page runs as
 * many statements whatever its size (what each row carries is fetched once per page, never once per row).
 */
@QuarkusTest
class ResellerListsTest {
    static final String USERS = "/api/appReseller/v1/users";
    static final String COMPANIES = "/api/appReseller/v1/companies";
    static final String ASSOCIATIONS = "/api/appReseller/v1/companyAssociations";

    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void usersTotalsAreExactUnfilteredAndCappedFiltered() {
        Fixtures f = new Fixtures();
        UUID big = f.reseller("Big Reseller");
        UUID alice = f.member(big, "ACTIVE", Roles.SYS_ADMIN);
        // 10,001 more members written through the schema: the triggers copy each user onto its membership and count it
        Fixtures.sql("insert into directory_user (id, partner, email, first_name, last_name, status, created_on,"
                + " source_version) select md5(?::text || i)::uuid, ?, 'bulk' || i || '@counted.example', 'Bulk', 'Member',"
                + " 'ACTIVE', now() - make_interval(secs => i), now() from generate_series(1, 10001) i", f.partner, f.partner);
        Fixtures.sql("insert into directory_membership (company_id, user_id, partner, created_on, source_version)"
                + " select ?, md5(?::text || i)::uuid, ?, now(), now() from generate_series(1, 10001) i", big, f.partner,
                f.partner);
        String company = USERS + "?context=RESELLER_MANAGER&size=5&companyId=" + big;
        f.asManager().get(company).then().statusCode(200).body("page.totalElements", equalTo(10_002))
                .body("page.totalPages", equalTo(2_001)).body("page", not(hasKey("totalElementsCapped")));
        f.asManager().get(USERS + "?context=RESELLER_MANAGER&size=5").then().statusCode(200)
                .body("page.totalElements", equalTo(10_002)).body("page", not(hasKey("totalElementsCapped")));
        f.asManager().get(company + "&searchText=counted.example").then().statusCode(200)
                .body("page.totalElements", equalTo(Total.CAP)).body("page.totalElementsCapped", equalTo(true));
        f.asManager().get(company + "&searchText=" + f.email(alice)).then().body("page.totalElements", equalTo(1))
                .body("content[0].id", equalTo(alice.toString())).body("page", not(hasKey("totalElementsCapped")));
        // a removed user leaves the list and its total at once
        Fixtures.sql("update directory_user set status = 'DELETED' where id = md5(?::text || 1)::uuid", f.partner);
        f.asManager().get(company).then().body("page.totalElements", equalTo(10_001));
        // numOfUsers is the company's counter: exact
        f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER").then().statusCode(200)
                .body("find { it.id == '" + big + "' }.numOfUsers", equalTo(10_001));

        long small = statements(() -> f.asManager().get(USERS + "?context=RESELLER_MANAGER&size=2&companyId=" + big)
                .then().statusCode(200).body("content.size()", equalTo(2)));
        long large = statements(() -> f.asManager().get(USERS + "?context=RESELLER_MANAGER&size=12&companyId=" + big)
                .then().statusCode(200).body("content.size()", equalTo(12)));
        assertTrue(small > 0, "statements are counted");
        assertEquals(small, large, "statements per page do not grow with the page");
    }

    @Test
    void companiesAndAssociationsRunAsManyStatementsWhateverThePageAndCountExactly() {
        Fixtures f = new Fixtures();
        UUID reseller = f.reseller("Associating Reseller");
        // 12 program companies (each associated with the reseller) and 10,001 associations to unknown customers, older
        Fixtures.sql("insert into directory_company (id, partner, name, reseller, created_on, source_version)"
                + " select md5(?::text || i)::uuid, ?, 'Counted ' || i, true, now() - make_interval(secs => i), now()"
                + " from generate_series(1, 12) i", f.partner, f.partner);
        Fixtures.sql("insert into company_association (id, partner, reseller_company_id, customer_company_id, origin,"
                + " created_on) select gen_random_uuid(), ?, ?, md5(?::text || i)::uuid, 'ASSOCIATED',"
                + " now() - make_interval(secs => i) from generate_series(1, 12) i", f.partner, reseller, f.partner);
        Fixtures.sql("insert into company_association (id, partner, reseller_company_id, customer_company_id, origin,"
                + " created_on) select gen_random_uuid(), ?, ?, gen_random_uuid(), 'ASSOCIATED',"
                + " now() - interval '1 day' - make_interval(secs => i) from generate_series(1, 10001) i", f.partner, reseller);

        assertEquals(4, Fixtures.number("select count(*) from company_association a join directory_company c"
                + " on c.id = a.customer_company_id where a.reseller_company_id = ? and lower(c.name) like '%counted 1%'",
                reseller), "the staged customers");
        String associations = ASSOCIATIONS + "?resellerCompanyId=" + reseller;
        f.asManager().get(associations + "&size=5").then().statusCode(200).body("page.totalElements", equalTo(10_013))
                .body("page", not(hasKey("totalElementsCapped")));
        f.asManager().get(associations + "&size=5&createdOn=gte(0)").then().statusCode(200)
                .body("page.totalElements", equalTo(Total.CAP)).body("page.totalElementsCapped", equalTo(true));
        f.asManager().queryParam("searchText", "counted 1").get(associations + "&size=5").then().statusCode(200)
                .body("page.totalElements", equalTo(4)).body("page", not(hasKey("totalElementsCapped")));

        long small = statements(() -> f.asManager().get(associations + "&size=2").then().statusCode(200)
                .body("content.size()", equalTo(2)));
        long large = statements(() -> f.asManager().get(associations + "&size=12").then().statusCode(200)
                .body("content.size()", equalTo(12)).body("content[11].customerCompany.name", equalTo("Counted 12")));
        assertEquals(small, large, "statements per page do not grow with the page");

        long fewCompanies = statements(() -> f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&size=2").then()
                .statusCode(200).body("size()", equalTo(2)));
        long manyCompanies = statements(() -> f.asManager().get(COMPANIES + "?context=RESELLER_MANAGER&size=12").then()
                .statusCode(200).body("size()", equalTo(12)));
        assertTrue(fewCompanies > 0, "statements are counted");
        assertEquals(fewCompanies, manyCompanies, "statements per page do not grow with the page");
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
