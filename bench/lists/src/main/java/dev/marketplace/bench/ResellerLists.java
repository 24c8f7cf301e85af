package dev.marketplace.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.marketplace.bench.ListsBench.Query;
import dev.marketplace.bench.ListsBench.Sql;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.reseller.association.repository.AssociationRepository;
import dev.marketplace.reseller.directory.domain.CompanySearch;
import dev.marketplace.reseller.directory.domain.UserSearch;
import dev.marketplace.reseller.directory.repository.CompanyRepository;
import dev.marketplace.reseller.directory.repository.UserRepository;
import dev.marketplace.testkit.QueryPlans;

/**
 * reseller-service's lists for {@link ListsBench}, in a reseller manager's view (the bench's token holds
 * ROLE_CHANNEL_ADMIN): the reseller program's companies, the program's users and one company's users, and one reseller
 * company's associations, seeded by reseller-service/src/test/resources/seed/lists.sql ({@code company}: the reseller
 * company whose members and associations are seeded). They are answered from reseller-service's own directory (a read
 * model of account-service's companies, users and memberships fed by its events), never by calling account-service.
 */
final class ResellerLists {
    private ResellerLists() {
    }

    /** First page, text filter and page 2,000 (the deepest served) of each list. */
    static List<Query> resellerQueries(String partner, UUID company, Connection db) throws SQLException {
        PageRequest first = PageRequest.of(0, 50, 50);
        PageRequest deep = PageRequest.of(2_000, 50, 50);
        List<Query> queries = new ArrayList<>();

        String companies = "/api/appReseller/v1/companies?context=RESELLER_MANAGER&size=50";
        CompanySearch program = companyFilter(partner, null);
        // the terms are what a user would type, taken from one seeded row (SeedNames: the seed's formulas)
        String companyName = SeedNames.words(SeedNames.companyName(SeedNames.ROW), 2);
        CompanySearch named = companyFilter(partner, companyName);
        queries.add(new Query("companies", "first page", companies, false, companySql(program, first, company)));
        queries.add(new Query("companies", "searchText (company name, 1 row)", companies + "&searchText="
                + SeedNames.query(companyName), false, companySql(named, first, company)));
        // a word of a name that PostgreSQL's sample of the column holds: the planner estimates it at 1 % of the companies
        String sampledWord = QueryPlans.sampledValue(db, "directory_company", "name").split(" ")[0];
        queries.add(new Query("companies", "searchText (a word of a name the sample holds)", companies + "&searchText="
                + SeedNames.query(sampledWord), false, companySql(companyFilter(partner, sampledWord), first, company)));
        queries.add(new Query("companies", "page 2,000", companies + "&page=2000", true,
                companySql(program, deep, company)));

        String users = "/api/appReseller/v1/users?context=RESELLER_MANAGER&size=50";
        UserSearch members = userFilter(partner, null, null);
        // a user's email, first and last name are searched one by one (no term spans two): an email's local part
        String userEmail = SeedNames.localPart(SeedNames.email(SeedNames.ROW));
        UserSearch searched = userFilter(partner, null, userEmail);
        queries.add(new Query("users", "first page", users, false, userSql(members, first, partner)));
        queries.add(new Query("users", "searchText (email local part, 1 row)", users + "&searchText="
                + SeedNames.query(userEmail), false, userSql(searched, first, partner)));
        queries.add(new Query("users", "page 2,000", users + "&page=2000", true, userSql(members, deep, partner)));
        String ofCompany = users + "&companyId=" + company;
        UserSearch companyMembers = userFilter(partner, company, null);
        queries.add(new Query("company users", "first page", ofCompany, false, userSql(companyMembers, first, partner)));
        queries.add(new Query("company users", "page 2,000", ofCompany + "&page=2000", true,
                userSql(companyMembers, deep, partner)));

        String associations = "/api/appReseller/v1/companyAssociations?size=50&resellerCompanyId=" + company;
        AssociationRepository.Filter linked = associationFilter(partner, company, null);
        AssociationRepository.Filter linkedNamed = associationFilter(partner, company, companyName);
        queries.add(new Query("associations", "first page", associations, false, associationSql(linked, first, company)));
        queries.add(new Query("associations", "searchText (customer name, 1 row)", associations + "&searchText="
                + SeedNames.query(companyName), false, associationSql(linkedNamed, first, company)));
        queries.add(new Query("associations", "page 2,000", associations + "&number=2000", true,
                associationSql(linked, deep, company)));
        return queries;
    }

    private static CompanySearch companyFilter(String partner, String text) {
        return new CompanySearch(partner, null, null, null, text, null, null, null, null,
                CompanySearch.SortField.CREATED_ON, false);
    }

    private static UserSearch userFilter(String partner, UUID company, String text) {
        return new UserSearch(partner, company, null, null, text, null, null, UserSearch.SortField.EMAIL,
                true);
    }

    private static AssociationRepository.Filter associationFilter(String partner, UUID reseller, String text) {
        return new AssociationRepository.Filter(partner, reseller, null, text, null, null,
                AssociationRepository.SortField.CREATED_ON, false);
    }

    /** The page and what each page reads beside it: its companies' member counters (the list has no total). */
    private static List<Sql> companySql(CompanySearch f, PageRequest page, UUID company) {
        SqlFilter where = CompanyRepository.sqlFilter(f);
        return List.of(new Sql("page", CompanyRepository.pageSql(f, where, page), where.params()),
                new Sql("numOfUsers (counters)", "select scope, n from list_counter where list = 'company-users'"
                        + " and scope in (?1)", List.of(company.toString())));
    }

    private static List<Sql> userSql(UserSearch f, PageRequest page, String partner) {
        SqlFilter where = UserRepository.sqlFilter(f);
        return f.company() != null
                ? ListsBench.withTotal(new Sql("page", UserRepository.pageSql(f, where, page), where.params()),
                        "from directory_membership m", where, "company-users", f.company())
                : ListsBench.withTotal(new Sql("page", UserRepository.pageSql(f, where, page), where.params()),
                        "from directory_membership m", where, "program-users", partner);
    }

    private static List<Sql> associationSql(AssociationRepository.Filter f, PageRequest page, UUID reseller) {
        SqlFilter where = AssociationRepository.sqlFilter(f, false);
        return ListsBench.withTotal(new Sql("page", AssociationRepository.pageSql(f, where, page), where.params()),
                "from company_association a", where, "reseller-associations", reseller);
    }
}
