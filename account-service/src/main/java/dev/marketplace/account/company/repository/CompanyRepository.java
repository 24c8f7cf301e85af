package dev.marketplace.account.company.repository;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.Company;
import dev.marketplace.common.lookup.CompanyRef;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class CompanyRepository implements PanacheRepositoryBase<Company, UUID> {
    /** The name of the companies list in {@code list_counter}, scoped by partner. */
    static final String LIST = "companies";

    private final CommonWordsReader commonWords;

    public CompanyRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

    /**
     * The company of {@code partner} named by uuid or external id: another marketplace's is not found, exactly as one that
     * does not exist (docs/architecture.md, "Identity").
     */
    public Uni<Company> findByRef(CompanyRef ref, String partner) {
        if (ref instanceof CompanyRef.ById byId) {
            return find("uuid = ?1 and partner = ?2", byId.uuid(), partner).firstResult();
        }
        return find("partner = ?1 and externalId = ?2", partner, ((CompanyRef.ByExternalId) ref).externalId()).firstResult();
    }

    public Uni<Boolean> externalIdTaken(String partner, String externalId, UUID exceptCompany) {
        return count("partner = ?1 and externalId = ?2 and uuid <> ?3", partner, externalId,
                exceptCompany == null ? new UUID(0, 0) : exceptCompany).map(n -> n > 0);
    }

    /** A page of the companies list: ordered by name, then uuid (index {@code company_list}). */
    public Uni<List<Company>> search(CompanyFilter filter, PageRequest page) {
        return where(filter).chain(where -> ListQueries.page(Company.class, UUID.class, "uuid", c -> c.uuid,
                pageSql(filter, where, page), where));
    }

    /** The list's total: the partner's counter when unfiltered, else a capped count. */
    public Uni<Total> count(CompanyFilter filter) {
        return where(filter).chain(where -> ListQueries.total("from company c", where, LIST, filter.partner()));
    }

    private Uni<SqlFilter> where(CompanyFilter filter) {
        return commonWords.of("company", "sort_name", filter.name()).map(common -> sqlFilter(filter, common));
    }

    public static String pageSql(CompanyFilter filter, SqlFilter where, PageRequest page) {
        String direction = filter.ascending() ? " asc" : " desc";
        return ListQueries.pageSql("company c", "c.uuid", where,
                "c.sort_name" + direction + ", c.uuid" + direction, page);
    }

    public static SqlFilter sqlFilter(CompanyFilter filter) {
        return sqlFilter(filter, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(CompanyFilter filter, CommonWords common) {
        SqlFilter where = SqlFilter.scope("c.partner = ?", filter.partner());
        if (filter.name() != null && !filter.name().isBlank()) {
            where.andContains("c.sort_name", filter.name(), common);
        }
        if (filter.vendor() != null) {
            where.and("c.vendor = ?", filter.vendor());
        }
        for (Map.Entry<String, List<String>> excluded : filter.excludedCustomValues().entrySet()) {
            List<Object> values = new java.util.ArrayList<>();
            values.add(excluded.getKey());
            values.addAll(excluded.getValue());
            where.and("not exists (select 1 from company_custom_attribute a where a.company_uuid = c.uuid and a.name = ?"
                    + " and a.value in (" + "?, ".repeat(excluded.getValue().size() - 1) + "?))", values.toArray());
        }
        return where;
    }
}
