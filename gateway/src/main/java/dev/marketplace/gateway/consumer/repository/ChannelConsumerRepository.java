package dev.marketplace.gateway.consumer.repository;

import java.util.Arrays;
import java.util.LinkedHashSet;
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

    public Uni<Optional<StoredConsumer>> findByKey(String key) {
        return pool.preparedQuery("select consumer_key, secret, partner, authorities from channel_consumer where consumer_key = $1")
                .execute(Tuple.of(key)).map(rows -> first(rows.iterator()));
    }

    public Uni<Optional<StoredConsumer>> findByPartner(String partner) {
        return pool.preparedQuery("select consumer_key, secret, partner, authorities from channel_consumer where partner = $1")
                .execute(Tuple.of(partner)).map(rows -> first(rows.iterator()));
    }

    /** Inserts unless a consumer with this key or partner exists; emits true when the row was written. */
    public Uni<Boolean> insertIfAbsent(StoredConsumer consumer) {
        return pool.preparedQuery("insert into channel_consumer (consumer_key, secret, partner, authorities) values ($1, $2, $3, $4) "
                + "on conflict do nothing")
                .execute(Tuple.of(consumer.key(), consumer.encryptedSecret(), consumer.partner(), String.join(",", consumer.authorities())))
                .map(rows -> rows.rowCount() == 1);
    }

    public Uni<Boolean> updateSecret(String key, String encryptedSecret) {
        // the NOTIFY is sent on commit, to every gateway replica's ChannelConsumerCache
        return pool.preparedQuery("with changed as (update channel_consumer set secret = $2, updated_at = now() "
                + "where consumer_key = $1 returning consumer_key) "
                + "select pg_notify('" + CHANGES_CHANNEL + "', consumer_key) from changed")
                .execute(Tuple.of(key, encryptedSecret)).map(rows -> rows.size() == 1);
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
