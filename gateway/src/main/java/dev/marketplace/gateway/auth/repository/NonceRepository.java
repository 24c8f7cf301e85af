package dev.marketplace.gateway.auth.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;

/**
 * Nonces seen per consumer, shared by every gateway replica through the database: the primary key (consumer, nonce)
 * makes the first use win atomically.
 */
@ApplicationScoped
public class NonceRepository {
    private final Pool pool;

    public NonceRepository(Pool pool) {
        this.pool = pool;
    }

    /**
     * Records the nonce until {@code expiresAt}; emits true on first use, false on a replay. A row whose expiry has
     * passed (not yet cleaned up) counts as unused.
     */
    public Uni<Boolean> remember(String consumerKey, String nonce, Instant expiresAt) {
        return pool.preparedQuery("insert into oauth_nonce (consumer_key, nonce, expires_at) values ($1, $2, $3) "
                + "on conflict (consumer_key, nonce) do update set expires_at = excluded.expires_at "
                + "where oauth_nonce.expires_at < now()")
                .execute(Tuple.of(consumerKey, nonce, OffsetDateTime.ofInstant(expiresAt, ZoneOffset.UTC)))
                .map(rows -> rows.rowCount() == 1);
    }

    /** Deletes at most {@code limit} expired nonces: small deletes keep the clean-up from stalling signed calls. */
    public Uni<Integer> deleteExpired(int limit) {
        return pool.preparedQuery("delete from oauth_nonce where ctid = any (array("
                + "select ctid from oauth_nonce where expires_at < now() limit $1))")
                .execute(Tuple.of(limit)).map(rows -> rows.rowCount());
    }
}
