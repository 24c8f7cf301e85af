package dev.marketplace.account.provisioning.service;

import java.net.URI;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.account.company.service.CompanyService;
import dev.marketplace.account.company.service.CompanyView;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.onboarding.service.AssistedOnboarding;
import dev.marketplace.account.onboarding.service.MembershipOnboarding;
import dev.marketplace.account.onboarding.service.OnboardingInputs;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.idempotency.Idempotent;
import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Creates companies and members for other services of the mesh (reseller-service), through the company and membership
 * services, so that what they create is an ordinary account company or user with its usual rules and events. Each
 * request carries an idempotency key, kept by the shared mechanism ({@link IdempotencyKeys}, as every keyed request of
 * the suite): the first request creates and stores its answer in the same transaction; a retry with the same key and
 * request (a timeout, a caller recovering an interrupted creation) gets that first answer again; the same key with a
 * different request is a 422. Keys are scoped to the marketplace and the calling service.
 */
@ApplicationScoped
public class ProvisioningService {
    private final CompanyService companies;
    private final MembershipOnboarding onboarding;
    private final UserService users;
    private final IdempotencyKeys idempotency;
    private final ObjectMapper mapper;
    private final Caller caller;
    private final AssistedOnboarding assisted;

    public ProvisioningService(CompanyService companies, MembershipOnboarding onboarding, UserService users,
            IdempotencyKeys idempotency, ObjectMapper mapper, Caller caller, AssistedOnboarding assisted) {
        this.assisted = assisted;
        this.companies = companies;
        this.onboarding = onboarding;
        this.users = users;
        this.idempotency = idempotency;
        this.mapper = mapper;
        this.caller = caller;
    }

    @WithTransaction
    public Uni<Idempotent<CompanyView>> company(UUID key, ProvisioningInputs.NewCompany input, URI baseUri) {
        requireService();
        return idempotency.once(keyed(key, "/internal/v1/companies", input), 201, () -> {
            ObjectNode body = mapper.createObjectNode();
            body.put("name", input.name());
            putIfPresent(body, "externalId", input.externalId());
            putIfPresent(body, "phoneNumber", input.phoneNumber());
            putIfPresent(body, "website", input.website());
            if (input.companySize() != null) {
                body.put("companySize", input.companySize().name());
            }
            body.put("reseller", input.reseller());
            body.put("referral", input.referral());
            return companies.createUnkeyed(body, baseUri);
        });
    }

    /**
     * A new user who becomes a member of {@code companyRef}: invited when the company allows login, managed otherwise
     * (onboarding's rule); created by a reseller for its customer ({@code resellerCompanyId}), asked to activate their
     * account instead of invited ({@link AssistedOnboarding}). An email that already belongs to a user is a 409 DUPLICATE_EMAIL here, where the
     * memberships API would add that user instead: the caller asked for a new user.
     */
    @WithTransaction
    public Uni<Idempotent<MembershipView>> member(UUID key, String companyRef, ProvisioningInputs.NewMember input,
            URI baseUri) {
        requireService();
        String partner = caller.partner();
        return idempotency.once(keyed(key, "/internal/v1/companies/" + companyRef + "/members", input), 201, () -> {
            String email = input.email().trim();
            return users.findByEmail(partner, email).chain(found -> {
                // as in the users list: a deleted user's email may be given to a new one
                if (found != null && found.status != UserStatus.DELETED) {
                    throw ApiException.conflict("DUPLICATE_EMAIL", "email: a user with " + email + " already exists");
                }
                OnboardingInputs.Create create = new OnboardingInputs.Create(new OnboardingInputs.NewUser(email,
                        input.firstName(), input.lastName(), null, null, null, input.externalId(), null), null);
                Uni<AssistedOnboarding.Sale> sale = input.resellerCompanyId() == null ? Uni.createFrom().nullItem()
                        : assisted.of("resellerCompanyId", input.resellerCompanyId());
                return sale.chain(s -> onboarding.create(companyRef, null, create, baseUri, s));
            });
        });
    }

    private IdempotentRequest keyed(UUID key, String path, Object input) {
        return IdempotentRequest.of(key.toString(), caller, "POST", path, input,
                mapper);
    }

    /** Only services of the mesh provision; a consumer's token never does, whatever its roles. */
    private void requireService() {
        if (!caller.isService()) {
            throw ApiException.forbidden();
        }
    }

    private static void putIfPresent(ObjectNode body, String field, String value) {
        if (value != null) {
            body.put(field, value);
        }
    }
}
