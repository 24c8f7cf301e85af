package dev.marketplace.account.membership.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.membership.domain.Membership;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class MembershipRepository implements PanacheRepositoryBase<Membership, UUID> {

    public Uni<Membership> find(UUID company, UUID user) {
        return find("companyUuid = ?1 and userUuid = ?2", company, user).firstResult();
    }
}
