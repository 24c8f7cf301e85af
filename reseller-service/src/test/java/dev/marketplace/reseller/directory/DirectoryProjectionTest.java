package dev.marketplace.reseller.directory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.security.Roles;
import dev.marketplace.reseller.AccountEvents;
import dev.marketplace.reseller.Fixtures;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The directory follows account-service's events as account-service writes them (captured envelopes), through the
 * real broker: only newer states apply, each event once, partial payloads leave other fields alone, and a bad event
 * does not stop the ones after it.
 */
@QuarkusTest
class DirectoryProjectionTest {
    private final Fixtures f = new Fixtures();

    private static String text(String query, Object... params) {
        return Fixtures.number("select count(*) from directory_company where " + query, params) == 1 ? "yes" : "no";
    }

    @Test
    void companyEventsApplyNewerStatesOnlyAndKeepAbsentFields() {
        UUID company = f.company("Original Name", Map.of("externalId", "orig-" + f.partner, "phoneNumber", "555-0000"));
        long now = System.currentTimeMillis();
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, company, renamed("Renamed"), now + 1000));
        Fixtures.eventually(() -> "yes".equals(text("id = ? and name = 'Renamed' and reseller", company)), "renamed");

        // an older state arriving late changes nothing
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, company, Map.of("name", "Stale"), now + 500));
        // a partial payload (account-service's managed-company conversion) changes only what it carries
        ObjectNode partial = AccountEvents.company("COMPANY_UPDATED", f.partner, company, Map.of(), now + 2000);
        ObjectNode payload = (ObjectNode) partial.get("payload");
        payload.removeAll();
        payload.put("uuid", company.toString());
        payload.put("allowLogin", false);
        payload.put("managed", true);
        AccountEvents.publish(partial);
        Fixtures.eventually(() -> "yes".equals(text("id = ? and not allow_login", company)), "partial");
        assertEquals("yes", text("id = ? and name = 'Renamed' and phone = '555-0000' and reseller", company));

        // the same event delivered twice applies once: had the copy (newer in time) applied, "Last" would be too old
        ObjectNode once = AccountEvents.company("COMPANY_UPDATED", f.partner, company, renamed("Once"), now + 3000);
        AccountEvents.publish(once);
        once.put("occurredOn", now + 4000);
        ((ObjectNode) once.get("payload")).put("name", "Twice");
        AccountEvents.publish(once);
        // a malformed event and another source's event (both newer) are skipped, and do not stop the next one
        ObjectNode malformed = AccountEvents.company("COMPANY_UPDATED", f.partner, company, renamed("Bad"), now + 5000);
        ((ObjectNode) malformed.get("payload")).remove("uuid");
        AccountEvents.publish(malformed);
        ObjectNode foreign = AccountEvents.company("COMPANY_UPDATED", f.partner, company, renamed("Foreign"), now + 5000);
        foreign.put("source", "lead-service");
        AccountEvents.publish(foreign);
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, company, renamed("Last"), now + 3500));
        Fixtures.eventually(() -> "yes".equals(text("id = ? and name = 'Last'", company)), "last");
        assertEquals(1, Fixtures.number("select count(*) from processed_event where consumer = 'reseller-directory'"
                + " and event_id = ?::uuid", once.path("id").asText()));
    }

    private Map<String, Object> renamed(String name) {
        return Map.of("name", name, "reseller", true, "phoneNumber", "555-0000", "externalId", "orig-" + f.partner);
    }

    @Test
    void membershipEventsFollowUsersAndTheirMemberships() {
        UUID company = f.company("Members Co", Map.of());
        UUID user = UUID.randomUUID();
        String email = f.email(user);
        long now = System.currentTimeMillis();
        // a company's first user arrives without names; the membership status is the user's until a full view comes
        AccountEvents.publish(AccountEvents.firstUser(f.partner, company, user, email, now));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_user where id = ? and email = ?"
                + " and status = 'ACTIVE' and first_name is null", user, email) == 1, "first user");
        assertEquals(1, Fixtures.number("select count(*) from directory_membership where user_id = ?"
                + " and roles = ',ROLE_SYS_ADMIN,' and enabled", user));

        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_ROLES_UPDATED", f.partner, company, user, email, "ACTIVE",
                List.of(Roles.SYS_ADMIN, Roles.RESELLER), true, now + 1000));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ?"
                + " and roles = ',ROLE_SYS_ADMIN,ROLE_RESELLER,'", user) == 1, "roles");
        assertEquals(1, Fixtures.number("select count(*) from directory_user where id = ? and first_name is not null", user));

        // removed: a tombstone, which an older state arriving late does not bring back
        AccountEvents.publish(AccountEvents.membershipDeleted(f.partner, company, user, true, now + 2000));
        Fixtures.eventually(() -> Fixtures.number("select count(*) from directory_membership where user_id = ? and deleted",
                user) == 1, "deleted");
        assertEquals(1, Fixtures.number("select count(*) from directory_user where id = ? and status = 'DELETED'", user));
        AccountEvents.publish(AccountEvents.membership("MEMBERSHIP_UPDATED", f.partner, company, user, email, "ACTIVE",
                List.of(Roles.USER), true, now + 1500));
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, company, Map.of("name", "Marker"),
                System.currentTimeMillis()));
        Fixtures.eventually(() -> "yes".equals(text("id = ? and name = 'Marker'", company)), "marker");
        assertEquals(1, Fixtures.number("select count(*) from directory_membership where user_id = ? and deleted"
                + " and roles = ',ROLE_SYS_ADMIN,ROLE_RESELLER,'", user));

        // another marketplace's event about the same ids changes nothing here
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", "X" + f.partner, company, Map.of("name", "Hijack"),
                System.currentTimeMillis() + 10_000));
        AccountEvents.publish(AccountEvents.company("COMPANY_UPDATED", f.partner, company, Map.of("name", "Marker 2"),
                System.currentTimeMillis() + 1000));
        Fixtures.eventually(() -> "yes".equals(text("id = ? and name = 'Marker 2'", company)), "marker 2");
        assertEquals("yes", text("id = ? and partner = ?", company, f.partner));
    }
}
