package dev.marketplace.account.membership.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.Grants;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.repository.MembershipRepository;
import io.smallrye.mutiny.Uni;

/** The memberships access decides with. */
@ApplicationScoped
public class MembershipGrants implements Grants {
    private final MembershipRepository memberships;

    public MembershipGrants(MembershipRepository memberships) {
        this.memberships = memberships;
    }

    @Override
    public Uni<Grant> of(UUID company, UUID user) {
        return memberships.find(company, user).map(m -> m == null ? null : grant(m));
    }

    @Override
    public Uni<List<Grant>> ofUser(UUID user) {
        return memberships.ofUser(user).map(found -> found.stream().map(MembershipGrants::grant).toList());
    }

    private static Grant grant(Membership m) {
        return new Grant(m.companyUuid, m.enabled, m.roles);
    }
}
