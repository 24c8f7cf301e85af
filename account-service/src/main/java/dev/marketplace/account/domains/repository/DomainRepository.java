package dev.marketplace.account.domains.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.domains.domain.CompanyDomain;
import dev.marketplace.account.support.Queries;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class DomainRepository implements PanacheRepositoryBase<CompanyDomain, UUID> {

    public Uni<CompanyDomain> find(UUID company, String name) {
        return find("companyUuid = ?1 and name = ?2", company, name).firstResult();
    }

    public Uni<List<CompanyDomain>> search(UUID company, String searchText) {
        if (searchText == null || searchText.isBlank()) {
            return list("companyUuid = ?1 order by name", company);
        }
        return list("companyUuid = ?1 and name like ?2 escape '\\' order by name", company,
                "%" + Queries.escapeLike(searchText.trim()) + "%");
    }

    public Uni<List<CompanyDomain>> verified(UUID company) {
        return list("companyUuid = ?1 and status = ?2 order by name", company, CompanyDomain.Status.VERIFIED);
    }

    public Uni<Boolean> isVerified(UUID company, String name) {
        return count("companyUuid = ?1 and name = ?2 and status = ?3", company, name, CompanyDomain.Status.VERIFIED)
                .map(n -> n > 0);
    }
}
