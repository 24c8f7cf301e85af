package dev.marketplace.account.provisioning.service;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.account.company.service.CompanyService;
import dev.marketplace.account.company.service.CompanyService.ViewOptions;
import dev.marketplace.account.company.service.CompanyView;
import dev.marketplace.account.membership.service.MembershipQueries;
import dev.marketplace.account.membership.service.MembershipView;
import dev.marketplace.account.onboarding.service.MembershipOnboarding;
import dev.marketplace.account.onboarding.service.OnboardingInputs;
import dev.marketplace.account.provisioning.domain.ProvisioningRequest;
import dev.marketplace.account.provisioning.domain.ProvisioningRequest.Kind;
import dev.marketplace.account.provisioning.repository.ProvisioningRequestRepository;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Creates companies and members for other services of the mesh (reseller-service), through the company and membership
 * services, so that what they create is an ordinary account company or user with its usual rules and events. Each
 * request carries an idempotency key: the first request creates and records what it created in the same transaction;
 * a retry with the same key (a timeout, a caller recovering an interrupted creation) answers that same company or
 * member; the same key with a different request is a 409.
 */
@ApplicationScoped
public class ProvisioningService {
    private final CompanyService companies;
    private final MembershipQueries memberships;
    private final MembershipOnboarding onboarding;
    private final UserService users;
    private final ProvisioningRequestRepository requests;
    private final ObjectMapper mapper;
    private final Caller caller;

    public ProvisioningService(CompanyService companies, MembershipQueries memberships, MembershipOnboarding onboarding,
            UserService users, ProvisioningRequestRepository requests, ObjectMapper mapper, Caller caller) {
        this.companies = companies;
        this.memberships = memberships;
        this.onboarding = onboarding;
        this.users = users;
        this.requests = requests;
        this.mapper = mapper;
        this.caller = caller;
    }

    /** What a provisioning request answers, and whether this request created it (false: a retry). */
    public record Provisioned<T>(T view, boolean created) {
    }

    @WithTransaction
    public Uni<Provisioned<CompanyView>> company(UUID key, ProvisioningInputs.NewCompany input, URI baseUri) {
        requireService();
        String partner = caller.partner();
        String hash = hash(input);
        ViewOptions options = new ViewOptions(true, false, baseUri);
        return requests.findById(key).chain(previous -> {
            if (previous != null) {
                requireSameRequest(previous, partner, Kind.COMPANY, hash);
                return companies.get(previous.companyUuid.toString(), options).map(view -> new Provisioned<>(view, false));
            }
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
            return companies.createUnkeyed(body, baseUri)
                    .call(view -> requests.persist(record(key, partner, Kind.COMPANY, hash, view.uuid(), null)))
                    .map(view -> new Provisioned<>(view, true));
        });
    }

    /**
     * A new user who becomes a member of {@code companyRef}: invited when the company allows login, managed otherwise
     * (onboarding's rule). An email that already belongs to a user is a 409 DUPLICATE_EMAIL here, where the
     * memberships API would add that user instead: the caller asked for a new user.
     */
    @WithTransaction
    public Uni<Provisioned<MembershipView>> member(UUID key, String companyRef, ProvisioningInputs.NewMember input,
            URI baseUri) {
        requireService();
        String partner = caller.partner();
        String hash = hash(new Object[] { companyRef, input });
        MembershipView.Options options = new MembershipView.Options(true, false, baseUri);
        return requests.findById(key).chain(previous -> {
            if (previous != null) {
                requireSameRequest(previous, partner, Kind.MEMBER, hash);
                return memberships.get(previous.companyUuid.toString(), previous.userUuid.toString(), options)
                        .map(view -> new Provisioned<>(view, false));
            }
            String email = input.email().trim();
            return users.findByEmail(partner, email).chain(found -> {
                // as in the users list: a deleted user's email may be given to a new one
                if (found != null && found.status != UserStatus.DELETED) {
                    throw ApiException.conflict("DUPLICATE_EMAIL", "email: a user with " + email + " already exists");
                }
                OnboardingInputs.Create create = new OnboardingInputs.Create(new OnboardingInputs.NewUser(email,
                        input.firstName(), input.lastName(), null, null, null, input.externalId()), null);
                return onboarding.create(companyRef, null, create, baseUri);
            }).call(view -> requests.persist(record(key, partner, Kind.MEMBER, hash, view.company().uuid(), view.user().uuid())))
                    .map(view -> new Provisioned<>(view, true));
        });
    }

    /** Only services of the mesh provision; a consumer's token never does, whatever its roles. */
    private void requireService() {
        if (!caller.isService()) {
            throw ApiException.forbidden();
        }
    }

    private static void requireSameRequest(ProvisioningRequest previous, String partner, Kind kind, String hash) {
        if (!previous.partner.equals(partner) || previous.kind != kind || !previous.requestHash.equals(hash)) {
            throw ApiException.conflict("IDEMPOTENCY_KEY_REUSED",
                    "Idempotency-Key: this key was already used for a different request");
        }
    }

    private static ProvisioningRequest record(UUID key, String partner, Kind kind, String hash, UUID company, UUID user) {
        ProvisioningRequest request = new ProvisioningRequest();
        request.idempotencyKey = key;
        request.partner = partner;
        request.kind = kind;
        request.requestHash = hash;
        request.companyUuid = company;
        request.userUuid = user;
        request.createdOn = Instant.now();
        return request;
    }

    private String hash(Object request) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(mapper.writeValueAsString(request).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("A provisioning request cannot be hashed", e);
        }
    }

    private static void putIfPresent(ObjectNode body, String field, String value) {
        if (value != null) {
            body.put(field, value);
        }
    }
}
