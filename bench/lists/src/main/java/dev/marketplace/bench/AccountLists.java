package dev.marketplace.bench;

import static dev.marketplace.bench.ListsBench.withTotal;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.marketplace.account.activity.repository.ActivityRepository;
import dev.marketplace.account.company.repository.CompanyFilter;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.account.group.repository.GroupRepository;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.bench.ListsBench.Query;
import dev.marketplace.bench.ListsBench.Sql;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.testkit.QueryPlans;

/**
 * account-service's lists for {@link ListsBench}: companies, users (REST and GraphQL), and one company's memberships,
 * groups, invitations and activities, seeded by account-service/src/test/resources/seed/lists.sql ({@code company}:
 * the company whose lists are seeded).
 */
final class AccountLists {
    private AccountLists() {
    }

    /** First page, a selective filter and page 2,000 (the deepest served) of each list. */
    static List<Query> accountQueries(String partner, UUID seeded, Connection db) throws SQLException {
        String company = "/api/account/v2/companies/" + seeded;
        PageRequest first = PageRequest.of(0, 50, 50);
        PageRequest deep = PageRequest.of(2_000, 50, 50);
        List<Query> queries = new ArrayList<>();

        CompanyFilter companies = new CompanyFilter(partner, null, null, Map.of(), false);
        // the terms are what a user would type, taken from one seeded row (SeedNames: the seed's formulas); the number
        // of rows each matches at 1,000,000 rows (in each label) was counted over those formulas: 1, or 25 for a group's
        // word and department (the pair recurs every 39,992 rows)
        String companyName = SeedNames.words(SeedNames.companyName(SeedNames.ROW), 2);
        CompanyFilter named = new CompanyFilter(partner, companyName, null, Map.of(), false);
        queries.add(new Query("companies", "first page", "/api/account/v2/companies?size=50", false,
                companySql(companies, first, partner)));
        queries.add(new Query("companies", "name filter (two words of a name, 1 row)", "/api/account/v2/companies?size=50&name="
                + SeedNames.query(companyName), false, companySql(named, first, partner)));
        queries.add(new Query("companies", "page 2,000", "/api/account/v2/companies?size=50&page=2000", true,
                companySql(companies, deep, partner)));

        UserRepository.Filter users = new UserRepository.Filter(partner, null, null, null, null, null, null,
                UserRepository.SortField.DATE, true);
        String personName = SeedNames.firstName(SeedNames.ROW) + " " + SeedNames.lastName(SeedNames.ROW);
        UserRepository.Filter usersNamed = new UserRepository.Filter(partner, personName, null, null, null, null, null,
                UserRepository.SortField.DATE, true);
        queries.add(new Query("users", "first page", "/api/account/v2/users?size=50", false, userSql(users, first, partner)));
        queries.add(new Query("users", "name filter (first and last name, 1 row)", "/api/account/v2/users?size=50&name="
                + SeedNames.query(personName), false, userSql(usersNamed, first, partner)));
        queries.add(new Query("users", "page 2,000", "/api/account/v2/users?size=50&page=2000", true,
                userSql(users, deep, partner)));
        // GraphQL users: the same queries behind a cursor connection, with each user's memberships and their companies
        queries.add(new Query("gql users", "first 50", "/api/graphql", graphqlUsers("first: 50"), false,
                userSql(users, first, partner)));
        queries.add(new Query("gql users", "name filter (first and last name, 1 row)", "/api/graphql",
                graphqlUsers("first: 50, filter: {name: \\\"" + personName + "\\\"}"), false,
                userSql(usersNamed, first, partner)));
        // the cursor of the 100,000th user: the next 50 are the rows of REST page 2,000
        String cursor = Base64.getUrlEncoder().withoutPadding().encodeToString("user:99999".getBytes(StandardCharsets.UTF_8));
        queries.add(new Query("gql users", "after row 100,000", "/api/graphql",
                graphqlUsers("first: 50, after: \\\"" + cursor + "\\\""), true, userSql(users, deep, partner)));

        MembershipRepository.Filter members = new MembershipRepository.Filter(seeded, null, null, null, null, null, null,
                MembershipRepository.SortField.DATE, true);
        String memberEmail = SeedNames.localPart(SeedNames.email(SeedNames.ROW));
        MembershipRepository.Filter searched = new MembershipRepository.Filter(seeded, null, null, null, null, null,
                memberEmail, MembershipRepository.SortField.DATE, true);
        queries.add(new Query("memberships", "first page", company + "/memberships?size=50", false,
                membershipSql(members, first, seeded)));
        queries.add(new Query("memberships", "searchText (email local part, 1 row)", company + "/memberships?size=50&searchText="
                + SeedNames.query(memberEmail), false, membershipSql(searched, first, seeded)));
        queries.add(new Query("memberships", "page 2,000", company + "/memberships?size=50&page=2000", true,
                membershipSql(members, deep, seeded)));

        GroupRepository.Filter groups = new GroupRepository.Filter(seeded, null, null, false, false);
        String groupName = SeedNames.groupName(SeedNames.ROW);
        GroupRepository.Filter groupsSearched = new GroupRepository.Filter(seeded, null, groupName, false, false);
        queries.add(new Query("groups", "first page", company + "/groups?size=50", false, groupSql(groups, first, CommonWords.NONE, seeded)));
        queries.add(new Query("groups", "searchText (word and department, 25 rows)", company + "/groups?size=50&searchText="
                + SeedNames.query(groupName), false, groupSql(groupsSearched, first, QueryPlans.commonWords(db, "company_group", "search_text"), seeded)));
        // a word that PostgreSQL's sample of the column holds (in one of its 101 histogram values: 1 % of the groups by
        // the sample, 0.02 % in fact), with its department: the planner's estimate of the text is 50 times too high
        String sampled = String.join(" ", Arrays.asList(
                QueryPlans.sampledValue(db, "company_group", "search_text").split(" ")).subList(0, 2));
        GroupRepository.Filter groupsSampled = new GroupRepository.Filter(seeded, null, sampled, false, false);
        queries.add(new Query("groups", "searchText (a word the sample holds, and department, 25 rows)", company
                + "/groups?size=50&searchText=" + SeedNames.query(sampled), false,
                groupSql(groupsSampled, first, QueryPlans.commonWords(db, "company_group", "search_text"), seeded)));
        queries.add(new Query("groups", "page 2,000", company + "/groups?size=50&page=2000", true, groupSql(groups, deep, CommonWords.NONE, seeded)));

        queries.add(new Query("invitations", "first page", company + "/invitations?size=50", false,
                invitationSql(null, first, seeded)));
        // invitees are further along the seed's vocabularies than the users (pg_temp.email(5000000 + i))
        String invitee = SeedNames.localPart(SeedNames.email(5_000_000 + SeedNames.ROW));
        queries.add(new Query("invitations", "email filter (email local part, 1 row)", company + "/invitations?size=50&filter="
                + SeedNames.query(invitee), false, invitationSql(invitee, first, seeded)));
        queries.add(new Query("invitations", "page 2,000", company + "/invitations?size=50&page=2000", true,
                invitationSql(null, deep, seeded)));

        queries.add(new Query("activities", "first page", company + "/activities?size=50&displayType=EVERYONE", false,
                activitySql(first, seeded)));
        queries.add(new Query("activities", "page 2,000", company + "/activities?size=50&page=2000&displayType=EVERYONE",
                true, activitySql(deep, seeded)));
        return queries;
    }

