package dev.marketplace.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.concurrent.atomic.AtomicLong;

import dev.marketplace.account.activity.repository.ActivityRepository;
import dev.marketplace.account.company.repository.CompanyFilter;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.account.group.repository.GroupRepository;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.devstack.DevStack;
import dev.marketplace.notification.delivery.domain.DeliveryStatus;
import dev.marketplace.notification.delivery.repository.DeliveryRepository;
import dev.marketplace.notification.eventlog.repository.EventFilter;
import dev.marketplace.notification.eventlog.repository.LoggedEventRepository;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;
import dev.marketplace.notification.vendorevent.repository.VendorEventRepository;
import dev.marketplace.testkit.Postgres;
import dev.marketplace.testkit.QueryPlans;
import dev.marketplace.testkit.SignpostSigner;

/**
 * Paged lists at a million rows. Starts the devstack, seeds every list of each measured service with {@code bench.rows}
 * rows of its kind in the bootstrap marketplace (the service's own seed script, through its schema), then measures each
 * query with {@code bench.clients} closed-loop clients for {@code bench.seconds}, straight to account-service (an
 * internal token) and through the gateway (OAuth 1.0, a fresh signature per call), and writes p50/p99 and the plan of
 * every query (EXPLAIN ANALYZE of the SQL the repositories build) to the results file.
 */
public final class ListsBench {
    private static final UUID COMPANY = UUID.nameUUIDFromBytes("bench-lists-company".getBytes());
    /** The services to measure (bench.services, comma-separated modules); all when empty. */
    private static final List<String> ONLY = System.getProperty("bench.services", "").isBlank() ? List.of()
            : List.of(System.getProperty("bench.services").split(","));
    private static final double FIRST_PAGE_TARGET_MS = 20;
    private static final double DEEP_PAGE_TARGET_MS = 100;
    private static final int WARMUP_ROUNDS = Integer.getInteger("bench.warmupRounds", 8);

    /**
     * One measured query: its path, the JSON body it is POSTed with (a GraphQL query; null for a GET), whether it is a
     * deep page (the 100 ms target), and the SQL it runs.
     */
    record Query(String list, String what, String path, String body, boolean deep, List<Sql> sql) {
        Query(String list, String what, String path, boolean deep, List<Sql> sql) {
            this(list, what, path, null, deep, sql);
        }

        String method() {
            return body == null ? "GET" : "POST";
        }
    }

    /**
     * A service whose lists are measured: its module, its database, the seed script of its lists and its queries, made
     * once the database is seeded (a text filter's SQL depends on the seeded column's statistics: {@link CommonWords}).
     */
    record Service(String module, String database, String seed, QueriesOf queries) {
    }

    interface QueriesOf {
        List<Query> of(Connection seeded) throws SQLException;
    }

    record Sql(String what, String text, List<Object> params) {
    }

    record Stats(double rps, double p50, double p99, long requests, long errors) {
        String line() {
            return String.format("%8.0f req/s  p50 %7.2f ms  p99 %7.2f ms  (%d requests, %d errors)", rps, p50, p99, requests,
                    errors);
        }
    }

    public static void main(String[] args) throws Exception {
        Path results = Path.of(args.length > 0 ? args[0] : "bench/lists/results.txt");
        Path root = Path.of(args.length > 1 ? args[1] : ".").toAbsolutePath().normalize();
        int rows = Integer.getInteger("bench.rows", 1_000_000);
        int seconds = Integer.getInteger("bench.seconds", 10);
        int clients = Integer.getInteger("bench.clients", 4);
        int portBase = Integer.getInteger("bench.portBase", 58080);
        Path data = Files.createTempDirectory("bench-lists");
        try (DevStack stack = DevStack.start(new DevStack.Options(root, data, portBase, 0, 0, false))) {
            new ListsBench().run(stack, root, results, rows, seconds, clients);
        }
        System.exit(0);
    }

