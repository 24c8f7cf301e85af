package dev.marketplace.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import dev.marketplace.common.paging.CommonWords;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.SqlFilter;
import dev.marketplace.common.paging.Total;
import dev.marketplace.devstack.DevStack;
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
                        db -> AccountLists.accountQueries(partner, COMPANY, db)),
                new Service("notification-service", "notification", "notification-service/src/test/resources/seed/lists.sql",
                        db -> NotificationLists.notificationQueries(partner)),
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
                    ClosedLoop.measure(http, () -> direct + q.path(), q.body(), url -> bearer, clients, 1);
                    ClosedLoop.measure(http, () -> gateway + q.path(), q.body(),
                            url -> signer.authorization(q.method(), url, null), clients, 1);
                }
            }
            for (Query q : queriesOf.get(service)) {
                // lead-in: the buffer cache sees the query before it is measured
                ClosedLoop.measure(http, () -> direct + q.path(), q.body(), url -> bearer, clients, 2);
                ClosedLoop.Stats straight = ClosedLoop.measure(http, () -> direct + q.path(), q.body(), url -> bearer, clients,
                        seconds);
                ClosedLoop.Stats through = ClosedLoop.measure(http, () -> gateway + q.path(), q.body(),
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

    /** The page's SQL and the total's: the counter of an unfiltered list, the capped count of a filtered one. */
    static List<Sql> withTotal(Sql page, String from, SqlFilter where, String list, Object scope) {
        Sql total = where.narrowed()
                ? new Sql("total (capped count)", Total.cappedCountSql("select 1 " + from + " where " + where.where()),
                        where.params())
                : new Sql("total (counter)", "select n from list_counter where list = ?1 and scope = ?2",
                        List.of(list, scope.toString()));
        return List.of(page, total);
    }
}
