package dev.marketplace.lead.client;

import java.util.List;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import dev.marketplace.common.client.ServiceRejection;
import dev.marketplace.common.client.ServiceUnavailable;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import io.smallrye.faulttolerance.api.ApplyGuard;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.mutiny.Uni;

/**
 * What lead-service asks account-service: whether a company exists (and its accesses), a user's membership and roles
 * in a company, and the creation of the company a lead converts into. Reads go through account's idempotent guard
 * ({@link Dependencies}: retried once, one breaker that stops calling an account-service that keeps failing), the
 * creation through its non-idempotent guard (never retried); unreachable → 503 {@code ACCOUNT_UNAVAILABLE}.
 * An unknown company or member is an empty answer, never a failure; so is another marketplace's company.
 */
@ApplicationScoped
public class AccountClient {
    private static final Logger LOG = Logger.getLogger(AccountClient.class);
    static final String WHAT = "The account service, which knows the marketplace's companies and users,";

    /**
     * A company as account-service answers it (the fields lead-service uses). {@code locale}: the language of messages
     * to the company ({@code fr_FR}), null when it has none.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AccountCompany(UUID uuid, String name, boolean enabled, boolean reseller, boolean referral,
            boolean channelAdmin, boolean vendor, String emailAddress, String externalId, String phoneNumber,
            String locale) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AccountUser(UUID uuid, String email, String firstName, String lastName) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AccountMembership(AccountUser user, boolean enabled, List<String> roles) {
        public boolean holds(String role) {
            return enabled && roles != null && roles.contains(role);
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MembershipPage(List<AccountMembership> content) {
    }

    /** The company a lead converts into, its customer contact as the first user (Company Administrator). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record NewCompany(String name, String externalId, String countryCode, String emailAddress, String phoneNumber,
            Address address, FirstUser firstUser) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Address(String street1, String street2, String city, String state, String zip, String country) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FirstUser(String email, String firstName, String lastName) {
    }

    private final AccountApi account;

    public AccountClient(@RestClient AccountApi account) {
        this.account = account;
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "companyUnavailable", skipOn = ApiException.class)
    public Uni<Optional<AccountCompany>> company(String partner, String ref) {
        return account.company(partner, Roles.PARTNER_READ, ref, false, false).map(Optional::of)
                .onFailure(AccountClient::absent).recoverWithItem(Optional.empty())
                .onFailure(ServiceRejection::refusesTheCaller).transform(ServiceRejection::asCallersRefusal);
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "membershipUnavailable", skipOn = ApiException.class)
    public Uni<Optional<AccountMembership>> membership(String partner, UUID company, UUID user) {
        return account.membership(partner, Roles.PARTNER_READ, company.toString(), user.toString(), false, false)
                .map(Optional::of).onFailure(AccountClient::absent).recoverWithItem(Optional.empty())
                .onFailure(ServiceRejection::refusesTheCaller).transform(ServiceRejection::asCallersRefusal);
    }

    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_IDEMPOTENT)
    @Fallback(fallbackMethod = "firstMemberUnavailable", skipOn = ApiException.class)
    public Uni<Optional<AccountMembership>> firstMember(String partner, UUID company) {
        return account.memberships(partner, Roles.PARTNER_READ, company.toString(), "DATE", "ASC", 1)
                .map(page -> page.content() == null ? Optional.<AccountMembership>empty()
                        : page.content().stream().findFirst())
                .onFailure(AccountClient::absent).recoverWithItem(Optional.empty());
    }

    /**
     * Creates the company. Not retried here: the caller makes the conversion idempotent through the company's
     * externalId, so it answers a 409 (the company exists already) by looking the company up.
     */
    @AsynchronousNonBlocking
    @ApplyGuard(Dependencies.ACCOUNT_NON_IDEMPOTENT)
    @Fallback(fallbackMethod = "createUnavailable", applyOn = Exception.class, skipOn = {ServiceRejection.class, ApiException.class})
    public Uni<AccountCompany> create(String partner, NewCompany company) {
        return account.create(partner, Roles.PARTNER, company);
    }

    /**
     * No such company in the caller's marketplace: unknown, or another marketplace's (account-service answers both 404,
     * so the caller's answer is the same), or a reference account-service cannot read. A refusal (403) is the caller's
     * 403, not an outage.
     */
    private static boolean absent(Throwable failure) {
        return failure instanceof ServiceRejection r && (r.notFound() || r.status() == 400);
    }

    Uni<Optional<AccountCompany>> companyUnavailable(String partner, String ref, Throwable failure) {
        return unavailable(failure);
    }

    Uni<Optional<AccountMembership>> membershipUnavailable(String partner, UUID company, UUID user, Throwable failure) {
        return unavailable(failure);
    }

    Uni<Optional<AccountMembership>> firstMemberUnavailable(String partner, UUID company, Throwable failure) {
        return unavailable(failure);
    }

    Uni<AccountCompany> createUnavailable(String partner, NewCompany company, Throwable failure) {
        return unavailable(failure);
    }

    private static <T> Uni<T> unavailable(Throwable failure) {
        LOG.warnf("account-service call failed: %s", failure.toString());
        return Uni.createFrom().failure(ServiceUnavailable.of("ACCOUNT_UNAVAILABLE", WHAT));
    }
}