    private void run(DevStack stack, Path root, Path results, int rows, int seconds, int clients) throws Exception {
        String partner = DevStack.PARTNER;
        List<Service> services = Stream.of(
                new Service("account-service", "account", "account-service/src/test/resources/seed/lists.sql",
                        db -> accountQueries(partner, db)),
                new Service("notification-service", "notification", "notification-service/src/test/resources/seed/lists.sql",
                        db -> notificationQueries(partner)),
                new Service("billing-service", "billing", "billing-service/src/test/resources/seed/lists.sql",
                        db -> BillingLists.queries(partner, COMPANY)),
                new Service("lead-service", "lead", "lead-service/src/test/resources/seed/lists.sql",
                        db -> LeadLists.leadQueries(partner, COMPANY)),
                new Service("reseller-service", "reseller", "reseller-service/src/test/resources/seed/lists.sql",
                        db -> ResellerLists.resellerQueries(partner, COMPANY, db)),
                new Service("catalog-service", "catalog", "catalog-service/src/test/resources/seed/lists.sql",
                        db -> CatalogLists.catalogQueries(partner)))
                .filter(service -> ONLY.isEmpty() || ONLY.contains(service.module())).toList();
        Instant seedStart = Instant.now();
        Map<Service, List<Query>> queriesOf = new HashMap<>();
        for (Service service : services) {
            try (Connection db = Postgres.server().getDatabase("postgres", service.database()).getConnection()) {
                db.setAutoCommit(true);
                QueryPlans.defineVocabulary(db);
                QueryPlans.runScript(db, Files.readString(root.resolve(service.seed())),
                        Map.of("partner", partner, "company", COMPANY.toString(), "rows", Integer.toString(rows)));
                QueryPlans.vacuumUntilAllVisible(db);
                queriesOf.put(service, service.queries().of(db));
            }
        }
        Duration seeding = Duration.between(seedStart, Instant.now());
        System.out.println("bench: seeded " + rows + " rows per list in " + seeding.toSeconds() + " s");

        String gateway = stack.gatewayUrl();
        String bearer = stack.internalBearer(partner, "ROLE_PARTNER", "ROLE_CHANNEL_ADMIN");
        SignpostSigner signer = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        List<String> report = new ArrayList<>();
        report.add("# bench/lists — paged lists at " + rows + " rows of each kind in one marketplace");
        report.add("# " + Instant.now() + ", " + clients + " concurrent clients, " + seconds + " s per query and path;"
                + " seeding took " + seeding.toSeconds() + " s");
        report.add("# command: BENCH_ROWS=" + rows + " BENCH_SECONDS=" + seconds + " BENCH_CLIENTS=" + clients
                + " bench/lists/run");
        report.add("# services with the full JIT (" + System.getProperty("devstack.jvm-options", "devstack defaults")
                + "), warmed by " + WARMUP_ROUNDS + " rounds of 1 s per query and path; PostgreSQL shared_buffers "
                + System.getProperty("testkit.postgres.shared-buffers", "128MB"));
        report.add("# targets (straight to the service): first pages and selective text filters p99 < "
                + (int) FIRST_PAGE_TARGET_MS + " ms; page 2,000 (row 100,000, the deepest served) p99 < " + (int) DEEP_PAGE_TARGET_MS + " ms");
        report.add("");
        List<String> plans = new ArrayList<>();
        boolean allMet = true;
        for (Service service : services) {
            String direct = stack.serviceUrl(service.module());
            // warm-up: the service's JIT compiles its list code on every query (both ways) before any is measured, else
            // the first query measured a service still compiling (100-370 ms p99 on a 20,000-row trial run)
            for (int round = 0; round < WARMUP_ROUNDS; round++) {
                for (Query q : queriesOf.get(service)) {
                    measure(http, () -> direct + q.path(), q.body(), url -> bearer, clients, 1);
                    measure(http, () -> gateway + q.path(), q.body(), url -> signer.authorization(q.method(), url, null),
                            clients, 1);
                }
            }
            for (Query q : queriesOf.get(service)) {
                // lead-in: the buffer cache sees the query before it is measured
                measure(http, () -> direct + q.path(), q.body(), url -> bearer, clients, 2);
                Stats straight = measure(http, () -> direct + q.path(), q.body(), url -> bearer, clients, seconds);
                Stats through = measure(http, () -> gateway + q.path(), q.body(),
                        url -> signer.authorization(q.method(), url, null), clients, seconds);
                double target = q.deep() ? DEEP_PAGE_TARGET_MS : FIRST_PAGE_TARGET_MS;
                boolean met = straight.p99() < target && straight.errors() == 0;
                allMet &= met;
                report.add(String.format("%-12s %-16s %s", q.list(), q.what(), q.body() == null ? q.path()
                        : "POST " + q.path() + " " + q.body()));
                report.add("    service " + straight.line() + (met ? "   target met"
                        : "   TARGET MISSED (p99 < " + target + " ms)"));
                report.add("    gateway " + through.line());
                try (Connection db = Postgres.server().getDatabase("postgres", service.database()).getConnection()) {
                    for (Sql sql : q.sql()) {
                        plans.add("## " + q.list() + " — " + q.what() + " — " + sql.what());
                        plans.add(QueryPlans.explain(db, "explain (analyze, buffers)", sql.text(), sql.params()));
                    }
                }
                System.out.println("bench: " + q.list() + " " + q.what() + ": " + straight.line());
            }
        }
        // deeper than PageRequest.MAX_OFFSET is refused, not served slowly: one request each way shows the answer
        report.add("");
        report.add("deeper pages (past row " + PageRequest.MAX_OFFSET + ") are refused with a 400 naming the parameter:");
        for (String[] refused : new String[][] { { "account-service", "/api/account/v2/companies?size=50&page=10000" },
                { "billing-service", "/api/billing/v1/orders?count=50&start=500000" } }) {
            if (services.stream().anyMatch(service -> service.module().equals(refused[0]))) {
                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(stack.serviceUrl(refused[0])
                        + refused[1])).header("Authorization", bearer).build(), HttpResponse.BodyHandlers.ofString());
                report.add("    " + refused[1] + " -> " + answer.statusCode() + " " + answer.body());
                allMet &= answer.statusCode() == 400;
            }
        }
        report.add("");
        report.add(allMet ? "verdict: every list meets its target straight to the service"
                : "verdict: some lists miss their target (see above)");
        report.add("");
        report.add("# plans (EXPLAIN ANALYZE of each query's SQL, parameters written in)");
        report.addAll(plans);
        Files.write(results, report);
        System.out.println("bench: wrote " + results);
    }

    private static List<Query> notificationQueries(String partner) {
        PageRequest first = PageRequest.of(0, 50, 50);
        PageRequest deep = PageRequest.of(2_000, 50, 50);
        List<Query> queries = new ArrayList<>();
        EventFilter events = new EventFilter(partner, null, null, null, null, null, false);
        // the two words of one seeded company's name, as in the event's payload (SeedNames: the seed's formulas): 1 event
        // of a million matches (counted over the formulas; the other marketplace's rows are hex and cannot)
        String company = SeedNames.words(SeedNames.companyName(SeedNames.ROW), 2);
        EventFilter searched = new EventFilter(partner, null, null, null, null, company, false);
        queries.add(new Query("event log", "first page", "/api/channel/v1/events?size=50", false, eventSql(events, first, partner)));
        queries.add(new Query("event log", "searchText (company name, 1 row)", "/api/channel/v1/events?size=50&searchText="
                + SeedNames.query(company), false, eventSql(searched, first, partner)));
        queries.add(new Query("event log", "page 2,000", "/api/channel/v1/events?size=50&page=2000", true,
                eventSql(events, deep, partner)));
        SqlFilter deliveries = DeliveryRepository.sqlFilter(partner, null, null);
        SqlFilter failed = DeliveryRepository.sqlFilter(partner, null, DeliveryStatus.FAILED);
        queries.add(new Query("deliveries", "first page", "/api/notification/v1/deliveries?size=50", false, withTotal(
                new Sql("page", DeliveryRepository.pageSql(deliveries, first), deliveries.params()),
                "from notification_delivery d", deliveries, "deliveries", partner)));
        queries.add(new Query("deliveries", "status FAILED", "/api/notification/v1/deliveries?size=50&status=FAILED", false,
                withTotal(new Sql("page", DeliveryRepository.pageSql(failed, first), failed.params()),
                        "from notification_delivery d", failed, "deliveries", partner)));
        queries.add(new Query("deliveries", "page 2,000", "/api/notification/v1/deliveries?size=50&page=2000", true,
                withTotal(new Sql("page", DeliveryRepository.pageSql(deliveries, deep), deliveries.params()),
                        "from notification_delivery d", deliveries, "deliveries", partner)));
        SqlFilter vendorEvents = VendorEventRepository.sqlFilter(partner, null);
        SqlFilter parked = VendorEventRepository.sqlFilter(partner, VendorEventStatus.PARKED);
        queries.add(new Query("vendor events", "first page", "/api/notification/v1/vendor-events?size=50", false, withTotal(
                new Sql("page", VendorEventRepository.pageSql(vendorEvents, first), vendorEvents.params()),
                "from vendor_event v", vendorEvents, "vendor-events", partner)));
        queries.add(new Query("vendor events", "status PARKED", "/api/notification/v1/vendor-events?size=50&status=PARKED",
                false, withTotal(new Sql("page", VendorEventRepository.pageSql(parked, first), parked.params()),
                        "from vendor_event v", parked, "vendor-events", partner)));
        queries.add(new Query("vendor events", "page 2,000", "/api/notification/v1/vendor-events?size=50&page=2000", true,
                withTotal(new Sql("page", VendorEventRepository.pageSql(vendorEvents, deep), vendorEvents.params()),
                        "from vendor_event v", vendorEvents, "vendor-events", partner)));
        return queries;
    }

    private static List<Sql> eventSql(EventFilter f, PageRequest page, String partner) {
        SqlFilter where = LoggedEventRepository.sqlFilter(f);
        return withTotal(new Sql("page", LoggedEventRepository.pageSql(f, where, page), where.params()), "from event_log e",
                where, "events", partner);
    }

    private static List<Query> accountQueries(String partner, Connection db) throws SQLException {
        String company = "/api/account/v2/companies/" + COMPANY;
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

        MembershipRepository.Filter members = new MembershipRepository.Filter(COMPANY, null, null, null, null, null, null,
                MembershipRepository.SortField.DATE, true);
        String memberEmail = SeedNames.localPart(SeedNames.email(SeedNames.ROW));
        MembershipRepository.Filter searched = new MembershipRepository.Filter(COMPANY, null, null, null, null, null,
                memberEmail, MembershipRepository.SortField.DATE, true);
        queries.add(new Query("memberships", "first page", company + "/memberships?size=50", false,
                membershipSql(members, first)));
        queries.add(new Query("memberships", "searchText (email local part, 1 row)", company + "/memberships?size=50&searchText="
                + SeedNames.query(memberEmail), false, membershipSql(searched, first)));
        queries.add(new Query("memberships", "page 2,000", company + "/memberships?size=50&page=2000", true,
                membershipSql(members, deep)));

        GroupRepository.Filter groups = new GroupRepository.Filter(COMPANY, null, null, false, false);
        String groupName = SeedNames.groupName(SeedNames.ROW);
        GroupRepository.Filter groupsSearched = new GroupRepository.Filter(COMPANY, null, groupName, false, false);
        queries.add(new Query("groups", "first page", company + "/groups?size=50", false, groupSql(groups, first, CommonWords.NONE)));
        queries.add(new Query("groups", "searchText (word and department, 25 rows)", company + "/groups?size=50&searchText="
                + SeedNames.query(groupName), false, groupSql(groupsSearched, first, QueryPlans.commonWords(db, "company_group", "search_text"))));
        // a word that PostgreSQL's sample of the column holds (in one of its 101 histogram values: 1 % of the groups by
        // the sample, 0.02 % in fact), with its department: the planner's estimate of the text is 50 times too high
        String sampled = String.join(" ", java.util.Arrays.asList(
                QueryPlans.sampledValue(db, "company_group", "search_text").split(" ")).subList(0, 2));
        GroupRepository.Filter groupsSampled = new GroupRepository.Filter(COMPANY, null, sampled, false, false);
        queries.add(new Query("groups", "searchText (a word the sample holds, and department, 25 rows)", company
                + "/groups?size=50&searchText=" + SeedNames.query(sampled), false,
                groupSql(groupsSampled, first, QueryPlans.commonWords(db, "company_group", "search_text"))));
        queries.add(new Query("groups", "page 2,000", company + "/groups?size=50&page=2000", true, groupSql(groups, deep, CommonWords.NONE)));

        queries.add(new Query("invitations", "first page", company + "/invitations?size=50", false,
                invitationSql(null, first)));
        // invitees are further along the seed's vocabularies than the users (pg_temp.email(5000000 + i))
        String invitee = SeedNames.localPart(SeedNames.email(5_000_000 + SeedNames.ROW));
        queries.add(new Query("invitations", "email filter (email local part, 1 row)", company + "/invitations?size=50&filter="
                + SeedNames.query(invitee), false, invitationSql(invitee, first)));
        queries.add(new Query("invitations", "page 2,000", company + "/invitations?size=50&page=2000", true,
                invitationSql(null, deep)));

        queries.add(new Query("activities", "first page", company + "/activities?size=50&displayType=EVERYONE", false,
                activitySql(first)));
        queries.add(new Query("activities", "page 2,000", company + "/activities?size=50&page=2000&displayType=EVERYONE",
                true, activitySql(deep)));
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

    private static List<Sql> membershipSql(MembershipRepository.Filter f, PageRequest page) {
        SqlFilter where = MembershipRepository.sqlFilter(f);
        return withTotal(new Sql("page", MembershipRepository.pageSql(f, where, page), where.params()), "from membership m",
                where, "memberships", COMPANY);
    }

    private static List<Sql> groupSql(GroupRepository.Filter f, PageRequest page, CommonWords common) {
        SqlFilter where = GroupRepository.sqlFilter(f, common);
        return withTotal(new Sql("page", GroupRepository.pageSql(f, where, page), where.params()), "from company_group g",
                where, "groups", COMPANY);
    }

    private static List<Sql> invitationSql(String filter, PageRequest page) {
        SqlFilter where = InvitationRepository.sqlFilter(COMPANY, filter, null);
        return withTotal(new Sql("page", InvitationRepository.pageSql(where, page), where.params()), "from invitation i", where,
                "invitations", COMPANY);
    }

    private static List<Sql> activitySql(PageRequest page) {
        SqlFilter where = ActivityRepository.sqlFilter(COMPANY, null);
        return withTotal(new Sql("page", ActivityRepository.pageSql(where, page), where.params()), "from activity a", where,
                "activities", COMPANY);
    }

    /** The page's SQL and the total's: the counter of an unfiltered list, the capped count of a filtered one. */
    static List<Sql> withTotal(Sql page, String from, SqlFilter where, String list, Object scope) {
        Sql total = where.narrowed()
                ? new Sql("total (capped count)", Total.cappedCountSql("select 1 " + from + " where " + where.where()),
                        where.params())
                : new Sql("total (counter)", "select n from list_counter where list = ?1 and scope = ?2",
                        List.of(list, scope.toString()));
        return List.of(page, total);
    }

    /** The JSON body of a GraphQL {@code users} query with these arguments, asking for what a user directory shows. */
    private static String graphqlUsers(String arguments) {
        return "{\"query\":\"{ users(" + arguments + ") { totalCount totalCountCapped pageInfo { hasNextPage endCursor }"
                + " nodes { id firstName lastName email memberships { account { id name } roles status } } } }\"}";
    }

    private static boolean graphqlFailed(HttpResponse<String> response) {
        return response.statusCode() != 200 || response.body().contains("\"errors\"");
    }

    /**
     * Closed loop: each client sends its next request when the previous one is answered. A GraphQL answer (a request
     * with a body) counts as an error when it carries {@code errors}, as GraphQL reports them with a 200.
     */
    private static Stats measure(HttpClient http, java.util.function.Supplier<String> url, String body,
            java.util.function.Function<String, String> authorization, int clients, int seconds) throws Exception {
        List<Long> samples = Collections.synchronizedList(new ArrayList<>());
        AtomicLong errors = new AtomicLong();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < clients; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    String target = url.get();
                    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(target)).timeout(Duration.ofSeconds(30))
                            .header("Authorization", authorization.apply(target)).header("Accept", "application/json");
                    HttpRequest request = body == null ? builder.GET().build()
                            : builder.header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
                    long sent = System.nanoTime();
                    try {
                        // only a GraphQL answer is read: a GET's body is discarded, as the load generator shares the cores
                        boolean failed = body == null
                                ? http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() != 200
                                : graphqlFailed(http.send(request, HttpResponse.BodyHandlers.ofString()));
                        if (failed) {
                            errors.incrementAndGet();
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                    samples.add(System.nanoTime() - sent);
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        List<Long> sorted = new ArrayList<>(samples);
        Collections.sort(sorted);
        return new Stats(sorted.size() / elapsed, percentile(sorted, 0.50), percentile(sorted, 0.99), sorted.size(),
                errors.get());
    }

    private static double percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1))) / 1e6;
    }
}
