package dev.marketplace.gateway.nonce.repository;

import jakarta.enterprise.context.ApplicationScoped;

import io.vertx.core.Future;
import io.vertx.pgclient.PgConnection;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;

/**
 * The nonce leader's lock and its row (table nonce_leader), on the connection a replica keeps for them: the advisory
 * lock is held by that connection's session, so it is released the moment the session ends, however it ends.
 */
@ApplicationScoped
public class LeaderRecord {
    /** NOTIFY channel announcing a new leader or a leader stepping down. */
    public static final String CHANNEL = "nonce_leader";
    /** Advisory lock key of the nonce leader ("nonceLdr"). */
    public static final long LOCK_KEY = 0x6e6f6e63654c6472L;

    /** Who leads, as last written. */
    public record Leader(String instance, String address, long term, boolean released) {
    }

    public Future<Void> listen(PgConnection connection) {
        return connection.query("LISTEN " + CHANNEL).execute().mapEmpty();
    }

    /** True when this session now holds (or already held) the leader's lock. */
    public Future<Boolean> tryLock(PgConnection connection) {
        return connection.preparedQuery("select pg_try_advisory_lock($1)").execute(Tuple.of(LOCK_KEY))
                .map(rows -> rows.iterator().next().getBoolean(0));
    }

    /** A round trip proving the session, and with it the lock, is still alive. */
    public Future<Void> ping(PgConnection connection) {
        return connection.query("select 1").execute().mapEmpty();
    }

    /** The last leader written, or null when none ever led. */
    public Future<Leader> read(PgConnection connection) {
        return connection.query("select instance, address, term, released from nonce_leader where id = 1").execute()
                .map(LeaderRecord::leader);
    }

    /** Writes this replica as the leader of a new term and announces it; emits the term. */
    public Future<Long> claim(PgConnection connection, String instance, String address) {
        return connection.preparedQuery("with claimed as (insert into nonce_leader (id, instance, address, term)"
                + " values (1, $1, $2, 1) on conflict (id) do update set instance = excluded.instance,"
                + " address = excluded.address, term = nonce_leader.term + 1, released = false, changed_at = now()"
                + " returning term) select term, pg_notify('" + CHANNEL + "', term::text) from claimed")
                .execute(Tuple.of(instance, address))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /** Marks this replica's leadership as handed back cleanly (its journal complete) and announces it. */
    public Future<Void> release(PgConnection connection, String instance) {
        return connection.preparedQuery("with released as (update nonce_leader set released = true, changed_at = now()"
                + " where instance = $1 returning term) select pg_notify('" + CHANNEL + "', term::text) from released")
                .execute(Tuple.of(instance)).mapEmpty();
    }

    private static Leader leader(RowSet<Row> rows) {
        if (rows.size() == 0) {
            return null;
        }
        Row row = rows.iterator().next();
        return new Leader(row.getString(0), row.getString(1), row.getLong(2), row.getBoolean(3));
    }
}
