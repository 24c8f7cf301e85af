package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.RestAssured;
import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Crash tests of the order flow, against the devstack through the gateway, with AppDirect's SDK vendor (which answers
 * 202 and posts its result asynchronously, never retrying it). Each scenario places a burst of {@value #ORDERS} orders
 * {@value #SPACING_MS} ms apart, and a fault strikes as soon as the first order was answered: {@code kill -9} of notification-service, billing-service or
 * account-service then a restart with the same command and environment 5 s later; the vendor down for 30 s; Kafka
 * frozen (SIGSTOP) for 20 s; PostgreSQL frozen for 10 s; account-service's database refusing every connection for
 * 3 minutes once a burst was acknowledged, while the orders' vendor results flow (then every active order's assignment
 * must be projected ACTIVE in account-service, nothing parked). It asserts that every acknowledged order (201) still exists
 * and reaches a final state (ACTIVE, FAILED) or a parked, visible one (its vendor event PARKED), and records per
 * scenario: acknowledged, refused while down, final, parked, lost, deliveries the vendor saw twice (read from its log)
 * and the recovery time (from the end of the fault until the last acknowledged order settled), in
 * {@code target/faults-results.txt}. The devstack runs notification-service with short deadlines (Suite).
 * A last scenario sends a poison event (one account-service can never store) and one behind it on the same partition:
 * the poison is parked after its attempts, the next is processed. Run with {@code -Pfaults} (the CI does).
 */
@Tag("faults")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultsEndToEndTest {
    static final int ORDERS = 20;
    static final long SPACING_MS = 50;
    private static final Duration SETTLE = Duration.ofSeconds(180);
    private static final Pattern DELIVERY = Pattern.compile("VENDOR SUBSCRIPTION_ORDER eventToken=(\\S+) key=(\\S+)");
    private static final RestAssuredConfig PATIENT = RestAssuredConfig.config().httpClient(HttpClientConfig.httpClientConfig()
            .setParam("http.connection.timeout", 10_000).setParam("http.socket.timeout", 60_000));
    private static final List<String> ROWS = new ArrayList<>();

    private static GatewayClient client;
    private static DevStack stack;
    private static VendorApp vendor;

    @BeforeAll
    static void stackAndVendor() throws Exception {
        stack = Suite.stack();
        client = GatewayClient.bootstrapConsumer();
        vendor = VendorApp.start(Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize());
    }

    @AfterAll
    static void report() throws Exception {
        if (vendor != null) {
            vendor.close();
        }
        List<String> lines = new ArrayList<>();
        lines.add("Crash tests: " + ORDERS + " orders " + SPACING_MS + " ms apart per scenario, SDK vendor answering 202 then"
                + " posting its result; command: ./mvnw -B verify -Pfaults (or -pl deploy/local -am -Pfaults"
                + " -Dtest=FaultsEndToEndTest -Dsurefire.failIfNoSpecifiedTests=false)");
        lines.add(String.format("%-34s %6s %8s %7s %7s %7s %5s %11s %10s", "scenario", "acked", "refused", "active",
                "failed", "parked", "lost", "duplicates", "recovery"));
        lines.addAll(ROWS);
        Path file = Path.of("target/faults-results.txt");
        Files.createDirectories(file.getParent());
        Files.write(file, lines);
        System.out.println(String.join(System.lineSeparator(), lines));
    }

    /** What a fault does: strikes when called, returns once it is over (the service restarted, the process thawed). */
    @FunctionalInterface
    interface Fault {
        void strike() throws Exception;
    }

    @Test
    @Order(1)
    void notificationServiceKilledDuringABurst() throws Exception {
        scenario("kill -9 notification-service", () -> crash("notification-service"));
    }

    @Test
    @Order(2)
    void billingServiceKilledDuringABurst() throws Exception {
        scenario("kill -9 billing-service", () -> crash("billing-service"));
    }

    @Test
    @Order(3)
    void accountServiceKilledDuringABurst() throws Exception {
        scenario("kill -9 account-service", () -> crash("account-service"));
    }

    @Test
    @Order(4)
    void vendorDownFor30Seconds() throws Exception {
        scenario("vendor down 30 s", () -> {
            vendor.stop();
            Thread.sleep(30_000);
            vendor.restart();
        });
    }

    @Test
    @Order(5)
    void kafkaFrozenFor20Seconds() throws Exception {
        scenario("Kafka frozen 20 s (SIGSTOP)", () -> freeze(stack.kafka().pid(), 20_000));
    }

    @Test
    @Order(6)
    void postgresFrozenFor10Seconds() throws Exception {
        scenario("PostgreSQL frozen 10 s (SIGSTOP)", () -> freeze(stack.postgresPid(), 10_000));
    }

    @Test
    @Order(7)
    void accountDatabaseDownFor3MinutesDuringABurst() throws Exception {
        // once every order is acknowledged: their vendor results reach account-service while its database refuses
        // every connection, and its inbox waits for it
        Outcome outcome = scenario("account database down 180 s", () -> {
            stack.refuseConnections("account");
            try {
                Thread.sleep(180_000);
            } finally {
                stack.acceptConnections("account");
            }
        }, true);
        Map<String, String> states = states(outcome.shop());
        List<String> active = outcome.acked().stream().filter(id -> "ACTIVE".equals(states.get(id))).toList();
        long started = System.nanoTime();
        Set<String> projected = awaitProjected(outcome.shop(), active, "ACTIVE", Duration.ofSeconds(120));
        long parked = parkedBy("account-assignments", null).size();
        String row = String.format("%-34s %d of %d active orders projected in account-service (%.1fs after the"
                + " burst settled), %d parked", "  account assignments", projected.size(), active.size(),
                (System.nanoTime() - started) / 1e9, parked);
        ROWS.add(row);
        System.out.println("faults: " + row);
        assertTrue(!active.isEmpty(), "no order of the burst became ACTIVE");
        assertEquals(new HashSet<>(active), projected, "every active order's assignment projected in account-service");
        assertEquals(0, parked, "an outage parks nothing");
    }

    @Test
    @Order(8)
    void aPoisonEventIsParkedWhileTheEventsBehindItAreProcessed() throws Exception {
        Shop shop = shop("Poison");
        String key = UUID.randomUUID().toString();
        // a product name longer than account-service's column: every attempt to project it fails in the database
        Map<String, Object> poison = orderSucceeded(shop, UUID.randomUUID().toString(), "P".repeat(300));
        String behind = UUID.randomUUID().toString();
        Map<String, Object> next = orderSucceeded(shop, behind, "Behind the poison");
        long sent = System.nanoTime();
        publish(key, List.of(poison, next));
        Set<String> projected = awaitProjected(shop, List.of(behind), "ACTIVE", Duration.ofSeconds(90));
        double behindAfter = (System.nanoTime() - sent) / 1e9;
        List<Map<String, Object>> parked = awaitParked("account-assignments", (String) poison.get("id"),
                Duration.ofSeconds(60));
        String row = String.format("%-34s poison parked after %s attempts; the event behind it projected %.1fs after"
                + " both were sent", "  poison event (same partition)", parked.get(0).get("attempts"), behindAfter);
        ROWS.add(row);
        System.out.println("faults: " + row);
        assertEquals(Set.of(behind), projected, "the event behind the poison was processed");
        assertEquals(6, ((Number) parked.get(0).get("attempts")).intValue(), "parked after its attempts");
    }

    /** A SUBSCRIPTION_ORDER_SUCCEEDED event as billing-service's outbox writes it, for the shop's buyer. */
    private static Map<String, Object> orderSucceeded(Shop shop, String subscription, String productName) {
        Map<String, Object> payload = new HashMap<>();
        payload.put("subscriptionId", subscription);
        payload.put("productId", shop.productId());
        payload.put("productName", productName);
        payload.put("subscription", Map.of("status", "ACTIVE", "companyUuid", shop.company(), "userUuid", shop.user(),
                "editionName", "Basic"));
        Map<String, Object> event = new HashMap<>();
        event.put("id", UUID.randomUUID().toString());
        event.put("type", "SUBSCRIPTION_ORDER_SUCCEEDED");
        event.put("occurredOn", System.currentTimeMillis());
        event.put("partner", DevStack.PARTNER);
        event.put("source", "billing-service");
        event.put("aggregate", Map.of("type", "SUBSCRIPTION", "id", subscription));
        event.put("creator", Map.of());
        event.put("payload", payload);
        return event;
    }

    /** Sends the events, in order, under one key: to one partition, one behind the other. */
    private static void publish(String key, List<Map<String, Object>> events) throws Exception {
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers());
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            ObjectMapper json = new ObjectMapper();
            for (Map<String, Object> event : events) {
                producer.send(new ProducerRecord<>("marketplace.domain-events", key, json.writeValueAsString(event))).get();
            }
        }
    }

    /**
     * Waits until the buyer's assignments in account-service list every one of {@code subscriptions} with
     * {@code status}; emits those listed so.
     */
    private static Set<String> awaitProjected(Shop shop, List<String> subscriptions, String status, Duration patience)
            throws Exception {
        String path = "/api/account/v2/companies/" + shop.company() + "/memberships/" + shop.user() + "/assignments";
        long deadline = System.nanoTime() + patience.toNanos();
        Set<String> listed = new HashSet<>();
        while (true) {
            Response r = client.signed("GET", path).config(PATIENT).get(client.url(path));
            if (r.statusCode() == 200) {
                listed.clear();
                List<String> ids = r.jsonPath().getList("content.subscriptionId");
                List<String> statuses = r.jsonPath().getList("content.status");
                for (int i = 0; i < ids.size(); i++) {
                    if (subscriptions.contains(ids.get(i)) && status.equals(statuses.get(i))) {
                        listed.add(ids.get(i));
                    }
                }
            }
            if (listed.containsAll(subscriptions) || System.nanoTime() > deadline) {
                return listed;
            }
            Thread.sleep(500);
        }
    }

    /** account-service's parked events of {@code consumer} (the bootstrap consumer is the marketplace's support). */
    private static List<Map<String, Object>> parkedBy(String consumer, String eventId) {
        String path = "/api/account/v2/parked-events?size=1000";
        List<Map<String, Object>> rows = client.signed("GET", path).config(PATIENT).get(client.url(path)).then()
                .statusCode(200).extract().jsonPath().getList("content");
        return rows.stream().filter(r -> consumer.equals(r.get("consumer")))
                .filter(r -> eventId == null || eventId.equals(r.get("eventId"))).toList();
    }

    private static List<Map<String, Object>> awaitParked(String consumer, String eventId, Duration patience)
            throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            List<Map<String, Object>> parked = parkedBy(consumer, eventId);
            if (!parked.isEmpty()) {
                return parked;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("event " + eventId + " not parked by " + consumer + " after " + patience);
            }
            Thread.sleep(500);
        }
    }

    private static void crash(String module) throws Exception {
        stack.kill(module);
        Thread.sleep(5_000);
        stack.restart(module);
    }

    private static void freeze(long pid, long millis) throws InterruptedException {
        List<Long> pids = Signals.freezeTree(pid);
        try {
            Thread.sleep(millis);
        } finally {
            Signals.thaw(pids);
        }
    }

    /** A product of the SDK vendor, and a buyer, of one scenario (so that its deliveries can be told apart). */
    private record Shop(long productId, long editionId, String consumerKey, String company, String user) {
    }

    private record Placed(int status, String subscription) {
    }

    private static Shop shop(String name) throws Exception {
        JsonPath product = client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", name, "description", "Crash test product", "vendorName", "SDK Vendor Inc",
                        "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                                "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY",
                                        "costs", List.of(Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100,
                                                "amount", Map.of("USD", 10)))))))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath();
        long productId = product.getLong("id");
        String key = product.getString("integration.consumerKey");
        vendor.trust(key, product.getString("integration.consumerSecret"));
        String integration = "/api/marketplace/v1/products/" + productId + "/integration";
        client.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("interactive", false, "eventUrls", Map.of("SUBSCRIPTION_ORDER", vendor.eventUrlTemplate(),
                        "SUBSCRIPTION_CANCEL", vendor.eventUrlTemplate())))
                .put(client.url(integration)).then().statusCode(200);
        String externalId = "faults-" + UUID.randomUUID();
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Crash Buyer", "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", "buyer-" + externalId + "@e2e.example", "firstName", "Cy",
                                "lastName", "Crash")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new Shop(productId, product.getLong("editions[0].id"), key, company, user);
    }

    private static String orders(Shop shop) {
        return "/api/billing/v1/companies/" + shop.company() + "/users/" + shop.user() + "/subscriptions";
    }

    private static Placed order(Shop shop) {
        try {
            Response r = client.signed("POST", orders(shop)).config(PATIENT).contentType(ContentType.JSON)
                    .body(Map.of("productId", shop.productId(), "editionId", shop.editionId(),
                            "items", List.of(Map.of("unit", "USER", "quantity", 3)),
                            "company", Map.of("name", "Crash Buyer", "country", "US"),
                            "user", Map.of("email", "cy@e2e.example", "firstName", "Cy", "lastName", "Crash")))
                    .post(client.url(orders(shop)));
            return new Placed(r.statusCode(), r.statusCode() == 201 ? r.jsonPath().getString("id") : null);
        } catch (RuntimeException e) {
            return new Placed(0, null); // the connection itself failed: not acknowledged
        }
    }

    /** What a scenario placed: its shop and the orders that were acknowledged. */
    private record Outcome(Shop shop, List<String> acked) {
    }

    private Outcome scenario(String name, Fault fault) throws Exception {
        return scenario(name, fault, false);
    }

    /**
     * A burst with a fault that strikes once the first order was answered, or, {@code afterTheBurst}, once every order
     * was: then every order is acknowledged and the fault meets what the orders set in motion (their vendor results).
     */
    private Outcome scenario(String name, Fault fault, boolean afterTheBurst) throws Exception {
        Shop shop = shop("Crash " + name);
        awaitCalm(shop);
        ExecutorService senders = Executors.newFixedThreadPool(ORDERS);
        try {
            List<CompletableFuture<Placed>> burst = new ArrayList<>();
            CompletableFuture<Long> faultOver = null;
            for (int i = 0; i < ORDERS; i++) {
                burst.add(CompletableFuture.supplyAsync(() -> order(shop), senders));
                if (i == 0 && !afterTheBurst) {
                    // the fault strikes once the first order was answered, while the rest of the burst goes on
                    faultOver = burst.get(0).thenApplyAsync(first -> strike(fault));
                }
                Thread.sleep(SPACING_MS);
            }
            if (afterTheBurst) {
                faultOver = CompletableFuture.allOf(burst.toArray(CompletableFuture[]::new))
                        .thenApplyAsync(all -> strike(fault));
            }
            return new Outcome(shop, settle(name, shop, burst, faultOver.join()));
        } finally {
            senders.shutdownNow();
        }
    }

    /**
     * Each scenario starts from a calm stack: a breaker the previous fault opened in billing-service (open 10 s, closed by
     * two successful trial calls) has closed again, shown by two orders in a row answered 201. Without it a burst sent
     * within 10 s of the previous fault meets the open breaker alone and measures nothing of its own fault.
     */
    private static void awaitCalm(Shop shop) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        int passed = 0;
        while (passed < 2) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the stack did not take orders again within 90 s of the previous scenario");
            }
            if (order(shop).status() == 201) {
                passed++;
            } else {
                passed = 0;
                Thread.sleep(1000);
            }
        }
    }

    /** Strikes, and emits when the fault is over (System.nanoTime). */
    private static long strike(Fault fault) {
        try {
            fault.strike();
            return System.nanoTime();
        } catch (Exception e) {
            throw new IllegalStateException("the fault could not be injected or ended", e);
        }
    }

    private List<String> settle(String name, Shop shop, List<CompletableFuture<Placed>> burst, long faultEnded)
            throws Exception {
        List<Placed> placed = burst.stream().map(CompletableFuture::join).toList();
        List<String> acked = placed.stream().filter(p -> p.status() == 201).map(Placed::subscription).toList();
        Map<Integer, Integer> refusals = new HashMap<>();
        placed.stream().filter(p -> p.status() != 201).forEach(p -> refusals.merge(p.status(), 1, Integer::sum));

        long deadline = System.nanoTime() + SETTLE.toNanos();
        Map<String, String> states;
        Set<String> parked;
        while (true) {
            states = states(shop);
            parked = parkedSubscriptions(shop);
            Set<String> settled = new HashSet<>(parked);
            states.forEach((id, status) -> {
                if (status.equals("ACTIVE") || status.equals("FAILED")) {
                    settled.add(id);
                }
            });
            if (settled.containsAll(acked) || System.nanoTime() > deadline) {
                break;
            }
            Thread.sleep(500);
        }
        double recovery = Math.max(0, System.nanoTime() - faultEnded) / 1e9;
        Map<String, String> finalStates = states;
        Set<String> finalParked = parked;
        long lost = acked.stream().filter(id -> !finalStates.containsKey(id)).count();
        long active = acked.stream().filter(id -> "ACTIVE".equals(finalStates.get(id))).count();
        long failed = acked.stream().filter(id -> "FAILED".equals(finalStates.get(id))).count();
        long parkedCount = acked.stream().filter(finalParked::contains).count();
        List<String> stuck = acked.stream().filter(id -> !finalParked.contains(id)
                && !"ACTIVE".equals(finalStates.get(id)) && !"FAILED".equals(finalStates.get(id))).toList();
        int duplicates = duplicates(shop);
        String row = String.format("%-34s %6d %8s %7d %7d %7d %5d %11d %9.1fs", name, acked.size(),
                refusals.isEmpty() ? "0" : refusals.values().stream().mapToInt(Integer::intValue).sum() + " " + refusals,
                active, failed, parkedCount, lost, duplicates, recovery);
        ROWS.add(row);
        System.out.println("faults: " + row);
        assertTrue(!acked.isEmpty(), name + ": no order was acknowledged");
        assertEquals(0, lost, name + ": acknowledged orders lost");
        assertEquals(List.of(), stuck, name + ": acknowledged orders neither final nor parked after " + SETTLE.toSeconds()
                + " s: " + stuck.stream().map(id -> id + "=" + finalStates.get(id)).toList());
        return acked;
    }

    /** The buyer's subscriptions and their status. */
    private static Map<String, String> states(Shop shop) {
        JsonPath list = client.signed("GET", orders(shop)).config(PATIENT).get(client.url(orders(shop))).then()
                .statusCode(200).extract().jsonPath();
        Map<String, String> states = new HashMap<>();
        List<String> ids = list.getList("id");
        List<String> statuses = list.getList("status");
        for (int i = 0; i < ids.size(); i++) {
            states.put(ids.get(i), statuses.get(i));
        }
        return states;
    }

    /** Subscriptions of the scenario's product whose vendor event is parked (visible to operators). */
    private static Set<String> parkedSubscriptions(Shop shop) {
        String path = "/api/notification/v1/vendor-events?status=PARKED&size=1000";
        JsonPath page = client.signed("GET", path).config(PATIENT).get(client.url(path)).then().statusCode(200)
                .extract().jsonPath();
        Set<String> parked = new HashSet<>();
        List<Map<String, Object>> events = page.getList("content");
        for (Map<String, Object> e : events) {
            if (((Number) e.get("productId")).longValue() == shop.productId() && e.get("subscriptionId") != null) {
                parked.add(e.get("subscriptionId").toString());
            }
        }
        return parked;
    }

    /** Orders of the scenario's product the vendor handled more than once (same event token), from its log. */
    private static int duplicates(Shop shop) throws Exception {
        Map<String, Integer> seen = new HashMap<>();
        Matcher m = DELIVERY.matcher(vendor.log());
        while (m.find()) {
            if (m.group(2).equals(shop.consumerKey())) {
                seen.merge(m.group(1), 1, Integer::sum);
            }
        }
        return seen.values().stream().mapToInt(n -> n - 1).sum();
    }
}
