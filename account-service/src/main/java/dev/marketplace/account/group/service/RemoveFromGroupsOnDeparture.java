package dev.marketplace.account.group.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.group.repository.GroupMemberRepository;
import dev.marketplace.account.membership.service.MemberDeparture;
import io.smallrye.mutiny.Uni;

/** A member removed from a company leaves every group of the company. */
@ApplicationScoped
public class RemoveFromGroupsOnDeparture implements MemberDeparture {
    private final GroupMemberRepository members;

    public RemoveFromGroupsOnDeparture(GroupMemberRepository members) {
        this.members = members;
    }

    @Override
    public Uni<Void> memberLeft(UUID company, UUID user) {
        return members.removeFromCompany(company, user).replaceWithVoid();
    }
}
