package dev.marketplace.notification.workqueue;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Claims due rows of one table of {@link QueuedWork} so that each is worked on by one process at a time, across
 * replicas: in one statement, rows that are PENDING and due are locked ({@code for update skip locked}: another
 * replica skips them instead of waiting), set SENDING with one more attempt and a lease, and their ids returned. The
 * claim commits before the work starts; the worker then records the outcome in the transaction that releases the
 * claim (status leaves SENDING), so an outcome is never recorded without its claim being released, nor the reverse.
 * A row still SENDING after its lease lapsed was interrupted (the process stopped): {@link #lapsed} finds it, and its
 * queue decides whether to try it again or give it up.
 *
 * @param <I> the id type of the table
 */
public final class WorkQueue<I> {
    private final String table;
    private final Class<I> idType;
    private final Duration lease;

    /** {@code table} is a constant of the caller (never input); {@code lease} outlasts the longest attempt. */
    public WorkQueue(String table, Class<I> idType, Duration lease) {
        this.table = table;
        this.idType = idType;
        this.lease = lease;
    }

    public Duration lease() {
        return lease;
    }

    /** Claims up to {@code limit} due rows, oldest due first; emits their ids. Must run inside a transaction. */
    public Uni<List<I>> claim(Instant now, int limit) {
        OffsetDateTime at = OffsetDateTime.ofInstant(now, ZoneOffset.UTC);
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "update " + table + " set status = 'SENDING', attempts = attempts + 1, last_attempt_on = ?1,"
                        + " lease_until = ?2 where id in (select id from " + table
                        + " where status = 'PENDING' and next_attempt_at <= ?1 order by next_attempt_at, id limit ?3"
                        + " for update skip locked) returning id", idType)
                .setParameter(1, at)
                .setParameter(2, OffsetDateTime.ofInstant(now.plus(lease), ZoneOffset.UTC))
                .setParameter(3, limit)
                .getResultList());
    }

    /** Rows left SENDING past their lease, locked for the caller's transaction; emits their ids. */
    public Uni<List<I>> lapsed(Instant now, int limit) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "select id from " + table + " where status = 'SENDING' and lease_until < ?1 order by lease_until, id"
                        + " limit ?2 for update skip locked", idType)
                .setParameter(1, OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
                .setParameter(2, limit)
                .getResultList());
    }
}
