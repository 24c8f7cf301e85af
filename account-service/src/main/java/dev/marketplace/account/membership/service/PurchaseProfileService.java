package dev.marketplace.account.membership.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.company.service.CompanyView;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/**
 * Internal, for billing-service at order time: a company with its purchase-limit data (the company resource's own JSON)
 * and whether a user is a member of it, with which roles. Service tokens of the company's marketplace only (another
 * marketplace's company answers 404, as an unknown one, and billing answers its callers the same). In the
 * membership feature: the company is read through company's {@link CompanyLookup}, the membership is this feature's.
 */
@ApplicationScoped
public class PurchaseProfileService {
    private final CompanyLookup companies;
    private final Members memberships;
    private final Caller caller;

    public PurchaseProfileService(CompanyLookup companies, Members memberships, Caller caller) {
        this.companies = companies;
        this.memberships = memberships;
        this.caller = caller;
    }

    /** {@code member} is null when the user is not a member of the company. */
    public record PurchaseProfile(CompanyView company, Buyer member) {
    }

    public record Buyer(UUID userUuid, boolean enabled, List<String> roles) {
    }

    @WithSession
    public Uni<PurchaseProfile> profile(String companyRef, String userUuid, URI baseUri) {
        if (!caller.isService()) {
            throw ApiException.forbidden();
        }
        UUID user = userUuid == null ? null : Ids.uuid("userUuid", userUuid);
        // the company of the token's marketplace only: another one's is the 404 of an unknown company
        return companies.load(companyRef).chain(company -> {
            CompanyView view = CompanyView.of(company, List.of(), false, true, baseUri);
            if (user == null) {
                return Uni.createFrom().item(new PurchaseProfile(view, null));
            }
            return memberships.find(company.uuid, user).map(m -> new PurchaseProfile(view,
                    m == null ? null : new Buyer(user, m.enabled, List.copyOf(m.roles))));
        });
    }
}
