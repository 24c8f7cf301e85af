package dev.marketplace.billing;

import static io.restassured.RestAssured.given;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.events.EventCreator;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.VendorResult;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/** Callers, order bodies, and VENDOR_EVENT_RESULT events published to the real topic as notification-service would. */
public final class BillingFixtures {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BillingFixtures() {
    }

    public static String newPartner() {
        return "P" + UUID.randomUUID().toString().substring(0, 8);
    }

    public static RequestSpecification as(String authorization) {
        return given().header("Authorization", authorization).contentType(ContentType.JSON);
    }

    public static RequestSpecification asPartner(String partner) {
        return as(InternalTokens.bearer(partner, Roles.PARTNER));
    }

    /** account-service's service token of {@code partner}: the caller of billing's internal endpoint. */
    public static String accountService(String partner) {
        return InternalTokens.peerBearer("account", partner, Roles.SYS_ADMIN);
    }

    public static String vendor(String partner, long productId) {
        return InternalTokens.bearer(new InternalToken.Claims("vendor-" + productId, "vendor", partner, Set.of(Roles.VENDOR),
                null, productId));
    }

    public static String path(UUID company, UUID user) {
        return "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
    }

    /** The subscriptions path of a buyer that account-service knows: an enabled member of a company of {@code partner}. */
    public static String buyer(String partner, UUID company, UUID user) {
        FakeAccount.buyer(partner, company, user);
        return path(company, user);
    }

    public static Map<String, Object> order(FakeCatalog.Product product, int users) {
        Map<String, Object> body = new HashMap<>();
        body.put("productId", product.id());
        body.put("editionId", product.editionId());
        body.put("items", List.of(Map.of("unit", "USER", "quantity", users)));
        body.put("company", Map.of("name", "Acme", "email", "billing@acme.example", "country", "CA"));
        body.put("user", Map.of("email", "ann@acme.example", "firstName", "Ann", "lastName", "Lee", "locale", "fr_CA"));
        return body;
    }

    /** Publishes a VENDOR_EVENT_RESULT envelope; returns its id. */
    public static String publishResult(String partner, String subscriptionId, String eventType, boolean success,
            String accountIdentifier, String errorCode, String message, String userUuid) {
        return publishResult(UUID.randomUUID().toString(), partner, subscriptionId, eventType, success, accountIdentifier,
                errorCode, message, userUuid);
    }

    public static String publishResult(String eventId, String partner, String subscriptionId, String eventType, boolean success,
            String accountIdentifier, String errorCode, String message, String userUuid) {
        // exactly what notification-service's producer writes: the VendorResult record in an envelope of its own
        VendorResult result = new VendorResult(eventType, subscriptionId, UUID.randomUUID().toString(),
                "0123456789abcdef0123456789abcdef", 1L, success, accountIdentifier, errorCode, message,
                eventType.startsWith("USER_") ? userUuid : null, "SYNCHRONOUS");
        EventEnvelope envelope = new EventEnvelope(UUID.fromString(eventId), EventTypes.VENDOR_EVENT_RESULT,
                System.currentTimeMillis(), partner, "notification-service",
                new EventEnvelope.Aggregate("SUBSCRIPTION", subscriptionId), EventCreator.vendor(1L), MAPPER.valueToTree(result));
        publish(subscriptionId, envelope);
        return eventId;
    }

