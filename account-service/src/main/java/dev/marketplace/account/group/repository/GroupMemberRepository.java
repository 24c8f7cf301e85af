package dev.marketplace.account.group.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.group.domain.GroupMember;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class GroupMemberRepository implements PanacheRepositoryBase<GroupMember, GroupMember.Key> {

    public Uni<GroupMember> find(UUID group, UUID user) {
        return findById(new GroupMember.Key(group, user));
    }

    /** Removes the user from every group of {@code company}. */
    public Uni<Long> removeFromCompany(UUID company, UUID user) {
        return delete("userUuid = ?1 and groupUuid in (select g.uuid from CompanyGroup g where g.companyUuid = ?2)", user, company);
    }
}
