package dev.marketplace.billing.subscription.service;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.AccountApi;
import dev.marketplace.billing.client.AccountClient;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.exchangerate.service.ExchangeRateService;
import dev.marketplace.billing.invoice.domain.BuyerRole;
import dev.marketplace.billing.money.Money;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionService.Owner;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * Who may buy for a company and how much (account-service's company and membership): the buyer must be an enabled member
 * of an enabled company; a company whose {@code onlyAdminsCanBuy} is set lets only its administrators buy; and an order
 * must fit under the company's 30-day and daily purchase limits ({@link CompanyLimits}), counted in the marketplace currency over the company's orders that did not fail.
 */
@ApplicationScoped
public class PurchaseRules {
    private final AccountClient account;
    private final SubscriptionRepository subscriptions;
    private final ExchangeRateService rates;
    private final BillingConfig config;

    public PurchaseRules(AccountClient account, SubscriptionRepository subscriptions, ExchangeRateService rates,
            BillingConfig config) {
        this.account = account;
        this.subscriptions = subscriptions;
        this.rates = rates;
        this.config = config;
    }

    /** The buying company as account-service knows it, the buyer's membership, and the role the buyer buys as. */
    public record Buyer(AccountApi.Company company, AccountApi.Member member, BuyerRole role) {
    }

    /** Checks that the owner may buy for the company (before anything is written). */
    public Uni<Buyer> buyer(String partner, Owner owner) {
        return account.purchaseProfile(partner, owner.company(), owner.user()).map(found -> {
            AccountApi.PurchaseProfile profile = found.orElseThrow(() -> ApiException.notFound("Company", owner.company()));
            AccountApi.Company company = profile.company();
            AccountApi.Member member = profile.member();
            if (member == null) {
                throw ApiException.notFound("Member " + owner.user() + " of company", owner.company());
            }
            if (!company.enabled()) {
                throw ApiException.conflict("COMPANY_DISABLED", "company " + owner.company() + " is disabled: it cannot buy");
            }
            if (!member.enabled()) {
                throw ApiException.conflict("MEMBERSHIP_DISABLED", "userUuid: the membership of user " + owner.user()
                        + " in company " + owner.company() + " is disabled");
            }
            if (company.onlyAdminsCanBuy() && !member.hasAnyRole(Roles.SYS_ADMIN, Roles.BILLING_ADMIN)) {
                throw ApiException.conflict("ONLY_ADMINS_CAN_BUY", "userUuid: company " + owner.company()
                        + " lets only its administrators buy, and user " + owner.user() + " is not one");
            }
            return new Buyer(company, member, role(member));
        });
    }

    private static BuyerRole role(AccountApi.Member member) {
        if (member.hasAnyRole("ROLE_RESELLER", "ROLE_RESELLER_MANAGER")) {
            return BuyerRole.RESELLER;
        }
        if (member.hasAnyRole("ROLE_SALES_SUPPORT")) {
            return BuyerRole.SALES_SUPPORT;
        }
        return BuyerRole.CUSTOMER;
    }

    /**
     * Inside the order's transaction: the order's amount in the marketplace currency, checked against the company's
     * limits with the company's orders serialised (so that two orders racing cannot both fit). Refused: 409
     * PURCHASE_LIMIT_EXCEEDED, and the transaction (the order) rolls back.
     */
    public Uni<BigDecimal> enforce(String partner, Owner owner, Buyer buyer, BigDecimal amount, String currency) {
        String limitCurrency = config.currency();
        CompanyLimits limits = CompanyLimits.of(buyer.company(), config.purchaseLimits().thirtyDays(),
                config.purchaseLimits().daily());
        boolean limited = limits.any();
        return rates.convert(partner, amount, currency, limitCurrency).chain(converted -> {
            if (converted.isEmpty()) {
                if (limited) {
                    throw ApiException.invalidField("currency", "no active exchange rate from " + currency + " to "
                            + limitCurrency + " to count this order against the company's purchase limits");
                }
                return Uni.createFrom().item(Money.zero(limitCurrency));
            }
            BigDecimal orderAmount = converted.get().amount();
            if (!limited) {
                return Uni.createFrom().item(orderAmount);
            }
            Instant now = Instant.now();
            return subscriptions.lockCompany(partner, owner.company())
                    .chain(() -> check(partner, owner, limits.thirtyDays(), now.minus(Duration.ofDays(30)),
                            orderAmount, limitCurrency, "30-day"))
                    .chain(() -> check(partner, owner, limits.daily(), now.minus(Duration.ofDays(1)), orderAmount,
                            limitCurrency, "daily"))
                    .replaceWith(orderAmount);
        });
    }

    private Uni<Void> check(String partner, Owner owner, Optional<BigDecimal> limit, Instant since, BigDecimal amount,
            String currency, String which) {
        if (limit.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return subscriptions.spentSince(partner, owner.company(), since).map(spent -> {
            BigDecimal spentRounded = Money.round(spent, currency);
            if (CompanyLimits.exceeds(spent, amount, limit.get(), currency)) {
                throw ApiException.conflict("PURCHASE_LIMIT_EXCEEDED", "company " + owner.company() + " would exceed its "
                        + which + " purchase limit of " + Money.round(limit.get(), currency).toPlainString() + " " + currency
                        + ": it has ordered " + spentRounded.toPlainString() + " " + currency + " in that period and this order costs "
                        + amount.toPlainString() + " " + currency);
            }
            return null;
        }).replaceWithVoid();
    }
}
