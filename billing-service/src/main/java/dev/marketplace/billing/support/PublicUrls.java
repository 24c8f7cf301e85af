package dev.marketplace.billing.support;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.billing.config.BillingConfig;

/** Links in answers and events point at the public marketplace (the gateway), whichever replica answers. */
@ApplicationScoped
public class PublicUrls {
    private final String base;

    public PublicUrls(BillingConfig config) {
        this.base = config.baseUrl().toString().replaceAll("/+$", "");
    }

    public String base() {
        return base;
    }

    public String company(Object uuid) {
        return base + "/api/account/v2/companies/" + uuid;
    }

    public String user(Object uuid) {
        return base + "/api/account/v2/users/" + uuid;
    }

    public String invoice(long number) {
        return base + "/api/billing/v1/invoices/" + number;
    }

    public String payment(long id) {
        return base + "/api/billing/v1/payments/" + id;
    }
}
