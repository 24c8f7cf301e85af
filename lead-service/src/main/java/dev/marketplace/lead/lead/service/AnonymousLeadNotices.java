package dev.marketplace.lead.lead.service;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.lead.LeadConfig;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.repository.LeadNoticeRepository;
import dev.marketplace.lead.lead.repository.LeadNoticeRepository.Window;
import dev.marketplace.lead.lead.repository.LeadRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * Anonymous leads write to each address of a marketplace at most once per interval (README, "Anonymous leads: one
 * message per interval"): anyone may submit the contact form, and each lead used to mail every sales manager and the
 * reseller. A lead whose recipient was written to less than an interval ago is held for that recipient; the held leads
 * are listed in the recipient's next message (SALES_LEAD_DIGEST, with the new lead), or in a digest of their own when
 * the interval ends ({@link #sendDueDigests}). Nothing is lost: each held lead is listed once, in the transaction
 * that releases it.
 */
@ApplicationScoped
public class AnonymousLeadNotices {
    static final String AGGREGATE = "LEAD_NOTICE";
    private static final int DIGEST_BATCH = 20;

    /** The payload of a digest's event: the leads it lists (never the address, which the event log would show). */
    public record Digest(List<String> leadIds, int leadCount) {
    }

    private final LeadNoticeRepository windows;
    private final LeadRepository leads;
    private final LeadNotifications notifications;
    private final DomainEventPublisher events;
    private final Duration interval;
    private final int maxListed;

    public AnonymousLeadNotices(LeadNoticeRepository windows, LeadRepository leads, LeadNotifications notifications,
            DomainEventPublisher events, LeadConfig config) {
        this.windows = windows;
        this.leads = leads;
        this.notifications = notifications;
        this.events = events;
        this.interval = config.anonymousNotices().interval();
        this.maxListed = config.anonymousNotices().maxListed();
    }

    /**
     * The notifications of a new anonymous lead (flushed, in the creation's transaction): SALES_LEAD_CREATED to the
     * recipients whose window is open and who have nothing held, SALES_LEAD_DIGEST to each one with leads held, and
     * nothing now to the others, for whom the lead is held.
     */
    Uni<List<NotificationRequest>> created(Lead lead, String resellerEmail) {
        Map<String, String> recipients = NoticeWindow.recipients(notifications.createdRecipients(resellerEmail));
        Instant now = Instant.now();
        List<String> single = new ArrayList<>();
        List<NotificationRequest> digests = new ArrayList<>();
        Uni<Void> chain = Uni.createFrom().voidItem();
        for (Map.Entry<String, String> r : recipients.entrySet()) {
            chain = chain.chain(() -> windows.lock(lead.partner, r.getKey()).chain(window -> {
                if (!NoticeWindow.open(window.lastSent(), now, interval)) {
                    return windows.hold(lead.partner, r.getKey(), lead.id, now, NoticeWindow.digestDue(window.lastSent(),
                            interval));
                }
                return heldLeads(window).call(() -> windows.sent(lead.partner, r.getKey(), now)).invoke(held -> {
                    if (held.isEmpty()) {
                        single.add(r.getValue());
                    } else {
                        List<Lead> all = new ArrayList<>(held);
                        all.add(lead);
                        digests.add(notifications.digest(all, r.getValue(), maxListed));
                    }
                }).replaceWithVoid();
            }));
        }
        return chain.map(v -> {
            List<NotificationRequest> all = new ArrayList<>(notifications.created(lead, single, resellerEmail));
            all.addAll(digests);
            return all;
        });
    }

    /**
     * Sends the digests whose interval ended: each recipient's held leads in one SALES_LEAD_DIGEST, its event
     * (LEAD_NOTICE_DIGEST) written in the transaction that releases them. Several replicas share the work (locked rows
     * are skipped). Emits how many digests were written.
     */
    public Uni<Integer> sendDueDigests() {
        Instant now = Instant.now();
        return Panache.withTransaction(() -> windows.lockDue(now, DIGEST_BATCH).chain(due -> {
            Uni<Integer> done = Uni.createFrom().item(0);
            for (Window window : due) {
                done = done.chain(n -> digest(window, now).map(sent -> sent ? n + 1 : n));
            }
            return done.map(n -> new Batch(n, due.size() == DIGEST_BATCH));
        })).chain(b -> b.full() ? sendDueDigests().map(more -> b.sent() + more) : Uni.createFrom().item(b.sent()));
    }

    /** One transaction's digests; {@code full}: more may be due. */
    private record Batch(int sent, boolean full) {
    }

    private Uni<Boolean> digest(Window window, Instant now) {
        return heldLeads(window).call(() -> windows.sent(window.partner(), window.recipient(), now)).chain(held -> {
            if (held.isEmpty()) {
                return Uni.createFrom().item(false);
            }
            Digest payload = new Digest(held.stream().map(l -> l.id.toString()).toList(), held.size());
            return events.publish(EventTypes.LEAD_NOTICE_DIGEST, window.partner(), AGGREGATE, UUID.randomUUID().toString(),
                    payload, List.of(notifications.digest(held, window.recipient(), maxListed)),
                    // named: a scheduled job has no caller, and asking for one would block the event loop
                    EventCreator.system(events.source())).replaceWith(true);
        });
    }

    /** The leads held for the window's recipient, oldest first. */
    private Uni<List<Lead>> heldLeads(Window window) {
        return windows.held(window.partner(), window.recipient()).chain(ids -> {
            if (ids.isEmpty()) {
                return Uni.createFrom().item(List.<Lead> of());
            }
            Map<UUID, Integer> order = new HashMap<>();
            ids.forEach(id -> order.put(id, order.size()));
            return leads.list("id in ?1", ids).map(found -> found.stream()
                    .sorted(Comparator.comparing((Lead l) -> order.get(l.id))).toList());
        });
    }
}
