package dev.marketplace.reseller;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DateBounds;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/**
 * Date filters bounded at the millisecond an item shows include it, whatever microseconds its row keeps: associations'
 * {@code createdOn=gte()/lte()}, the reseller users' and companies' {@code fromDate}/{@code toDate}.
 */
@QuarkusTest
class DateBoundsTest {
    private static final String API = "/api/appReseller/v1";
    private final Fixtures f = new Fixtures();

    /** Microseconds within the millisecond the row shows, as a clock with microseconds leaves them. */
    private static void microseconds(String table, String column, String key, UUID id) {
        Fixtures.sql("update " + table + " set " + column + " = date_trunc('milliseconds', " + column
                + ") + interval '987 microseconds' where " + key + " = ?", id);
    }

    private static String dates(Long from, Long to) {
        return (from == null ? "" : "&fromDate=" + from) + (to == null ? "" : "&toDate=" + to);
    }

    @Test
    void associations() {
        UUID reseller = f.reseller("Bounds Reseller");
        UUID customer = f.company("Bounds Customer", Map.of());
        String id = f.asManager().body(Map.of("resellerCompanyId", reseller.toString(), "customerCompanyId", customer.toString()))
                .post(API + "/companyAssociations").then().statusCode(200).extract().path("id");
        microseconds("company_association", "created_on", "id", UUID.fromString(id));
        String list = API + "/companyAssociations?resellerCompanyId=" + reseller;
        long shown = f.asManager().get(list).then().statusCode(200).extract().jsonPath().getLong("content[0].createdOn");

        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> f.asManager()
                .get(list + (from == null ? "" : "&createdOn=gte(" + from + ")") + (to == null ? "" : "&createdOn=lte(" + to + ")"))
                .then().statusCode(200).extract().jsonPath().getList("content.id").contains(id)));
    }

    @Test
    void resellerCompanies() {
        UUID reseller = f.reseller("Bounds Program Reseller");
        microseconds("directory_company", "created_on", "id", reseller);
        String list = API + "/companies?context=RESELLER_MANAGER";
        long shown = f.asManager().get(list).then().statusCode(200).extract().jsonPath()
                .getLong("find { it.id == '" + reseller + "' }.createdOn");

        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> f.asManager().get(list + dates(from, to))
                .then().statusCode(200).extract().jsonPath().getList("id").contains(reseller.toString())));
    }

    @Test
    void resellerUsers() {
        UUID reseller = f.reseller("Bounds Users Reseller");
        UUID rita = f.member(reseller, "ACTIVE", Roles.RESELLER);
        microseconds("directory_user", "created_on", "id", rita);
        String list = API + "/users?context=RESELLER_MANAGER";
        JsonPath all = f.asManager().get(list).then().statusCode(200).extract().jsonPath();
        long shown = all.getLong("content.find { it.id == '" + rita + "' }.createdOn");

        assertEquals(List.of(), DateBounds.misjudged(shown, (from, to) -> f.asManager().get(list + dates(from, to))
                .then().statusCode(200).extract().jsonPath().getList("content.id").contains(rita.toString())));
    }
}
