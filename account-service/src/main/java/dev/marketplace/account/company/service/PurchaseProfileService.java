package dev.marketplace.account.company.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Internal, for billing-service at order time: a company with its purchase-limit data (the company resource's own JSON)
 * and whether a user is a member of it, with which roles. Service tokens of the company's marketplace only.
 */
@ApplicationScoped
public class PurchaseProfileService {
    private final CompanyRepository companies;
    private final MembershipRepository memberships;
    private final Caller caller;

    public PurchaseProfileService(CompanyRepository companies, MembershipRepository memberships, Caller caller) {
        this.companies = companies;
        this.memberships = memberships;
        this.caller = caller;
    }

    /** {@code member} is null when the user is not a member of the company. */
    public record PurchaseProfile(CompanyView company, Member member) {
    }

    public record Member(UUID userUuid, boolean enabled, List<String> roles) {
    }

    @WithSession
    public Uni<PurchaseProfile> profile(String companyRef, String userUuid, URI baseUri) {
        if (!caller.isService()) {
            throw ApiException.forbidden();
        }
        String partner = caller.partner();
        UUID user = userUuid == null ? null : Ids.uuid("userUuid", userUuid);
        return companies.findByRef(CompanyRef.parse(companyRef), partner).chain(company -> {
            if (company == null) {
                throw ApiException.notFound("Company", companyRef);
            }
            caller.requirePartner(company.partner);
            CompanyView view = CompanyView.of(company, List.of(), false, true, baseUri);
            if (user == null) {
                return Uni.createFrom().item(new PurchaseProfile(view, null));
            }
            return memberships.find(company.uuid, user).map(m -> new PurchaseProfile(view,
                    m == null ? null : new Member(user, m.enabled, List.copyOf(m.roles))));
        });
    }
}
