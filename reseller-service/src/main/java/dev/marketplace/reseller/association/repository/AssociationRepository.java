package dev.marketplace.reseller.association.repository;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.CommonWordsReader;
import dev.marketplace.common.paging.ListQueries;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.common.persistence.NativeSelects;
import dev.marketplace.reseller.association.domain.CompanyAssociation;
import dev.marketplace.reseller.support.Sql;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class AssociationRepository implements PanacheRepositoryBase<CompanyAssociation, UUID> {
    /** A reseller company's associations in {@code list_counter}, scoped by its id. */
    static final String RESELLER_LIST = "reseller-associations";
    /** A customer company's associations in {@code list_counter}, scoped by its id. */
    static final String CUSTOMER_LIST = "customer-associations";

    private final CommonWordsReader commonWords;

    public AssociationRepository(CommonWordsReader commonWords) {
        this.commonWords = commonWords;
    }

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

    /** An association of {@code partner}: another marketplace's is not found, exactly as one that does not exist. */
    public Uni<CompanyAssociation> inPartner(String partner, UUID id) {
        return find("id = ?1 and partner = ?2", id, partner).firstResult();
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

    /**
     * A page of the listing ({@code where}: {@link #where} of its filter): ids from the company's ordering index, then
     * the rows by id.
     */
    public Uni<List<CompanyAssociation>> search(Filter filter, SqlFilter where, PageRequest page) {
        return ListQueries.page(CompanyAssociation.class, UUID.class, "id", a -> a.id, pageSql(filter, where, page), where);
    }

    /**
     * The listing's total: the counter of the one company it names when nothing else narrows it, else a count of at
     * most {@link Total#CAP} + 1 rows.
     */
    public Uni<Total> count(Filter filter, SqlFilter where) {
        return filter.resellerCompanyId() != null
                ? ListQueries.total("from company_association a", where, RESELLER_LIST, filter.resellerCompanyId())
                : ListQueries.total("from company_association a", where, CUSTOMER_LIST, filter.customerCompanyId());
    }

    /** The listing's where-clause, its text judged by the sample of the companies' names: built once per request. */
    public Uni<SqlFilter> where(Filter filter) {
        return namedCompanyMatches(filter).chain(matches -> commonWords.of("directory_company", "name", filter.searchText())
                .map(common -> sqlFilter(filter, matches, common)));
    }

    /**
     * Whether the name of the company the list is scoped to (the reseller, else the customer) contains
     * {@code searchText}: then every association of the list matches the text (false without a text).
     */
    public Uni<Boolean> namedCompanyMatches(Filter f) {
        if (f.searchText() == null) {
            return Uni.createFrom().item(false);
        }
        UUID named = f.resellerCompanyId() != null ? f.resellerCompanyId() : f.customerCompanyId();
        return NativeSelects.column("select c.id from directory_company c where c.id = ?1 and lower(c.name) like ?2"
                + " escape '\\'", List.of(named, SqlFilter.contains(f.searchText())), UUID.class)
                .map(found -> !found.isEmpty());
    }

    public static String pageSql(Filter filter, SqlFilter where, PageRequest page) {
        String d = filter.ascending() ? " asc" : " desc";
        String order = filter.sortField() == SortField.ID ? "a.id" + d : "a.created_on" + d + ", a.id" + d;
        return ListQueries.pageSql("company_association a", "a.id", where, order, page);
    }

    /**
     * The listing's where-clause. Its scope is the company it names (reseller or customer, at least one is given); the
     * other company, the text and the dates narrow it. {@code namedCompanyMatches}: see {@link #namedCompanyMatches}.
     */
    public static SqlFilter sqlFilter(Filter f, boolean namedCompanyMatches) {
        return sqlFilter(f, namedCompanyMatches, CommonWords.NONE);
    }

    public static SqlFilter sqlFilter(Filter f, boolean namedCompanyMatches, CommonWords common) {
        SqlFilter where;
        if (f.resellerCompanyId() != null) {
            where = SqlFilter.scope("a.partner = ? and a.reseller_company_id = ?", f.partner(), f.resellerCompanyId());
            if (f.customerCompanyId() != null) {
                where.and("a.customer_company_id = ?", f.customerCompanyId());
            }
        } else {
            where = SqlFilter.scope("a.partner = ? and a.customer_company_id = ?", f.partner(), f.customerCompanyId());
        }
        if (f.searchText() != null) {
            // either company's name, as the directory knows it. The scope's company matched or not (one row read
            // before); otherwise the other company must match, and the companies that do (trigram index) lead the plan
            if (namedCompanyMatches) {
                where.and("true");
            } else {
                String other = f.resellerCompanyId() != null ? "a.customer_company_id" : "a.reseller_company_id";
                SqlFilter.Condition named = SqlFilter.containsCondition("lower(c.name)", f.searchText(), common);
                List<Object> values = new ArrayList<>(List.of(f.partner()));
                values.addAll(named.values());
                where.andText(f.searchText(), common, other + " in (select c.id from directory_company c where c.partner = ?"
                        + " and " + named.clause() + ")", values.toArray());
            }
        }
        where.andWithin("a.created_on", f.from(), f.to());
        return where;
    }
}
