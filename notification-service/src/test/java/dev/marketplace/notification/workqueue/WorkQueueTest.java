package dev.marketplace.notification.workqueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.notification.Transactions;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;

/**
 * The one claim mechanism of the service's queues, against real PostgreSQL, on a table of its own (so that the
 * service's jobs do not race the test): due rows are claimed once (PENDING → SENDING, one more attempt, a lease),
 * never twice, oldest due first and at most the batch; rows not due or not PENDING are left alone; a claim whose lease
 * lapsed is found, one whose lease holds is not; and the retry schedule doubles up to its cap and ends the budget.
 */
@QuarkusTest
class WorkQueueTest {
    private static final String TABLE = "work_queue_probe";
    private final WorkQueue<Long> queue = new WorkQueue<>(TABLE, Long.class, Duration.ofSeconds(30));

    private static <T> T tx(java.util.function.Supplier<Uni<T>> work) {
        return Transactions.inTransaction(work);
    }

    private static Uni<Integer> sql(String statement, Object... parameters) {
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(statement);
            for (int i = 0; i < parameters.length; i++) {
                query.setParameter(i + 1, parameters[i]);
            }
            return query.executeUpdate();
        });
    }

    private static OffsetDateTime at(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    @BeforeEach
    void probeTable() {
        tx(() -> sql("create table if not exists " + TABLE + " (id bigint primary key, status varchar(16) not null,"
                + " attempts integer not null default 0, next_attempt_at timestamptz not null, last_attempt_on timestamptz,"
                + " lease_until timestamptz)").chain(() -> sql("delete from " + TABLE)));
    }

    private static void row(long id, String status, Instant due, Instant lease) {
        tx(() -> sql("insert into " + TABLE + " (id, status, next_attempt_at, lease_until) values (?1, ?2, ?3, ?4)", id, status,
                at(due), lease == null ? null : at(lease)));
    }

    @Test
    void dueRowsAreClaimedOnceOldestFirstWithALease() {
        Instant now = Instant.now();
        row(1, "PENDING", now.minusSeconds(5), null);
        row(2, "PENDING", now.minusSeconds(60), null);
        row(3, "PENDING", now.minusSeconds(30), null);
        row(4, "PENDING", now.plusSeconds(60), null); // not due yet
        row(5, "PARKED", now.minusSeconds(90), null); // not PENDING

        List<Long> first = tx(() -> queue.claim(now, 2));
        assertEquals(List.of(2L, 3L), first.stream().sorted().toList(), "the two oldest due rows");
        List<Long> second = tx(() -> queue.claim(now, 10));
        assertEquals(List.of(1L), second, "a claimed row is never claimed again");
        assertEquals(List.of(), tx(() -> queue.claim(now, 10)));

        List<Object> claimed = tx(() -> Panache.getSession().chain(s -> s.<Object> createNativeQuery("select status || ':' || attempts || ':'"
                + " || (lease_until > now() + interval '20 seconds') from " + TABLE + " where id in (1, 2, 3) order by id")
                .getResultList()));
        assertEquals(List.of("SENDING:1:true", "SENDING:1:true", "SENDING:1:true"), claimed);
        Set<Long> untouched = new HashSet<>(tx(() -> Panache.getSession().chain(s -> s.createNativeQuery(
                "select id from " + TABLE + " where attempts = 0", Long.class).getResultList())));
        assertEquals(Set.of(4L, 5L), untouched);
    }

    @Test
    void aClaimWhoseLeaseLapsedIsFoundAndOneThatHoldsIsNot() {
        Instant now = Instant.now();
        row(11, "SENDING", now.minusSeconds(120), now.minusSeconds(1)); // its process stopped mid-attempt
        row(12, "SENDING", now.minusSeconds(120), now.plusSeconds(20)); // still being worked on
        row(13, "PENDING", now.minusSeconds(120), now.minusSeconds(1)); // released: not a claim
        assertEquals(List.of(11L), tx(() -> queue.lapsed(now, 10)));
    }

    @Test
    void theRetryScheduleDoublesUpToItsCapAndEndsTheBudget() {
        RetrySchedule schedule = new RetrySchedule(4, Duration.ofSeconds(10), Duration.ofSeconds(30));
        assertEquals(Duration.ofSeconds(10), schedule.backoff(1));
        assertEquals(Duration.ofSeconds(20), schedule.backoff(2));
        assertEquals(Duration.ofSeconds(30), schedule.backoff(3), "capped");
        assertEquals(Duration.ofSeconds(30), schedule.backoff(40));
        assertFalse(schedule.exhausted(3));
        assertTrue(schedule.exhausted(4));
        Instant now = Instant.now();
        assertEquals(now.plusSeconds(20), schedule.next(2, now));
    }
}
