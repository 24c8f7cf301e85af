package dev.marketplace.reseller.company.domain;

/**
 * The access a company is given in the reseller channel: RESELLER (account-service's {@code reseller}), REFERRAL
 * ({@code referral}) or CUSTOMER (neither).
 */
public enum CompanyAccessType {
    RESELLER, REFERRAL, CUSTOMER
}