    /** Publishes an envelope on the domain-event topic, keyed like the outbox relay does (aggregate id). */
    public static void publish(String key, EventEnvelope envelope) {
        String servers = ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", servers),
                new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("marketplace.domain-events", key, MAPPER.writeValueAsString(envelope))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The vendor created the account (the notifier's result, as an event): the order turns ACTIVE and is invoiced. */
    public static void activate(String partner, String subscriptionId, String accountIdentifier) {
        publishResult(partner, subscriptionId, EventTypes.SUBSCRIPTION_ORDER, true, accountIdentifier, null, null, null);
        awaitStatus(partner, subscriptionId, "ACTIVE");
    }

    /** The number of the invoices of an order, oldest first (the channel's marketplace listing). */
    public static List<Integer> invoicesOfOrder(String partner, long orderId) {
        io.restassured.path.json.JsonPath listing = asPartner(partner).get("/api/billing/v1/invoices?count=1000").then()
                .statusCode(200).extract().jsonPath();
        List<Integer> numbers = new java.util.ArrayList<>();
        List<Integer> ids = listing.getList("invoiceId");
        List<List<String>> orders = listing.getList("orderIds");
        for (int i = 0; i < ids.size(); i++) {
            if (orders.get(i).contains(Long.toString(orderId))) {
                numbers.add(ids.get(i));
            }
        }
        return numbers;
    }

    /** Paying by card: AppDirect's PaymentWS with the method alone (the buyer's default card on file is charged). */
    public static final Map<String, Object> BY_CARD = Map.of("method", "CREDIT_CARD");

    /** A token for a card, obtained from the sandbox provider as a browser would (the only place a number is sent). */
    public static String token(String number) {
        return given().baseUri(PaymentGatewayResource.gateway().url()).contentType(ContentType.JSON)
                .body(Map.of("card", Map.of("number", number, "expirationMonth", 12, "expirationYear", 2099)))
                .post("/v1/tokens").then().statusCode(200).extract().path("id");
    }

    /** The cards-on-file path of a user in a company. */
    public static String paymentMethods(UUID company, UUID user) {
        return "/api/billing/v1/companies/" + company + "/users/" + user + "/paymentMethods";
    }

    /** Puts a card on file for the user (the channel registers it); returns its id. */
    public static String cardOnFile(String partner, UUID company, UUID user, String number) {
        return asPartner(partner).body(Map.of("token", token(number), "default", true)).post(paymentMethods(company, user))
                .then().statusCode(201).extract().path("id");
    }

    /** Runs SQL against the service's database (test set-up and checks the API does not expose). */
    public static long sql(String statement, Object... params) {
        var config = ConfigProvider.getConfig();
        try (var c = java.sql.DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement(statement)) {
            for (int i = 0; i < params.length; i++) {
                q.setObject(i + 1, params[i]);
            }
            if (q.execute()) {
                try (var rs = q.getResultSet()) {
                    return rs.next() ? rs.getLong(1) : -1;
                }
            }
            return q.getUpdateCount();
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A copy of the body with {@code key} set to {@code value} (removed when null). */
    public static Map<String, Object> with(Map<String, Object> body, String key, Object value) {
        Map<String, Object> copy = new HashMap<>(body);
        if (value == null) {
            copy.remove(key);
        } else {
            copy.put(key, value);
        }
        return copy;
    }

    /** A call that knows which of the racing calls it is. */
    public interface Racer<T> {
        T call(int index) throws Exception;
    }

    /** Runs {@code n} calls at once (one thread each) and returns their results in order. */
    public static <T> List<T> race(int n, Racer<T> call) throws Exception {
        var pool = java.util.concurrent.Executors.newFixedThreadPool(n);
        try {
            List<java.util.concurrent.Future<T>> futures = new java.util.ArrayList<>();
            for (int i = 0; i < n; i++) {
                int at = i;
                futures.add(pool.submit(() -> call.call(at)));
            }
            List<T> results = new java.util.ArrayList<>();
            for (var f : futures) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Polls the subscription until its status is {@code status}. */
    public static void awaitStatus(String partner, String subscriptionId, String status) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String last = null;
        while (System.nanoTime() < deadline) {
            last = asPartner(partner).get("/api/billing/v1/subscriptions/" + subscriptionId).then().statusCode(200)
                    .extract().path("status");
            if (status.equals(last)) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError("subscription " + subscriptionId + " stayed " + last + ", expected " + status);
    }
}
