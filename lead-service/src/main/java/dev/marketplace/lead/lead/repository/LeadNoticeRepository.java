package dev.marketplace.lead.lead.repository;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.persistence.NativeSelects;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * When anonymous leads last wrote to each address of a marketplace, and the leads held for it since (tables
 * {@code lead_notice_window}, {@code lead_notice_held}). Runs in the caller's transaction.
 */
@ApplicationScoped
public class LeadNoticeRepository {

    /** A recipient's window, locked until the transaction ends. */
    public record Window(String partner, String recipient, Instant lastSent, Instant digestDue) {
    }

    /**
     * The window of {@code recipient}, created when it has none, locked: of two leads for one address at the same
     * moment, the second waits for the first to decide.
     */
    public Uni<Window> lock(String partner, String recipient) {
        return update("insert into lead_notice_window (partner, recipient) values (:partner, :recipient) on conflict do nothing",
                Map.of("partner", partner, "recipient", recipient))
                .chain(() -> NativeSelects.rows("select last_sent, digest_due from lead_notice_window where partner = ?1"
                        + " and recipient = ?2 for update", List.of(partner, recipient)))
                .map(rows -> new Window(partner, recipient, instant(rows.get(0)[0]), instant(rows.get(0)[1])));
    }

    /** Windows whose digest is due, locked; those another replica is sending are skipped. */
    public Uni<List<Window>> lockDue(Instant now, int limit) {
        return NativeSelects.rows("select partner, recipient, last_sent, digest_due from lead_notice_window"
                + " where digest_due <= ?1 order by digest_due limit ?2 for update skip locked", List.of(utc(now), (long) limit))
                .map(rows -> rows.stream().map(r -> new Window((String) r[0], (String) r[1], instant(r[2]), instant(r[3])))
                        .toList());
    }

    /** The ids of the leads held for the recipient, oldest first. */
    public Uni<List<UUID>> held(String partner, String recipient) {
        return NativeSelects.column("select lead_id from lead_notice_held where partner = ?1 and recipient = ?2"
                + " order by held_on, lead_id", List.of(partner, recipient), UUID.class);
    }

    /** {@code lead} waits for the recipient's next message; the digest is due {@code digestDue} unless it already is. */
    public Uni<Void> hold(String partner, String recipient, UUID lead, Instant now, Instant digestDue) {
        return update("insert into lead_notice_held (partner, recipient, lead_id, held_on) values (:partner, :recipient,"
                + " :lead, :now) on conflict do nothing", Map.of("partner", partner, "recipient", recipient, "lead", lead,
                        "now", utc(now)))
                .chain(() -> update("update lead_notice_window set digest_due = coalesce(digest_due, :due) where partner ="
                        + " :partner and recipient = :recipient", Map.of("partner", partner, "recipient", recipient, "due",
                                utc(digestDue))))
                .replaceWithVoid();
    }

    /** The recipient was written to {@code now}: what was held is in that message, and nothing is due. */
    public Uni<Void> sent(String partner, String recipient, Instant now) {
        Map<String, Object> key = Map.of("partner", partner, "recipient", recipient);
        return update("delete from lead_notice_held where partner = :partner and recipient = :recipient", key)
                .chain(() -> update("update lead_notice_window set last_sent = :now, digest_due = null where partner ="
                        + " :partner and recipient = :recipient", Map.of("partner", partner, "recipient", recipient, "now",
                                utc(now))))
                .replaceWithVoid();
    }

    private static Uni<Integer> update(String sql, Map<String, Object> params) {
        return Panache.getSession().chain(session -> {
            var query = session.createNativeQuery(sql);
            params.forEach(query::setParameter);
            return query.executeUpdate();
        });
    }

    private static OffsetDateTime utc(Instant instant) {
        return OffsetDateTime.ofInstant(instant, ZoneOffset.UTC);
    }

    private static Instant instant(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof OffsetDateTime t) {
            return t.toInstant();
        }
        if (value instanceof java.time.LocalDateTime t) {
            return t.toInstant(ZoneOffset.UTC);
        }
        return (Instant) value;
    }
}
