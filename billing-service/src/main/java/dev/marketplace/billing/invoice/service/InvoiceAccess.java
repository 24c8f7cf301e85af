package dev.marketplace.billing.invoice.service;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.client.AccountClient;
import dev.marketplace.billing.client.CompanyTenancy;
import dev.marketplace.billing.invoice.domain.Invoice;
import dev.marketplace.billing.support.ChannelAccess;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * Who sees and pays which invoices. The channel (ROLE_PARTNER, ROLE_CHANNEL_ADMIN, read-only ROLE_PARTNER_READ) sees
 * every invoice of its marketplace; a user acting through {@code xoauth_requestor_id} sees their own invoices, and a
 * Company Administrator or billing administrator of a company (an enabled membership with ROLE_SYS_ADMIN or
 * ROLE_BILLING_ADMIN, asked of account-service) sees the company's. Paying by card is for the same people, the channel
 * writers included; recording a payment made elsewhere and voiding are the channel writers'. Anything else is a 403.
 * Another marketplace's invoice is not a permission question: invoice numbers are per marketplace and the lookup is
 * scoped to the caller's, so its number is the 404 of an unknown one (so is a payment's id, PaymentService).
 */
@ApplicationScoped
public class InvoiceAccess {
    private final Caller caller;
    private final ChannelAccess channel;
    private final AccountClient account;
    private final CompanyTenancy tenancy;

    public InvoiceAccess(Caller caller, ChannelAccess channel, AccountClient account, CompanyTenancy tenancy) {
        this.tenancy = tenancy;
        this.caller = caller;
        this.channel = channel;
        this.account = account;
    }

    /** The marketplace-wide listing: the channel's. */
    public String requireChannelReader() {
        return channel.requireReader();
    }

    public String requireChannelWriter() {
        return channel.requireWriter();
    }

    /**
     * The invoices of a company: the channel, or an administrator of the company. A company account-service does not
     * know in the caller's marketplace (unknown, or another marketplace's) is a 404 for everyone.
     */
    public Uni<Void> requireCompany(UUID company) {
        String partner = caller.partner();
        Uni<Void> known = tenancy.requireKnown(partner, company);
        return channel.reader() ? known : known.chain(() -> requireCompanyAdmin(partner, company));
    }

    /** The invoices of a user in a company: the channel, the user, or an administrator of the company; 404 as above. */
    public Uni<Void> requireUser(UUID company, UUID user) {
        String partner = caller.partner();
        Uni<Void> known = tenancy.requireKnown(partner, company);
        return channel.reader() || isUser(user) ? known : known.chain(() -> requireCompanyAdmin(partner, company));
    }

    /** One invoice (read): of the caller's marketplace, and the channel's, its user's or its company administrators'. */
    public Uni<Invoice> requireRead(Invoice invoice) {
        sameMarketplace(invoice);
        if (channel.reader() || isUser(invoice.userUuid)) {
            return Uni.createFrom().item(invoice);
        }
        return requireCompanyAdmin(invoice.partner, invoice.companyUuid).replaceWith(invoice);
    }

    /** Paying by card: the channel writers, the invoice's user, or an administrator of its company. */
    public Uni<Invoice> requirePayByCard(Invoice invoice) {
        sameMarketplace(invoice);
        if (channel.writer() || isUser(invoice.userUuid)) {
            return Uni.createFrom().item(invoice);
        }
        return requireCompanyAdmin(invoice.partner, invoice.companyUuid).replaceWith(invoice);
    }

    /** Defence in depth: an invoice loaded without the partner scope is still as unknown as a missing one. */
    private void sameMarketplace(Invoice invoice) {
        if (!invoice.partner.equals(caller.partner())) {
            throw ApiException.notFound("Invoice", invoice.invoiceNumber);
        }
    }

    private boolean isUser(UUID user) {
        return caller.user().map(user::equals).orElse(false)
                && caller.hasAnyRole(Roles.USER, Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
    }

    private Uni<Void> requireCompanyAdmin(String partner, UUID company) {
        if (caller.user().isEmpty() || !caller.hasAnyRole(Roles.USER, Roles.SYS_ADMIN, Roles.BILLING_ADMIN)) {
            return Uni.createFrom().failure(ApiException.forbidden());
        }
        return account.purchaseProfile(partner, company, caller.user().get()).map(profile -> {
            boolean admin = profile.isPresent() && profile.get().member() != null && profile.get().member().enabled()
                    && profile.get().member().hasAnyRole(Roles.SYS_ADMIN, Roles.BILLING_ADMIN);
            if (!admin) {
                throw ApiException.forbidden();
            }
            return null;
        }).replaceWithVoid();
    }
}