    private static List<Sql> companySql(CompanyFilter f, PageRequest page, String partner) {
        SqlFilter where = CompanyRepository.sqlFilter(f);
        return withTotal(new Sql("page", CompanyRepository.pageSql(f, where, page), where.params()), "from company c", where,
                "companies", partner);
    }

    private static List<Sql> userSql(UserRepository.Filter f, PageRequest page, String partner) {
        SqlFilter where = UserRepository.sqlFilter(f);
        return withTotal(new Sql("page", UserRepository.pageSql(f, where, page.offset(), page.size()), where.params()),
                "from app_user u", where, "users", partner);
    }

    private static List<Sql> membershipSql(MembershipRepository.Filter f, PageRequest page, UUID company) {
        SqlFilter where = MembershipRepository.sqlFilter(f);
        return withTotal(new Sql("page", MembershipRepository.pageSql(f, where, page), where.params()), "from membership m",
                where, "memberships", company);
    }

    private static List<Sql> groupSql(GroupRepository.Filter f, PageRequest page, CommonWords common, UUID company) {
        SqlFilter where = GroupRepository.sqlFilter(f, common);
        return withTotal(new Sql("page", GroupRepository.pageSql(f, where, page), where.params()), "from company_group g",
                where, "groups", company);
    }

    private static List<Sql> invitationSql(String filter, PageRequest page, UUID company) {
        SqlFilter where = InvitationRepository.sqlFilter(company, filter, null);
        return withTotal(new Sql("page", InvitationRepository.pageSql(where, page), where.params()), "from invitation i", where,
                "invitations", company);
    }

    private static List<Sql> activitySql(PageRequest page, UUID company) {
        SqlFilter where = ActivityRepository.sqlFilter(company, null);
        return withTotal(new Sql("page", ActivityRepository.pageSql(where, page), where.params()), "from activity a", where,
                "activities", company);
    }

    /** The JSON body of a GraphQL {@code users} query with these arguments, asking for what a user directory shows. */
    private static String graphqlUsers(String arguments) {
        return "{\"query\":\"{ users(" + arguments + ") { totalCount totalCountCapped pageInfo { hasNextPage endCursor }"
                + " nodes { id firstName lastName email memberships { account { id name } roles status } } } }\"}";
    }
}
