package dev.marketplace.lead.access;

import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.input.QueryParams;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import dev.marketplace.lead.client.AccountClient;
import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.client.AccountClient.AccountMembership;
import io.quarkus.cache.Cache;
import io.quarkus.cache.CacheName;
import io.quarkus.cache.CompositeCacheKey;
import io.smallrye.mutiny.Uni;

/**
 * Checks the {@code context} and {@code companyId} a caller claims and turns them into an {@link Actor}.
 * <ul>
 * <li>PARTNER: channel credentials holding ROLE_PARTNER (ROLE_PARTNER_READ on reads);</li>
 * <li>CHANNEL_ADMIN (Marketplace Manager): channel credentials holding ROLE_CHANNEL_ADMIN, or a user whose membership of
 * {@code companyId} holds ROLE_CHANNEL_ADMIN;</li>
 * <li>RESELLER: a user with an enabled membership holding ROLE_RESELLER in {@code companyId}, a company with reseller
 * access;</li>
 * <li>REFERRAL: a user with an enabled membership in {@code companyId}, a company with referral access;</li>
 * <li>RESELLER_MANAGER, DEVELOPER: a user whose enabled membership of {@code companyId} holds ROLE_RESELLER_MANAGER,
 * ROLE_DEVELOPER;</li>
 * <li>ANONYMOUS: only to create a lead (the gateway's contact-form token, or channel credentials).</li>
 * </ul>
 * The company is looked up in account-service (unknown → 404 for the company); any other failure of the claim is the
 * plain 403. The gateway's anonymous token never gets past this for anything but the anonymous context.
 * <p>
 * Reads of channel credentials remember the company for a while ({@link #knownCompany}); every other check asks
 * account-service each time.
 */
@ApplicationScoped
public class ActorResolver {
    public static final String RESELLER_ROLE = "ROLE_RESELLER";
    public static final String RESELLER_MANAGER_ROLE = "ROLE_RESELLER_MANAGER";

    private final Caller caller;
    private final AccountClient account;
    private final Cache known;

    public ActorResolver(Caller caller, AccountClient account, @CacheName("company-tenancy") Cache known) {
        this.caller = caller;
        this.account = account;
        this.known = known;
    }

    /** The {@code context} query parameter: required, one of the enum. */
    public static LeadContext context(String raw) {
        if (raw == null || raw.isBlank()) {
            throw ApiException.invalidField("context", "is required");
        }
        return QueryParams.enumValue("context", raw, LeadContext.class, null);
    }

    /** Whether the call is the gateway's unsigned contact-form call. */
    public boolean anonymousCaller() {
        return caller.hasRole(Roles.ANONYMOUS_LEAD);
    }

    /**
     * The actor of a call. {@code companyRequired} false lets channel contexts (PARTNER, CHANNEL_ADMIN) act without a
     * company; the user contexts always need one. {@code write} false accepts read-only partner credentials.
     */
    public Uni<Actor> resolve(LeadContext context, String companyIdRaw, boolean companyRequired, boolean write) {
        String partner = caller.partner();
        if (context == LeadContext.ANONYMOUS || anonymousCaller()) {
            // the contact-form token is good for nothing else, and the anonymous context only creates (see LeadCreation)
            throw ApiException.forbidden();
        }
        UUID company = companyIdRaw == null || companyIdRaw.isBlank() ? null : Ids.uuid("companyId", companyIdRaw.trim());
        boolean channelContext = context == LeadContext.PARTNER || context == LeadContext.CHANNEL_ADMIN;
        if (company == null && (companyRequired || !channelContext)) {
            throw ApiException.invalidField("companyId", "is required");
        }
        Optional<UUID> user = caller.user();
        if (channelContext && channelAuthority(context, write)) {
            if (company == null) {
                return Uni.createFrom().item(new Actor(partner, context, null, null, user.orElse(null), caller.consumerKey()));
            }
            return (write ? requireCompany(partner, company) : knownCompany(partner, company))
                    .map(c -> actor(partner, context, c, user.orElse(null)));
        }
        if (user.isEmpty() || context == LeadContext.PARTNER || caller.hasRole(Roles.PARTNER_READ) && write) {
            throw ApiException.forbidden();
        }
        return requireCompany(partner, company).chain(c -> account.membership(partner, company, user.get()).map(m -> {
            if (m.isEmpty() || !holdsContext(context, c, m.get())) {
                throw ApiException.forbidden();
            }
            return actor(partner, context, c, user.get());
        }));
    }

    /** The company a caller names must exist in the marketplace. */
    private Uni<AccountCompany> requireCompany(String partner, UUID company) {
        return account.company(partner, company.toString())
                .map(found -> found.orElseThrow(() -> ApiException.notFound("Company", company)));
    }

    /**
     * {@link #requireCompany} for the reads of channel credentials, remembered for a while
     * ({@code quarkus.cache.caffeine."company-tenancy"}, {@code COMPANY_TENANCY_TTL}). Their authority is their token's
     * role, checked on every call; of the company they need only that it exists in their marketplace, and a company
     * never changes marketplace. What can change — {@code enabled}, the accesses, the name — is not read on this path:
     * the user contexts' checks ({@link #holdsContext}, with the membership) and every change, which records the
     * company's name, look the company up each time, so a remembered company never widens what anyone may do. An
     * unknown company, a refusal and a failure are not remembered: the load fails, and a failed load is not kept.
     */
    private Uni<AccountCompany> knownCompany(String partner, UUID company) {
        return known.getAsync(new CompositeCacheKey(partner, company), key -> requireCompany(partner, company));
    }

    private boolean channelAuthority(LeadContext context, boolean write) {
        if (context == LeadContext.CHANNEL_ADMIN) {
            return caller.hasRole(Roles.CHANNEL_ADMIN);
        }
        return caller.hasRole(Roles.PARTNER) || !write && caller.hasRole(Roles.PARTNER_READ);
    }

    static boolean holdsContext(LeadContext context, AccountCompany company, AccountMembership membership) {
        if (!membership.enabled() || !company.enabled()) {
            return false;
        }
        return switch (context) {
            case RESELLER -> company.reseller() && membership.holds(RESELLER_ROLE);
            case REFERRAL -> company.referral();
            case DEVELOPER -> membership.holds(Roles.DEVELOPER);
            case RESELLER_MANAGER -> membership.holds(RESELLER_MANAGER_ROLE);
            case CHANNEL_ADMIN -> membership.holds(Roles.CHANNEL_ADMIN);
            default -> false;
        };
    }

    private Actor actor(String partner, LeadContext context, AccountCompany company, UUID user) {
        return new Actor(partner, context, company.uuid(), company.name(), user, caller.consumerKey(),
                company.emailAddress(), company.phoneNumber(), company.locale());
    }
}
