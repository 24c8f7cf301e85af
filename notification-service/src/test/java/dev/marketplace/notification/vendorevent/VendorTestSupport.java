package dev.marketplace.notification.vendorevent;

import static dev.marketplace.notification.TestEvents.await;
import static dev.marketplace.notification.TestEvents.envelope;
import static dev.marketplace.notification.TestEvents.json;
import static dev.marketplace.notification.TestEvents.publish;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasXPath;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.notification.CatalogStubResource;
import dev.marketplace.notification.Mailbox;
import dev.marketplace.notification.TestEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

/**
 * What the vendor notification tests share: products registered with the catalogue stand-in, real HTTP vendor
 * servers, events as billing-service writes them, and reads of the vendor events and the event log.
 */
abstract class VendorTestSupport {
    protected static final Duration WAIT = Duration.ofSeconds(40);
    protected static final AtomicLong PRODUCT_IDS = new AtomicLong(900_000 + (System.nanoTime() % 1000) * 100);
    protected static final HttpClient HTTP = HttpClient.newHttpClient();

    protected final String partner = "V" + UUID.randomUUID().toString().substring(0, 8);
    protected final List<VendorServer> servers = new ArrayList<>();

    @AfterEach
    void stopServers() {
        servers.forEach(VendorServer::close);
    }

    protected record Product(long id, String key, String secret) {
    }

    protected Product product(Map<String, String> urls) {
        long id = PRODUCT_IDS.incrementAndGet();
        Product p = new Product(id, "vendor-key-" + id, "vendor-secret-" + UUID.randomUUID());
        CatalogStubResource.product(id, partner, p.key(), p.secret(), urls);
        return p;
    }

    protected VendorServer vendor(Product placeholder, java.util.function.Function<VendorServer.Call, VendorServer.Reply> behaviour,
            String secret) {
        VendorServer server = new VendorServer(secret, behaviour);
        servers.add(server);
        return server;
    }

    protected static String vendorToken(String partner, long product) {
        return InternalTokens.bearer(new InternalToken.Claims("vendor-key-" + product, "vendor", partner, Set.of(Roles.VENDOR),
                null, product));
    }

    /** Vendor claims signed with a key the service does not trust (a forged credential). */
    protected String forgedVendorToken(long product) {
        try {
            java.security.KeyPairGenerator generator = java.security.KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return "Bearer " + InternalToken.mint(new InternalToken.Claims("vendor-key-" + product, "vendor", partner,
                    Set.of(Roles.VENDOR), null, product), generator.generateKeyPair().getPrivate(), Duration.ofMinutes(5));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    protected RequestSpecification asVendor(long product) {
        return given().header("Authorization", vendorToken(partner, product));
    }

    protected RequestSpecification asPartner(String... roles) {
        return given().header("Authorization", InternalTokens.bearer(partner, roles.length == 0 ? new String[] { Roles.PARTNER } : roles));
    }

    /** The vendor fetching the event back, as it would through the gateway (internal token of its product). */
    protected JsonNode fetchAsVendor(String eventUrl, long product) {
        String token = eventUrl.substring(eventUrl.lastIndexOf('/') + 1);
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(
                    "http://localhost:" + RestAssured.port + "/api/integration/v1/events/" + token))
                    .header("Authorization", vendorToken(partner, product)).header("Accept", "application/json").GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("fetch answered " + response.statusCode());
            }
            return json(response.body());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The payload billing-service writes for a subscription event: its typed record, built as billing builds it
     * (SubscriptionPayloads.vendorEvent) and serialised as DomainEventPublisher does.
     */
    protected SubscriptionVendorEvent subscriptionPayload(String type, long productId, String subscriptionId, String token,
            boolean interactive) {
        String eventUrl = "https://market.test/api/integration/v1/events/" + token;
        SubscriptionVendorEvent.Person buyer = new SubscriptionVendorEvent.Person(UUID.randomUUID().toString(),
                "buyer@acme.test", "Bea", "Buyer", "en", "en_US");
        SubscriptionVendorEvent.Company company = new SubscriptionVendorEvent.Company(UUID.randomUUID().toString(),
                "Acme <Corp>", "it@acme.test", null, null, "CA", null);
        SubscriptionVendorEvent.Order order = new SubscriptionVendorEvent.Order(7L, "PREMIUM", "Premium", 3L, "MONTHLY",
                List.of(new SubscriptionVendorEvent.Item("USER", 5)));
        boolean ordering = type.equals("SUBSCRIPTION_ORDER");
        SubscriptionVendorEvent.Account account = new SubscriptionVendorEvent.Account(ordering ? null : "acct-existing",
                ordering ? "INITIALIZED" : "ACTIVE");
        return new SubscriptionVendorEvent(type, subscriptionId, 4242L, token, eventUrl, eventUrl + "/return",
                new SubscriptionVendorEvent.Marketplace("https://market.test", partner), productId, "app-" + productId,
                "Product " + productId, company.uuid(), interactive && ordering, null, buyer, company, buyer, null, account,
                order, null, Map.of(), List.of());
    }

    protected EventEnvelope subscriptionEvent(String type, Product product, boolean interactive) {
        String subscriptionId = UUID.randomUUID().toString();
        String token = UUID.randomUUID().toString().replace("-", "");
        return new EventEnvelope(UUID.randomUUID(), type, System.currentTimeMillis(), partner, "billing-service",
                new EventEnvelope.Aggregate("SUBSCRIPTION", subscriptionId), Map.of("consumerKey", "test-" + partner),
                TestEvents.MAPPER.valueToTree(subscriptionPayload(type, product.id(), subscriptionId, token, interactive)));
    }

    protected static String token(EventEnvelope event) {
        return event.payload().get("eventToken").asText();
    }

    protected JsonPath vendorEvent(EventEnvelope event) {
        return asPartner().get("/api/notification/v1/vendor-events/" + event.id()).then().statusCode(200).extract().jsonPath();
    }

    protected JsonPath awaitStatus(EventEnvelope event, String status) {
        Map<String, JsonPath> found = new ConcurrentHashMap<>();
        await("vendor event " + event.id() + " " + status, WAIT, () -> {
            var response = asPartner().get("/api/notification/v1/vendor-events/" + event.id());
            if (response.statusCode() == 200 && status.equals(response.jsonPath().getString("status"))) {
                found.put("v", response.jsonPath());
                return true;
            }
            return false;
        });
        return found.get("v");
    }

    /** The VENDOR_EVENT_RESULT billing-service consumes, as it came back from Kafka into the event log. */
    protected JsonPath awaitResultEvent(EventEnvelope event) {
        return awaitLogged("VENDOR_EVENT_RESULT", event.aggregate().id());
    }

    protected JsonPath loggedEvent(EventEnvelope event) {
        return asPartner().get("/api/channel/v1/events/" + event.id()).then().statusCode(200).extract().jsonPath();
    }


    /** The event of {@code type} this service itself published about {@code subscription}, read back from the log. */
    protected JsonPath awaitLogged(String type, String subscription) {
        Map<String, JsonPath> found = new ConcurrentHashMap<>();
        await(type + " of " + subscription, WAIT, () -> {
            JsonPath page = asPartner().queryParam("type", type).queryParam("searchText", subscription)
                    .get("/api/channel/v1/events").then().statusCode(200).extract().jsonPath();
            if (page.getList("content").isEmpty()) {
                return false;
            }
            found.put("e", new JsonPath(page.prettify()).setRootPath("content[0]"));
            return true;
        });
        return found.get("e");
    }
}
