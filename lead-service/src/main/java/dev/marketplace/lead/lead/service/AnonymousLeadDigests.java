package dev.marketplace.lead.lead.service;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/** Sends the anonymous leads' digests whose interval ended ({@link AnonymousLeadNotices#sendDueDigests()}). */
@ApplicationScoped
public class AnonymousLeadDigests {
    private static final Logger LOG = Logger.getLogger(AnonymousLeadDigests.class);

    private final AnonymousLeadNotices notices;

    public AnonymousLeadDigests(AnonymousLeadNotices notices) {
        this.notices = notices;
    }

    @Scheduled(every = "${marketplace.lead.anonymous-notices.digest-poll:30s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> send() {
        return notices.sendDueDigests().invoke(n -> {
            if (n > 0) {
                LOG.infof("Sent %d digest(s) of anonymous leads", n);
            }
        }).onFailure().recoverWithItem(e -> {
            LOG.warnf("Anonymous lead digests not sent, trying again later: %s", e.toString());
            return 0;
        }).replaceWithVoid();
    }
}
