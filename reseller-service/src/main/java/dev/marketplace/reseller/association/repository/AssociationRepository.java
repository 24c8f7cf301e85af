package dev.marketplace.reseller.association.repository;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.reseller.association.domain.CompanyAssociation;
import dev.marketplace.reseller.support.Sql;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class AssociationRepository implements PanacheRepositoryBase<CompanyAssociation, UUID> {

    public enum SortField {
        CREATED_ON, ID
    }

    /**
     * Filters of the associations listing; null means "any" (one of the two companies is always given).
     * {@code searchText} matches either company's name.
     */
    public record Filter(String partner, UUID resellerCompanyId, UUID customerCompanyId, String searchText, Instant from,
            Instant to, SortField sortField, boolean ascending) {
    }

    /** Inserts the association unless the two companies are already associated; emits whether it did. */
    public Uni<Boolean> insertIfAbsent(CompanyAssociation a) {
        Map<String, Object> params = new HashMap<>();
        params.put("id", a.id);
        params.put("partner", a.partner);
        params.put("reseller", a.resellerCompanyId);
        params.put("customer", a.customerCompanyId);
        params.put("origin", a.origin.name());
        params.put("access", a.companyAccess);
        params.put("createdOn", a.createdOn);
        return Sql.update("insert into company_association (id, partner, reseller_company_id, customer_company_id, origin,"
                + " company_access, created_on) values (:id, :partner, :reseller, :customer, :origin, :access, :createdOn)"
                + " on conflict (reseller_company_id, customer_company_id) do nothing", params).map(n -> n == 1);
    }

    public Uni<CompanyAssociation> find(UUID reseller, UUID customer) {
        return find("resellerCompanyId = ?1 and customerCompanyId = ?2", reseller, customer).firstResult();
    }

    /** Whether {@code customer} is linked to one of {@code resellers}. */
    public Uni<Boolean> linked(Set<UUID> resellers, UUID customer) {
        if (resellers.isEmpty()) {
            return Uni.createFrom().item(false);
        }
        return count("customerCompanyId = ?1 and resellerCompanyId in ?2", customer, List.copyOf(resellers)).map(n -> n > 0);
    }

    public Uni<List<CompanyAssociation>> search(Filter filter, PageRequest page) {
        Map<String, Object> params = new HashMap<>();
        String d = filter.ascending() ? " asc" : " desc";
        String order = filter.sortField() == SortField.ID ? "a.id" + d : "a.created_on" + d + ", a.id" + d;
        params.put("limit", page.size());
        params.put("offset", page.offset());
        return Sql.list("select a.* " + fromWhere(filter, params) + " order by " + order + " limit :limit offset :offset",
                params, CompanyAssociation.class);
    }

    /** How many associations the listing has, counting at most {@code cap + 1}. */
    public Uni<Long> count(Filter filter, int cap) {
        Map<String, Object> params = new HashMap<>();
        return Sql.cappedCount(fromWhere(filter, params), params, cap);
    }

    private static String fromWhere(Filter f, Map<String, Object> params) {
        StringBuilder where = new StringBuilder("from company_association a where a.partner = :partner");
        params.put("partner", f.partner());
        if (f.resellerCompanyId() != null) {
            where.append(" and a.reseller_company_id = :reseller");
            params.put("reseller", f.resellerCompanyId());
        }
        if (f.customerCompanyId() != null) {
            where.append(" and a.customer_company_id = :customer");
            params.put("customer", f.customerCompanyId());
        }
        if (f.searchText() != null) {
            // the names are the directory's (account-service's companies)
            where.append(" and exists (select 1 from directory_company c where c.id in (a.reseller_company_id,"
                    + " a.customer_company_id) and lower(c.name) like :search escape '\\')");
            params.put("search", Sql.contains(f.searchText()));
        }
        if (f.from() != null) {
            where.append(" and a.created_on >= :from");
            params.put("from", f.from());
        }
        if (f.to() != null) {
            where.append(" and a.created_on <= :to");
            params.put("to", f.to());
        }
        return where.toString();
    }
}
