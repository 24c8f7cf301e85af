package dev.marketplace.account.company.service;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.security.Caller;
import io.smallrye.mutiny.Uni;

/**
 * The company a call names, loaded for the other features: by {@code uuid}, {@code id:<uuid>} or
 * {@code externalId:<id>} in the caller's marketplace (404 when unknown, and when another marketplace's: its id answers
 * exactly as an unknown one), then checked against what the caller may do with it inside the marketplace (403, see
 * {@link CompanyAccess}).
 */
@ApplicationScoped
public class CompanyLookup {
    private final CompanyRepository companies;
    private final CompanyAccess access;
    private final Caller caller;

    public CompanyLookup(CompanyRepository companies, CompanyAccess access, Caller caller) {
        this.companies = companies;
        this.access = access;
        this.caller = caller;
    }

    /** Loads a company (404) and checks read access (403). */
    public Uni<Company> forRead(String ref) {
        return load(ref).call(company -> access.requireRead(company.partner, company.uuid));
    }

    /** Loads a company (404) and checks that the caller may change it (403). */
    public Uni<Company> forWrite(String ref) {
        return load(ref).call(company -> access.requireWrite(company.partner, company.uuid));
    }

    /** Loads a company of the caller's marketplace (404 otherwise) without checking access: the caller checks. */
    public Uni<Company> load(String ref) {
        CompanyRef parsed = CompanyRef.parse(ref);
        return companies.findByRef(parsed, caller.partner())
                .onItem().ifNull().failWith(() -> ApiException.notFound("Company", ref));
    }

    /** The company with this uuid, of any partner, or null (background work and lookups that check on their own). */
    public Uni<Company> find(UUID uuid) {
        return companies.findById(uuid);
    }

    /** The companies with these uuids, in one query. */
    public Uni<List<Company>> find(List<UUID> uuids) {
        return uuids.isEmpty() ? Uni.createFrom().item(List.of()) : companies.list("uuid in ?1", uuids);
    }
}
