package dev.marketplace.account.company.service;

import dev.marketplace.account.company.domain.Company;
import io.smallrye.mutiny.Uni;

/**
 * Adds the first user a new company is created with, in the creation's transaction. How people join companies is the
 * onboarding feature's, which implements this: the company feature declares what it needs instead of depending on it.
 */
public interface FirstUsers {
    Uni<Void> add(Company company, CompanyInput.FirstUser first);
}
