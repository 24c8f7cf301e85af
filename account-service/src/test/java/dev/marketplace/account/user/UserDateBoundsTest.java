package dev.marketplace.account.user;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import io.quarkus.test.junit.QuarkusTest;

/** The users' {@code lastModified} filter (a lower bound) at the millisecond a user shows includes them. */
@QuarkusTest
class UserDateBoundsTest {
    private final Fixtures f = new Fixtures();

    private boolean listed(String user, long lastModified) {
        List<String> found = f.asPartner().queryParam("lastModified", lastModified).get("/api/account/v2/users").then()
                .statusCode(200).extract().jsonPath().getList("content.uuid");
        return found.contains(user);
    }

    @Test
    void aUserModifiedAtTheBoundsMillisecondIsInsideIt() {
        Co co = f.company("Bounds Co", true);
        String user = co.adminUuid();
        // microseconds within the millisecond the user shows, as a clock with microseconds leaves them
        Fixtures.sql("update app_user set last_modified = date_trunc('milliseconds', last_modified) + interval '987 microseconds'"
                + " where uuid = ?", UUID.fromString(user));
        long shown = f.asPartner().get("/api/account/v2/users/" + user).then().statusCode(200).extract().jsonPath()
                .getLong("lastModified");

        assertTrue(listed(user, shown), "lastModified at its millisecond");
        assertTrue(listed(user, shown - 1), "lastModified a millisecond before");
        assertFalse(listed(user, shown + 1), "lastModified a millisecond after");
    }
}
