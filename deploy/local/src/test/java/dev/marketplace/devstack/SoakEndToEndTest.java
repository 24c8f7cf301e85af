package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

import dev.marketplace.testkit.SignpostSigner;

/**
 * A mixed workload through the gateway for {@value #RUN_SECONDS} s after a ramp, on the shared devstack: {@value #WORKERS} clients,
 * each with its own OAuth 1.0 signer and connections, mix signed list reads of every API family (account, reseller,
 * catalog, billing, notification, lead), HEAD and trailing-slash spellings of them, a few writes (companies created,
 * and one company patched by every worker), replays of a request the gateway had accepted (403), calls signed with a
 * wrong secret (403), OAuth 2.0 token requests and calls with the bearer token. Every {@value #BURST_EVERY_MILLIS} ms,
 * {@value #BURST} simultaneous calls of another consumer drain its companies-list bucket (20 admitted, the rest 429),
 * the many-simultaneous-lists case that once froze every service's pool for 30 s. A probe reads {@value #PROBE_PATH}
 * every {@value #PROBE_EVERY_MILLIS} ms throughout (a path without a rate limit, so its figures are the gateway's and
 * the services' own).
 * <p>
 * It fails when any call gets no answer or a 5xx, when a call that is not an expected refusal (403 of a replay or a
 * bad signature, 429 of a burst, 409 CONCURRENT_UPDATE of a patch that lost the race for the row) takes more than
 * {@value #SLOW_MILLIS} ms or gets another status than its kind's, or when a burst lets more through than the bucket
 * holds; the message lists the offending calls. The first {@value #RAMP_MILLIS} ms (the ramp: every client connects,
 * the first burst opens account-service's pool, the services compile what the mix runs together) are held to all of
 * this but the time, and reported apart. The figures (per kind of call: counts by status and latencies; the probe's
 * p50, p99 and maximum; the bursts) go to {@code target/soak-results.txt}. {@code -Dsoak.seconds=N} runs it longer.
 */
