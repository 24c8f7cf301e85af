package dev.marketplace.gateway.consumer.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;

/** Channel consumers in the gateway's own database; secrets stay encrypted at this layer. */
@ApplicationScoped
public class ChannelConsumerRepository {
    private final Pool pool;

    /** Channel of the NOTIFY sent when a consumer's secret changes (payload: the consumer key). */
    public static final String CHANGES_CHANNEL = "channel_consumer_changed";

    public ChannelConsumerRepository(Pool pool) {
        this.pool = pool;
    }

    /** A row as stored: the secret is the encrypted form. */
    public record StoredConsumer(String key, String encryptedSecret, String partner, Set<String> authorities) {
        @Override
        public String toString() {
            return "StoredConsumer[key=" + key + ", partner=" + partner + ", authorities=" + authorities + "]";
        }
    }

    /** What an operator sees of a consumer: never its secret. */
    public record ListedConsumer(String key, String name, Set<String> authorities, Instant createdOn) {
    }

    public Uni<Optional<StoredConsumer>> findByKey(String key) {
        return pool.preparedQuery("select consumer_key, secret, partner, authorities from channel_consumer where consumer_key = $1")
                .execute(Tuple.of(key)).map(rows -> first(rows.iterator()));
    }

    public Uni<Optional<StoredConsumer>> findByPartner(String partner) {
        return pool.preparedQuery("select consumer_key, secret, partner, authorities from channel_consumer where partner = $1 "
                + "order by created_at, consumer_key limit 1")
                .execute(Tuple.of(partner)).map(rows -> first(rows.iterator()));
    }

    /** Inserts unless a consumer with this key, or any consumer of this partner, exists; emits true when written. */
    public Uni<Boolean> insertIfAbsent(StoredConsumer consumer) {
        return pool.preparedQuery("insert into channel_consumer (consumer_key, secret, partner, authorities) "
                // $3 typed once: PostgreSQL cannot deduce one type for a parameter used as a value and in a comparison
                + "select $1, $2, $3::varchar, $4 where not exists (select 1 from channel_consumer where partner = $3::varchar) "
                + "on conflict do nothing")
                .execute(Tuple.of(consumer.key(), consumer.encryptedSecret(), consumer.partner(), String.join(",", consumer.authorities())))
                .map(rows -> rows.rowCount() == 1);
    }

    /** One more consumer of a partner; emits the row as listed (false-free: a generated key never collides in practice). */
    public Uni<ListedConsumer> insert(StoredConsumer consumer, String name) {
        return pool.preparedQuery("insert into channel_consumer (consumer_key, secret, partner, authorities, name) "
                + "values ($1, $2, $3, $4, $5) returning consumer_key, name, authorities, created_at")
                .execute(Tuple.of(consumer.key(), consumer.encryptedSecret(), consumer.partner(),
                        String.join(",", consumer.authorities()), name))
                .map(rows -> listed(rows.iterator().next()));
    }

    /** The partner's consumers, oldest first. */
    public Uni<List<ListedConsumer>> listByPartner(String partner) {
        return pool.preparedQuery("select consumer_key, name, authorities, created_at from channel_consumer where partner = $1 "
                + "order by created_at, consumer_key")
                .execute(Tuple.of(partner)).map(rows -> {
                    List<ListedConsumer> listed = new ArrayList<>(rows.size());
                    rows.forEach(row -> listed.add(listed(row)));
                    return listed;
                });
    }

    /** The partner's consumer with this key, as listed; empty when the key is another partner's or unknown. */
    public Uni<Optional<ListedConsumer>> findListed(String partner, String key) {
        return pool.preparedQuery("select consumer_key, name, authorities, created_at from channel_consumer "
                + "where partner = $1 and consumer_key = $2")
                .execute(Tuple.of(partner, key))
                .map(rows -> rows.size() == 0 ? Optional.empty() : Optional.of(listed(rows.iterator().next())));
    }

    /** Deletes the partner's consumer; every replica drops it from memory on the NOTIFY sent on commit. */
    public Uni<Boolean> delete(String partner, String key) {
        return pool.preparedQuery("with gone as (delete from channel_consumer where partner = $1 and consumer_key = $2 "
                + "returning consumer_key) select pg_notify('" + CHANGES_CHANNEL + "', consumer_key) from gone")
                .execute(Tuple.of(partner, key)).map(rows -> rows.size() == 1);
    }

    public Uni<Boolean> updateSecret(String key, String encryptedSecret) {
        // the NOTIFY is sent on commit, to every gateway replica's ChannelConsumerCache
        return pool.preparedQuery("with changed as (update channel_consumer set secret = $2, updated_at = now() "
                + "where consumer_key = $1 returning consumer_key) "
                + "select pg_notify('" + CHANGES_CHANNEL + "', consumer_key) from changed")
                .execute(Tuple.of(key, encryptedSecret)).map(rows -> rows.size() == 1);
    }

    private static ListedConsumer listed(Row row) {
        return new ListedConsumer(row.getString("consumer_key"), row.getString("name"), authorities(row),
                row.getOffsetDateTime("created_at").toInstant());
    }

    private static Set<String> authorities(Row row) {
        Set<String> authorities = new LinkedHashSet<>();
        Arrays.stream(row.getString("authorities").split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(authorities::add);
        return java.util.Collections.unmodifiableSet(authorities);
    }

    private static Optional<StoredConsumer> first(io.vertx.mutiny.sqlclient.RowIterator<Row> it) {
        if (!it.hasNext()) {
            return Optional.empty();
        }
        Row row = it.next();
        Set<String> authorities = new LinkedHashSet<>();
        Arrays.stream(row.getString("authorities").split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(authorities::add);
        return Optional.of(new StoredConsumer(row.getString("consumer_key"), row.getString("secret"), row.getString("partner"),
                Set.copyOf(authorities)));
    }
}
