package dev.marketplace.account.onboarding.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.assignment.service.AssignmentService;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.invitation.service.InvitationService;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.paging.Link;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/** A member's getting-started checklist: bought, assigned, invited, own profile, company profile. */
@ApplicationScoped
public class Checklists {
    private final CompanyLookup companies;
    private final Members members;
    private final AssignmentService assignments;
    private final InvitationService invitations;

    public Checklists(CompanyLookup companies, Members members, AssignmentService assignments,
            InvitationService invitations) {
        this.companies = companies;
        this.members = members;
        this.assignments = assignments;
        this.invitations = invitations;
    }

    public record Checklist(boolean havePurchasedProduct, boolean haveAssignedUsers, boolean haveInvitedUsers,
            boolean haveCompletedProfile, boolean haveCompletedCompanyProfile, List<Link> links) {
    }

    @WithSession
    public Uni<Checklist> checklist(String companyRef, String userUuid) {
        UUID user = Ids.uuid("userUuid", userUuid);
        return companies.forRead(companyRef).chain(company -> members.require(company, user).chain(m -> assignments
                .ownedCount(company.uuid, user).chain(owned -> assignments.assignedToOthersBy(company.uuid, user)
                        .chain(assigned -> invitations.sentBy(company.uuid, user).map(invited -> new Checklist(owned > 0,
                                assigned > 0, invited > 0, !blank(m.user().firstName) && !blank(m.user().lastName),
                                !blank(company.name) && company.address != null && !blank(company.address.street1)
                                        && !blank(company.address.city) && !blank(company.address.country)
                                        && !blank(company.phoneNumber),
                                List.of()))))));
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
