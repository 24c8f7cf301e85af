package dev.marketplace.reseller.company.service;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;

/** Completes interrupted company creations ({@link CompanyCreationService#recoverDue()}) on a schedule. */
@ApplicationScoped
public class CompanyCreationRecovery {
    private static final Logger LOG = Logger.getLogger(CompanyCreationRecovery.class);

    private final CompanyCreationService creations;

    public CompanyCreationRecovery(CompanyCreationService creations) {
        this.creations = creations;
    }

    @Scheduled(every = "${marketplace.reseller.recovery.interval:15s}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> recover() {
        return creations.recoverDue().invoke(n -> {
            if (n > 0) {
                LOG.infof("Completed %d interrupted company creation(s)", n);
            }
        }).onFailure().recoverWithItem(e -> {
            LOG.warnf("Company creation recovery failed, trying again later: %s", e.toString());
            return 0;
        }).replaceWithVoid();
    }
}