class SoakEndToEndTest {
    static final int RUN_SECONDS = 60;
    /**
     * The first seconds of the load, before the judged {@value #RUN_SECONDS} s: every client opens its connections, the
     * services their database connections (the first burst opens a pool's worth at once) and compile the paths the mix
     * takes together. Calls of the ramp must be answered, without a 5xx, with their kind's status, but are not timed.
     */
    static final long RAMP_MILLIS = 6_000;
    static final int WORKERS = 6;
    static final long SLOW_MILLIS = 1_000;
    static final int BURST = 30;
    static final long BURST_EVERY_MILLIS = 5_000;
    static final long PROBE_EVERY_MILLIS = 250;
    static final String PROBE_PATH = "/api/account/v2/users?size=1";
    private static final String COMPANIES = "/api/account/v2/companies";
    private static final String COMPANIES_PAGE = COMPANIES + "?size=1";
    /** The companies list's bucket: 20 deep, leaking 5 a second (gateway application.properties). */
    private static final int BUCKET = 20;
    private static final double LEAK_PER_SECOND = 5;
    /**
     * The workers' companies reads are paced well below the leak, so their consumer's bucket never fills: a 429 for them
     * would be a metering fault, not an expected refusal.
     */
    private static final long COMPANIES_PACE_MILLIS = 500;
    /** Token requests cost an RSA signature and are limited per client (30 a minute beyond a burst). */
    private static final long TOKEN_PACE_MILLIS = 2_000;
    private static final long THINK_MILLIS = 20;
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);
    private static final String BURST_PARTNER = "SOAKBURST";
    /** The bursts' consumer, issued by the marketplaces API at set-up. */
    private static String burstKey;
    private static String burstSecret;

    enum Kind {
        READ(200), VARIANT(200), CREATE(201), UPDATE(200, 409), REPLAY(403), BAD_SIGNATURE(403), TOKEN(200),
        BEARER_READ(200), BURST(200, 429), PROBE(200);

        final Set<Integer> expected;

        Kind(Integer... expected) {
            this.expected = Set.of(expected);
        }

        /**
         * An expected refusal: not held to the one-second rule (it is still answered, and never a 5xx). An update's 409
         * is the write that lost the race for the row against another worker's (409 CONCURRENT_UPDATE).
         */
        boolean refusal(int status) {
            return (status == 403 || status == 429 || status == 409) && expected.contains(status);
        }

        String label() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    /**
     * One call as the client saw it, {@code at} ms after the load began; status -1: no answer (error says why), else
     * error is the answer's {@code code} when it has one.
     */
    record Call(Kind kind, String method, String path, int status, long micros, String error, long at) {
        long millis() {
            return micros / 1000;
        }

        /** What is wrong with this call, or null; {@code timed}: whether it is held to the one-second rule. */
        String problem(boolean timed) {
            if (status < 0) {
                return "no answer (" + error + ")";
            }
            if (status >= 500) {
                return "server error";
            }
            if (!kind.expected.contains(status)) {
                return "unexpected status" + (error == null ? "" : " " + error) + ", expected " + kind.expected;
            }
            if (status == 409 && !"CONCURRENT_UPDATE".equals(error)) {
                return "a 409 that is not a lost race (" + error + ")";
            }
            if (timed && !kind.refusal(status) && micros > SLOW_MILLIS * 1000) {
                return "over " + SLOW_MILLIS + " ms";
            }
            return null;
        }

        @Override
        public String toString() {
            return String.format("%-13s %-5s %s -> %s in %d ms at %.1f s", kind.label(), method, path,
                    status < 0 ? "none" : status, millis(), at / 1000.0);
        }
    }

    /**
     * One burst: how many of its simultaneous calls were let through, how long it took from first send to last answer,
     * and its slowest admitted call.
     */
    record Burst(long at, int admitted, int refused, long millis, long slowestAdmittedMillis) {
        /** The bucket, full at the start, plus what leaked while the burst lasted (and one for rounding). */
        int mostAllowed() {
            return BUCKET + (int) Math.floor(millis / 1000.0 * LEAK_PER_SECOND) + 1;
        }
    }

    private static final Pattern CODE = Pattern.compile("\"code\"\\s*:\\s*\"([^\"]+)\"");
    private static final ConcurrentLinkedQueue<Call> CALLS = new ConcurrentLinkedQueue<>();
    private static final ConcurrentLinkedQueue<Burst> BURSTS = new ConcurrentLinkedQueue<>();
    private static volatile long loadStart = System.nanoTime();
    /** account-service's connections to its database before the load and after its first burst. */
    private static final int[] ACCOUNT_CONNECTIONS = new int[2];
    private static String gateway;
    private static List<String> readPaths;
    private static List<String> bearerPaths;
    private static String seededCompany;
    private static long seedMillis;

    @BeforeAll
    static void seed() throws Exception {
        DevStack stack = Suite.stack();
        long start = System.nanoTime();
        gateway = stack.gatewayUrl();
        GatewayClient client = GatewayClient.bootstrapConsumer();
        String run = UUID.randomUUID().toString().substring(0, 8);

        // the bursts' consumer: a bucket of its own, and a list with something in it
        DevStack.Credential bursts = stack.createChannelConsumer(BURST_PARTNER, "ROLE_PARTNER");
        burstKey = bursts.key();
        burstSecret = bursts.secret();
        GatewayClient burster = new GatewayClient(gateway, burstKey, burstSecret);
        for (int i = 0; i < 2; i++) {
            post(burster, COMPANIES, Map.of("name", "Burst " + run + " " + i, "countryCode", "US"), 201);
        }
        // its list read once, so that the first burst finds the code warm
        burster.signed("GET", COMPANIES_PAGE).get(burster.url(COMPANIES_PAGE)).then().statusCode(200);

        // the marketplace's data: a customer with its first user and a group, a reseller associated with it, a product
        // with a lead, an exchange rate and a discount (invoices and orders may be empty, or other tests' ones)
        seededCompany = post(client, COMPANIES, Map.of("name", "Soak Customer " + run, "externalId", "soak-" + run,
                "countryCode", "US", "firstUser", Map.of("email", "soak-" + run + "@e2e.example", "firstName", "Sam")), 201)
                .path("uuid");
        String memberships = COMPANIES + "/" + seededCompany + "/memberships";
        String admin = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200).extract()
                .path("content[0].user.uuid");
        post(client, COMPANIES + "/" + seededCompany + "/groups?xoauth_requestor_id=" + admin, Map.of("name", "Soakers"), 201);
        String reseller = post(client, COMPANIES, Map.of("name", "Soak Reseller " + run, "countryCode", "US",
                "reseller", true), 201).path("uuid");
        for (String company : List.of(reseller, seededCompany)) {
            String seen = "/api/appReseller/v1/companies/" + company + "?context=RESELLER_MANAGER";
            awaitOk(() -> client.signed("GET", seen).get(client.url(seen)), "reseller-service hears of " + company);
        }
        post(client, "/api/appReseller/v1/companyAssociations", Map.of("resellerCompanyId", reseller,
                "customerCompanyId", seededCompany), 200);
        long product = post(client, "/api/marketplace/v1/products", Map.of("name", "Soak Product " + run,
                "description", "Soaked", "vendorName", "Soak Vendor", "editions", List.of(Map.of("code", "BASIC",
                        "name", "Basic", "rank", 1, "primary", true, "revenueType", "RECURRING", "leadGen", true,
                        "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit", "USER",
                                "minUnits", 1, "amount", Map.of("USD", 10)))))))), 201).jsonPath().getLong("id");
        post(client, "/api/lead/v2/leads?context=ANONYMOUS", Map.of("partner", DevStack.PARTNER, "leadType", "PRODUCT",
                "product", Map.of("id", String.valueOf(product)), "customer", Map.of("company", Map.of("name",
                        "Soak Prospect " + run, "country", "US"), "contact", Map.of("firstName", "Pat", "lastName", "Prospect",
                        "email", "prospect-" + run + "@e2e.example"))), 201);
        Response rate = client.signed("POST", "/api/channel/v1/exchangeRates").contentType(ContentType.JSON)
                .body(Map.of("baseCurrency", "GBP", "counterCurrency", "JPY", "rate", 190.5))
                .post(client.url("/api/channel/v1/exchangeRates"));
        assertTrue(rate.statusCode() == 200 || rate.statusCode() == 409, "exchange rate: " + rate.statusCode());
        post(client, "/api/channel/v1/discounts", Map.of("code", "SOAK" + run.toUpperCase(), "description", "Soak",
                "type", "PERCENTAGE", "percentage", 5, "autoApply", false), 201);

        String company = COMPANIES + "/" + seededCompany;
        readPaths = List.of(PROBE_PATH, company + "/memberships?size=1", company + "/groups?size=1",
                company + "/invitations?size=1",
                "/api/appReseller/v1/companies?context=RESELLER_MANAGER&size=1",
                "/api/appReseller/v1/users?context=RESELLER_MANAGER&size=1",
                "/api/appReseller/v1/companyAssociations?resellerCompanyId=" + reseller + "&size=1",
                "/api/marketplace/v1/products?size=1", "/api/marketplace/v1/bundles?size=1",
                "/api/platformAdministration/v1/shippingConfigurations/zones",
                "/api/billing/v1/invoices?count=1", "/api/billing/v1/orders?count=1",
                "/api/channel/v1/exchangeRates?size=1", "/api/channel/v1/discounts?count=1",
                "/api/channel/v1/events?size=1", "/api/notification/v1/deliveries?size=1", "/api/notification/v1/templates",
                "/api/lead/v2/leads?context=PARTNER&companyId=" + seededCompany + "&size=1");
        bearerPaths = List.of(PROBE_PATH, "/api/marketplace/v1/products?size=1", "/api/channel/v1/events?size=1",
                "/api/appReseller/v1/companies?context=RESELLER_MANAGER&size=1", "/api/billing/v1/invoices?count=1",
                "/api/lead/v2/leads?context=PARTNER&companyId=" + seededCompany + "&size=1");
        // every path answers before the clock starts: a wrong path is a broken test, not a finding
        for (String path : readPaths) {
            client.signed("GET", path).get(client.url(path)).then().statusCode(200);
        }
        client.signed("GET", COMPANIES_PAGE).get(client.url(COMPANIES_PAGE)).then().statusCode(200);
        seedMillis = (System.nanoTime() - start) / 1_000_000;
    }

    @Test
    void aMixedWorkloadThroughTheGatewayIsAlwaysAnsweredQuicklyAndNeverWithA5xx() throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(WORKERS + 1);
        ExecutorService burstSenders = Executors.newFixedThreadPool(BURST);
        ScheduledExecutorService probe = Executors.newSingleThreadScheduledExecutor();
        ACCOUNT_CONNECTIONS[0] = databaseConnections("account");
        long started = System.nanoTime();
        loadStart = started;
        long deadline = started + TimeUnit.MILLISECONDS.toNanos(RAMP_MILLIS)
                + TimeUnit.SECONDS.toNanos(Integer.getInteger("soak.seconds", RUN_SECONDS));
        Pacer companies = new Pacer(COMPANIES_PACE_MILLIS);
        Pacer tokens = new Pacer(TOKEN_PACE_MILLIS);
        try {
            HttpClient probeHttp = http();
            SignpostSigner probeSigner = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
            probe.scheduleAtFixedRate(() -> CALLS.add(send(probeHttp, Kind.PROBE, "GET", PROBE_PATH,
                    probeSigner.authorization("GET", gateway + PROBE_PATH, null), null, null)), 0, PROBE_EVERY_MILLIS,
                    TimeUnit.MILLISECONDS);
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < WORKERS; i++) {
                running.add(workers.submit(new Worker(i, deadline, companies, tokens)));
            }
            running.add(workers.submit(() -> bursts(deadline, burstSenders)));
            for (Future<?> worker : running) {
                worker.get(Integer.getInteger("soak.seconds", RUN_SECONDS) + 70L, TimeUnit.SECONDS);
            }
            // the probe's last call is let finish: an interrupted call is no answer
            probe.shutdown();
            probe.awaitTermination(15, TimeUnit.SECONDS);
        } finally {
            probe.shutdownNow();
            workers.shutdownNow();
            burstSenders.shutdownNow();
        }
        long ranMillis = (System.nanoTime() - started) / 1_000_000;

        List<Call> calls = new ArrayList<>(CALLS);
        List<String> report = report(calls, ranMillis);
        Path file = Path.of("target/soak-results.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, report);
        System.out.println(String.join(System.lineSeparator(), report));

        List<String> problems = new ArrayList<>();
        for (Call call : calls) {
            String problem = call.problem(call.at() >= RAMP_MILLIS);
            if (problem != null) {
                problems.add(call + ": " + problem);
            }
        }
        for (Burst burst : BURSTS) {
            if (burst.admitted() > burst.mostAllowed()) {
                problems.add("a burst let " + burst.admitted() + " of " + BURST + " through in " + burst.millis()
                        + " ms; the bucket allows " + burst.mostAllowed());
            }
        }
        Map<Kind, Long> counts = calls.stream().collect(Collectors.groupingBy(Call::kind, () -> new EnumMap<>(Kind.class),
                Collectors.counting()));
        for (Kind kind : Kind.values()) {
            if (counts.getOrDefault(kind, 0L) == 0) {
                problems.add("no " + kind.label() + " call was made");
            }
        }
        if (BURSTS.stream().mapToInt(Burst::refused).sum() == 0) {
            problems.add("no burst was refused: the companies bucket was never drained");
        }
        for (String path : readPaths) {
            if (calls.stream().noneMatch(c -> c.kind() == Kind.READ && c.path().equals(path) && c.status() == 200)) {
                problems.add("no read of " + path + " was answered 200");
            }
        }
        if (!problems.isEmpty()) {
            int shown = Math.min(problems.size(), 60);
            fail(problems.size() + " problem(s) in " + calls.size() + " calls (figures in " + file.toAbsolutePath() + "):\n"
                    + String.join("\n", problems.subList(0, shown))
                    + (problems.size() > shown ? "\n... and " + (problems.size() - shown) + " more" : ""));
        }
    }

    /** One client of the mix: its own signer, connections and random choices. */
    private final class Worker implements Runnable {
        private final Random random;
        private final long deadline;
        private final Pacer companies;
        private final Pacer tokens;
        private final HttpClient http = http();
        private final SignpostSigner signer = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
        private final SignpostSigner wrongSecret = new SignpostSigner(DevStack.CONSUMER_KEY, "not-" + DevStack.CONSUMER_SECRET);
        /** The last signed GET the gateway answered 200, to replay: [path, Authorization]. */
        private String[] accepted;
        private String bearer;
        private int written;

        Worker(int index, long deadline, Pacer companies, Pacer tokens) {
            this.random = new Random(index * 7919L + 17);
            this.deadline = deadline;
            this.companies = companies;
            this.tokens = tokens;
        }

        @Override
        public void run() {
            while (System.nanoTime() < deadline && !Thread.currentThread().isInterrupted()) {
                int dice = random.nextInt(100);
                if (dice < 50) {
                    read();
                } else if (dice < 60) {
                    variant();
                } else if (dice < 63) {
                    write();
                } else if (dice < 71) {
                    replay();
                } else if (dice < 79) {
                    badSignature();
                } else if (dice < 97 && bearer != null) {
                    bearerRead();
                } else if (tokens.tryTake()) {
                    token();
                } else {
                    read();
                }
                try {
                    Thread.sleep(random.nextInt((int) THINK_MILLIS * 2 + 1));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        /** A list page of any family; now and then the companies list, at a pace its bucket always has room for. */
        private String listPath() {
            return companies.tryTake() ? COMPANIES_PAGE : readPaths.get(random.nextInt(readPaths.size()));
        }

        private void read() {
            String path = listPath();
            String authorization = signer.authorization("GET", gateway + path, null);
            Call call = send(http, Kind.READ, "GET", path, authorization, null, null);
            CALLS.add(call);
            if (call.status() == 200) {
                accepted = new String[] { path, authorization };
            }
        }

        /** HEAD, or the path spelled with a trailing slash: the same list to the gateway, its route and its bucket. */
        private void variant() {
            String path = listPath();
            if (random.nextBoolean()) {
                CALLS.add(send(http, Kind.VARIANT, "HEAD", path, signer.authorization("HEAD", gateway + path, null), null, null));
            } else {
                int query = path.indexOf('?');
                String slashed = query < 0 ? path + "/" : path.substring(0, query) + "/" + path.substring(query);
                CALLS.add(send(http, Kind.VARIANT, "GET", slashed, signer.authorization("GET", gateway + slashed, null), null,
                        null));
            }
        }

        private void write() {
            if (written++ % 2 == 0) {
                String body = "{\"name\":\"Soak Write " + UUID.randomUUID() + "\",\"externalId\":\"soak-w-" + UUID.randomUUID()
                        + "\",\"countryCode\":\"US\"}";
                CALLS.add(send(http, Kind.CREATE, "POST", COMPANIES, signer.authorization("POST", gateway + COMPANIES, null),
                        "application/json", body));
            } else {
                String path = COMPANIES + "/" + seededCompany;
                CALLS.add(send(http, Kind.UPDATE, "PATCH", path, signer.authorization("PATCH", gateway + path, null),
                        "application/json", "{\"industry\":\"Soak " + random.nextInt(1000) + "\"}"));
            }
        }

        /** The very request the gateway accepted a moment ago, again: its nonce is spent. */
        private void replay() {
            if (accepted == null) {
                read();
                return;
            }
            CALLS.add(send(http, Kind.REPLAY, "GET", accepted[0], accepted[1], null, null));
        }

        private void badSignature() {
            String path = readPaths.get(random.nextInt(readPaths.size()));
            CALLS.add(send(http, Kind.BAD_SIGNATURE, "GET", path, wrongSecret.authorization("GET", gateway + path, null), null,
                    null));
        }

        private void token() {
            String basic = "Basic " + Base64.getEncoder().encodeToString((DevStack.CONSUMER_KEY + ":"
                    + DevStack.CONSUMER_SECRET).getBytes(StandardCharsets.UTF_8));
            Exchange answer = exchange(http, Kind.TOKEN, "POST", "/oauth2/token", basic,
                    "application/x-www-form-urlencoded", "grant_type=client_credentials");
            CALLS.add(answer.call());
            if (answer.call().status() == 200) {
                int start = answer.body().indexOf("\"access_token\":\"") + 16;
                bearer = answer.body().substring(start, answer.body().indexOf('"', start));
            }
        }

        private void bearerRead() {
            String path = companies.tryTake() ? COMPANIES_PAGE : bearerPaths.get(random.nextInt(bearerPaths.size()));
            CALLS.add(send(http, Kind.BEARER_READ, "GET", path, "Bearer " + bearer, null, null));
        }
    }

    /**
     * Every {@value #BURST_EVERY_MILLIS} ms (time enough for the bucket to fill again), {@value #BURST} calls at once by
     * the burst consumer.
     */
    private static void bursts(long deadline, ExecutorService senders) {
        // one client: the connections its first burst opens serve every burst after
        HttpClient http = http();
        long next = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        while (!Thread.currentThread().isInterrupted() && next - (deadline - TimeUnit.SECONDS.toNanos(1)) <= 0) {
            try {
                TimeUnit.NANOSECONDS.sleep(Math.max(0, next - System.nanoTime()));
                BURSTS.add(burst(http, senders, CALLS));
                if (BURSTS.size() == 1) {
                    ACCOUNT_CONNECTIONS[1] = databaseConnections("account");
                }
            } catch (InterruptedException e) {
                return;
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
            next += TimeUnit.MILLISECONDS.toNanos(BURST_EVERY_MILLIS);
        }
    }

    /** {@value #BURST} calls released together: GET, HEAD and the trailing-slash spelling of the companies list, one bucket. */
    private static Burst burst(HttpClient http, ExecutorService senders, java.util.Collection<Call> sink)
            throws InterruptedException {
        SignpostSigner signer = new SignpostSigner(burstKey, burstSecret);
        String[][] spellings = { { "GET", COMPANIES_PAGE }, { "GET", COMPANIES_PAGE }, { "GET", COMPANIES_PAGE },
                { "HEAD", COMPANIES_PAGE }, { "GET", COMPANIES + "/?size=1" } };
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Call>> answers = new ArrayList<>();
        for (int i = 0; i < BURST; i++) {
            String[] spelling = spellings[i % spellings.length];
            String authorization = signer.authorization(spelling[0], gateway + spelling[1], null);
            answers.add(senders.submit(() -> {
                go.await();
                return send(http, Kind.BURST, spelling[0], spelling[1], authorization, null, null);
            }));
        }
        long start = System.nanoTime();
        long at = (start - loadStart) / 1_000_000;
        go.countDown();
        int admitted = 0;
        int refused = 0;
        long slowest = 0;
        for (Future<Call> answer : answers) {
            Call call;
            try {
                call = answer.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
            sink.add(call);
            if (call.status() == 200) {
                admitted++;
                slowest = Math.max(slowest, call.millis());
            }
            refused += call.status() == 429 ? 1 : 0;
        }
        return new Burst(at, admitted, refused, (System.nanoTime() - start) / 1_000_000, slowest);
    }

    /** At most one taker per {@code millis}, across threads. */
    private static final class Pacer {
        private final long intervalNanos;
        private final AtomicLong next = new AtomicLong(System.nanoTime());

        Pacer(long millis) {
            this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(millis);
        }

        boolean tryTake() {
            long now = System.nanoTime();
            long due = next.get();
            return now - due >= 0 && next.compareAndSet(due, now + intervalNanos);
        }
    }

    private static HttpClient http() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(CALL_TIMEOUT).build();
    }

    /** A call's record and the answer's body (null without an answer). */
    private record Exchange(Call call, String body) {
    }

    private static Call send(HttpClient http, Kind kind, String method, String path, String authorization, String type,
            String body) {
        return exchange(http, kind, method, path, authorization, type, body).call();
    }

    private static Exchange exchange(HttpClient http, Kind kind, String method, String path, String authorization,
            String type, String body) {
        long start = System.nanoTime();
        long at = (start - loadStart) / 1_000_000;
        try {
            HttpResponse<String> answer = http.send(request(method, path, authorization, type, body),
                    HttpResponse.BodyHandlers.ofString());
            String code = null;
            if (answer.statusCode() >= 400) {
                Matcher matcher = CODE.matcher(answer.body());
                code = matcher.find() ? matcher.group(1) : null;
            }
            return new Exchange(new Call(kind, method, path, answer.statusCode(), (System.nanoTime() - start) / 1000, code, at),
                    answer.body());
        } catch (java.io.IOException e) {
            return new Exchange(new Call(kind, method, path, -1, (System.nanoTime() - start) / 1000, e.toString(), at), null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Exchange(new Call(kind, method, path, -1, (System.nanoTime() - start) / 1000, "interrupted", at), null);
        }
    }

    private static HttpRequest request(String method, String path, String authorization, String type, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway + path)).timeout(CALL_TIMEOUT)
                .header("Authorization", authorization)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (type != null) {
            request.header("Content-Type", type);
        }
        return request.build();
    }

    // --- seeding ---

    private static Response post(GatewayClient client, String path, Object body, int status) {
        Response answer = client.signed("POST", path).contentType(ContentType.JSON).body(body).post(client.url(path));
        answer.then().statusCode(status);
        return answer;
    }

    private static void awaitOk(Supplier<Response> call, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        int status = call.get().statusCode();
        while (status != 200 && System.nanoTime() < deadline) {
            Thread.sleep(250);
            status = call.get().statusCode();
        }
        if (status != 200) {
            throw new AssertionError(what + ": still " + status + " after 60 s");
        }
    }

    private static int databaseConnections(String database) throws java.sql.SQLException {
        try (java.sql.Connection c = dev.marketplace.testkit.Postgres.server().getPostgresDatabase().getConnection();
                java.sql.PreparedStatement count = c.prepareStatement("select count(*) from pg_stat_activity where datname = ?")) {
            count.setString(1, database);
            try (java.sql.ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        }
    }

    // --- figures ---

    private static List<String> report(List<Call> all, long ranMillis) {
        List<Call> ramp = all.stream().filter(c -> c.at() < RAMP_MILLIS).toList();
        List<Call> calls = all.stream().filter(c -> c.at() >= RAMP_MILLIS).toList();
        List<String> lines = new ArrayList<>();
        lines.add(String.format("Soak through the gateway: %.1f s of load (%.1f s ramp, then %.1f s judged) after %.1f s of"
                + " seeding; %d clients (each its own OAuth 1.0 signer), bursts of %d on the companies list every %d ms"
                + " (consumer %s), probe GET %s every %d ms", ranMillis / 1000.0, RAMP_MILLIS / 1000.0,
                (ranMillis - RAMP_MILLIS) / 1000.0, seedMillis / 1000.0, WORKERS, BURST, BURST_EVERY_MILLIS, burstKey,
                PROBE_PATH, PROBE_EVERY_MILLIS));
        lines.add("command: ./mvnw -B -Pimages,faults verify (alone: ./mvnw -B verify -pl deploy/local -am"
                + " -Dtest=SoakEndToEndTest -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=none"
                + " -Dfailsafe.failIfNoSpecifiedTests=false)");
        lines.add("judged window:");
        lines.add(String.format("%-14s %7s  %-34s %8s %8s %8s", "kind", "calls", "statuses", "p50 ms", "p99 ms", "max ms"));
        Map<Kind, List<Call>> byKind = calls.stream().collect(Collectors.groupingBy(Call::kind, () -> new EnumMap<>(Kind.class),
                Collectors.toList()));
        byKind.forEach((kind, ofKind) -> lines.add(row(kind.label(), 14, ofKind)));
        lines.add(row("total", 14, calls));
        List<Call> probes = byKind.getOrDefault(Kind.PROBE, List.of());
        long[] probe = latencies(probes);
        lines.add(String.format("probe: %d calls, p50 %.1f ms, p99 %.1f ms, max %.1f ms", probes.size(),
                percentile(probe, 50), percentile(probe, 99), probe.length == 0 ? 0 : probe[probe.length - 1] / 1000.0));
        List<Burst> judged = BURSTS.stream().filter(b -> b.at() >= RAMP_MILLIS).toList();
        lines.add(String.format("bursts: %d; admitted per burst %s; refused %s; slowest admitted call per burst (ms) %s",
                judged.size(), judged.stream().map(b -> String.valueOf(b.admitted())).collect(Collectors.joining(",")),
                judged.stream().map(b -> String.valueOf(b.refused())).collect(Collectors.joining(",")),
                judged.stream().map(b -> String.valueOf(b.slowestAdmittedMillis())).collect(Collectors.joining(","))));
        long slow = calls.stream().filter(c -> c.status() > 0 && !c.kind().refusal(c.status()) && c.millis() > SLOW_MILLIS)
                .count();
        long errors = all.stream().filter(c -> c.status() >= 500).count();
        long unanswered = all.stream().filter(c -> c.status() < 0).count();
        lines.add(String.format("valid calls over %d ms: %d; 5xx (ramp included): %d; unanswered (ramp included): %d",
                SLOW_MILLIS, slow, errors, unanswered));
        lines.add("slowest valid calls:");
        calls.stream().filter(c -> c.status() > 0 && !c.kind().refusal(c.status()))
                .sorted(java.util.Comparator.comparingLong(Call::micros).reversed()).limit(5)
                .forEach(c -> lines.add("  " + c.toString().replace(seededCompany, "{company}")));
        lines.add("reads by path:");
        Map<String, List<Call>> byPath = calls.stream().filter(c -> c.kind() == Kind.READ)
                .collect(Collectors.groupingBy(Call::path, TreeMap::new, Collectors.toList()));
        byPath.forEach((path, ofPath) -> lines.add("  " + row(path.replace(seededCompany, "{company}")
                .replaceAll("resellerCompanyId=[0-9a-f-]+", "resellerCompanyId={reseller}"), 84, ofPath)));
        lines.add(String.format("ramp (first %.1f s, answered and checked but not timed):", RAMP_MILLIS / 1000.0));
        lines.add("  " + row("all kinds", 12, ramp));
        BURSTS.stream().filter(b -> b.at() < RAMP_MILLIS).forEach(b -> lines.add(String.format("  burst at %.1f s: %d"
                + " admitted, %d refused, slowest admitted %d ms", b.at() / 1000.0, b.admitted(), b.refused(),
                b.slowestAdmittedMillis())));
        lines.add(String.format("  account-service's database connections: %d before the load, %d after its first burst",
                ACCOUNT_CONNECTIONS[0], ACCOUNT_CONNECTIONS[1]));
        return lines;
    }

    private static String row(String label, int width, List<Call> calls) {
        Map<String, Long> statuses = calls.stream().collect(Collectors.groupingBy(c -> c.status() < 0 ? "none"
                : String.valueOf(c.status()), TreeMap::new, Collectors.counting()));
        long[] millis = latencies(calls);
        return String.format("%-" + width + "s %7d  %-34s %8.1f %8.1f %8.1f", label, calls.size(),
                statuses.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")),
                percentile(millis, 50), percentile(millis, 99), millis.length == 0 ? 0 : millis[millis.length - 1] / 1000.0);
    }

    private static long[] latencies(List<Call> calls) {
        long[] micros = calls.stream().mapToLong(Call::micros).toArray();
        Arrays.sort(micros);
        return micros;
    }

    /** Nearest-rank percentile, in ms. */
    private static double percentile(long[] sortedMicros, int p) {
        if (sortedMicros.length == 0) {
            return 0;
        }
        int rank = (int) Math.ceil(p / 100.0 * sortedMicros.length);
        return sortedMicros[Math.max(0, rank - 1)] / 1000.0;
    }
}
