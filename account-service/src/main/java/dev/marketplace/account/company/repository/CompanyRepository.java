package dev.marketplace.account.company.repository;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CompanyRepository implements PanacheRepositoryBase<Company, UUID> {

    /** By uuid the company may belong to any partner (the caller checks); by external id only within {@code partner}. */
    public Uni<Company> findByRef(CompanyRef ref, String partner) {
        if (ref instanceof CompanyRef.ById byId) {
            return findById(byId.uuid());
        }
        return find("partner = ?1 and externalId = ?2", partner, ((CompanyRef.ByExternalId) ref).externalId()).firstResult();
    }

    public Uni<Boolean> externalIdTaken(String partner, String externalId, UUID exceptCompany) {
        return count("partner = ?1 and externalId = ?2 and uuid <> ?3", partner, externalId,
                exceptCompany == null ? new UUID(0, 0) : exceptCompany).map(n -> n > 0);
    }

    public Uni<List<Company>> search(CompanyFilter filter, PageRequest page) {
        Parameters params = new Parameters();
        String where = where(filter, params);
        String order = filter.ascending() ? "asc" : "desc";
        return find("from Company c where " + where + " order by lower(c.name) " + order + ", c.uuid " + order, params)
                .page(page.page(), page.size()).list();
    }

    public Uni<Long> count(CompanyFilter filter) {
        Parameters params = new Parameters();
        return count("from Company c where " + where(filter, params), params);
    }

    private static String where(CompanyFilter filter, Parameters params) {
        StringBuilder where = new StringBuilder("c.partner = :partner");
        params.and("partner", filter.partner());
        if (filter.name() != null && !filter.name().isBlank()) {
            where.append(" and lower(c.name) like :name escape '\\'");
            params.and("name", "%" + escapeLike(filter.name().toLowerCase()) + "%");
        }
        if (filter.vendor() != null) {
            where.append(" and c.vendor = :vendor");
            params.and("vendor", filter.vendor());
        }
        int i = 0;
        for (Map.Entry<String, List<String>> excluded : filter.excludedCustomValues().entrySet()) {
            where.append(" and not exists (select 1 from CompanyCustomAttribute a where a.companyUuid = c.uuid and a.name = :cn")
                    .append(i).append(" and a.value in :cv").append(i).append(')');
            params.and("cn" + i, excluded.getKey()).and("cv" + i, excluded.getValue());
            i++;
        }
        return where.toString();
    }

    private static String escapeLike(String text) {
        return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }
}
