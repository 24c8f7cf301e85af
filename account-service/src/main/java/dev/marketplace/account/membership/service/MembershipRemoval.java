package dev.marketplace.account.membership.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import io.smallrye.mutiny.Uni;

/**
 * A membership delete as the API serves it: {@link MembershipService#delete} in its transaction; when it is refused for a
 * reason the administrator should read about ({@link RemovalRefusals}), the calling user is told by email and the 409
 * still answers. Only a caller acting as a user has an address; channel credentials get the 409 alone.
 */
@ApplicationScoped
public class MembershipRemoval {
    private static final Logger LOG = Logger.getLogger(MembershipRemoval.class);

    private final MembershipService memberships;
    private final RemovalRefusals refusals;
    private final Caller caller;

    public MembershipRemoval(MembershipService memberships, RemovalRefusals refusals, Caller caller) {
        this.memberships = memberships;
        this.refusals = refusals;
        this.caller = caller;
    }

    public Uni<Void> remove(String companyRef, String userUuid) {
        return memberships.delete(companyRef, userUuid).onFailure(RemovalRefusals::isRefusal).call(failure -> {
            if (caller.user().isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            // telling is a courtesy: its own failure must not replace the refusal the caller is owed
            return refusals.record(companyRef, UUID.fromString(userUuid), caller.user().get(), (ApiException) failure)
                    .onFailure().recoverWithItem(e -> {
                        LOG.warnf("The refusal to remove %s from %s was not told: %s", userUuid, companyRef, e.toString());
                        return null;
                    });
        });
    }
}
