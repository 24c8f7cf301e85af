package dev.marketplace.account.onboarding.service;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.activation.service.AccountActivation;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.security.Caller;
import io.smallrye.mutiny.Uni;

/**
 * Assisted sales: a user a reseller creates in a customer company. reseller-service names the reseller company on the
 * internal member creation ({@code resellerCompanyId}, mesh-internal: no public API takes it); the new user, when the
 * company allows login, is active without a password and gets NEW_USER, WELCOME_USER and
 * ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES (the ACCOUNT_ACTIVATION link, naming the reseller) instead of an
 * invitation. A managed company's user gets no email, as any managed user.
 */
@ApplicationScoped
public class AssistedOnboarding {
    static final String RULE = "must be a reseller company of the marketplace";

    /** The reseller company a user was created for. */
    public record Sale(UUID resellerCompanyUuid, String resellerName) {
    }

    private final CompanyLookup companies;
    private final AccountActivation activation;
    private final Caller caller;

    public AssistedOnboarding(CompanyLookup companies, AccountActivation activation, Caller caller) {
        this.companies = companies;
        this.activation = activation;
        this.caller = caller;
    }

    /**
     * The sale of the reseller company {@code field} names: a reseller company of the caller's marketplace, else a 400
     * naming the field (another marketplace's company answers as an unknown one).
     */
    public Uni<Sale> of(String field, UUID resellerCompany) {
        return companies.find(resellerCompany).map(found -> {
            if (found == null || !found.partner.equals(caller.partner()) || !found.reseller) {
                throw ApiException.invalidField(field, RULE);
            }
            return new Sale(found.uuid, found.name);
        });
    }

    /** What the new user hears; opens their activation on the entity about to be stored. */
    List<NotificationRequest> messages(AppUser user, Company company, Sale sale) {
        List<NotificationRequest> messages = new ArrayList<>(WelcomeMessages.of(user, company));
        messages.add(activation.startAssisted(user, company.name, sale.resellerName(),
                Locales.forRecipient(user.locale, company.locale)));
        return messages;
    }
}
