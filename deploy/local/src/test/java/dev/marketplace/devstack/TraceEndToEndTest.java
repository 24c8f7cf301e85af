package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import io.restassured.http.ContentType;

/**
 * One order is one trace: the client starts a trace (W3C traceparent), and the gateway, billing-service (which takes
 * the order and writes its event to the outbox), Kafka (the relay carries the trace context in the record headers),
 * notification-service (which stores the vendor event and later calls the vendor from its dispatcher) and the
 * vendor's endpoint all see that same trace; every service exports its spans over OTLP to a receiver the test runs.
 */
class TraceEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static HttpServer vendor;
    private static final List<String> vendorTraceparents = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void vendorEndpoint() throws Exception {
        Suite.stack();
        // a vendor that provisions every order at once and remembers the trace context of each notification
        vendor = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        vendor.createContext("/event", exchange -> {
            String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
            vendorTraceparents.add(traceparent == null ? "" : traceparent);
            byte[] body = "{\"success\": true, \"accountIdentifier\": \"acct-traced\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        vendor.start();
    }

    @AfterAll
    static void stopVendor() {
        if (vendor != null) {
            vendor.stop(0);
        }
    }

    @Test
    void anOrderIsOneTraceFromTheGatewayThroughKafkaToTheVendor() throws Exception {
        String template = "http://127.0.0.1:" + vendor.getAddress().getPort() + "/event?url={eventUrl}";
        long productId = ((Number) client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", "Traced Tasks", "description", "Tasks, traced", "vendorName", "Trace Vendor Inc",
                        "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                                "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY",
                                        "costs", List.of(Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100,
                                                "amount", Map.of("USD", 10)))))))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().path("id")).longValue();
        String products = "/api/marketplace/v1/products/" + productId;
        long editionId = ((Number) client.signed("GET", products).get(client.url(products)).then().statusCode(200)
                .extract().path("editions[0].id")).longValue();
        String integration = products + "/integration";
        client.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("interactive", false, "eventUrls", Map.of("SUBSCRIPTION_ORDER", template,
                        "SUBSCRIPTION_CANCEL", template)))
                .put(client.url(integration)).then().statusCode(200);
        String externalId = "trace-e2e-" + UUID.randomUUID();
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Traced Buyer", "externalId", externalId, "countryCode", "US",
                        "firstUser", Map.of("email", "buyer-" + externalId + "@e2e.example", "firstName", "Tia",
                                "lastName", "Tracer")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");

        // the client starts the trace
        byte[] id = new byte[16];
        new SecureRandom().nextBytes(id);
        String traceId = HexFormat.of().formatHex(id);
        String subscriptions = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        String subscription = client.signed("POST", subscriptions).contentType(ContentType.JSON)
                .header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01")
                .body(Map.of("productId", productId, "editionId", editionId,
                        "items", List.of(Map.of("unit", "USER", "quantity", 3)),
                        "company", Map.of("name", "Traced Buyer", "country", "US"),
                        "user", Map.of("email", "tia@e2e.example", "firstName", "Tia", "lastName", "Tracer")))
                .post(client.url(subscriptions)).then().statusCode(201).extract().path("id");

        // and back: the vendor's answer makes the subscription active
        VendorEndToEndTest.awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(60));

        // the vendor was called within the client's trace
        assertTrue(vendorTraceparents.stream().anyMatch(t -> t.startsWith("00-" + traceId + "-")),
                "the vendor's notification carries the order's trace: " + vendorTraceparents);

        // the notification the vendor got names the span notification-service exports for that call
        String vendorSpan = vendorTraceparents.stream().filter(t -> t.startsWith("00-" + traceId + "-")).findFirst()
                .orElseThrow().split("-")[2];

        // every hop exported spans of that one trace; spans leave each service in batches, so wait for the one the
        // vendor named, not for any client span (notification-service's call back to billing is one too)
        Set<String> expected = Set.of("marketplace-gateway", "billing-service", "notification-service");
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Set<String> services = new TreeSet<>();
        while (System.nanoTime() < deadline) {
            services = Suite.traces().trace(traceId).stream().map(OtlpReceiver.ReceivedSpan::service)
                    .collect(Collectors.toCollection(TreeSet::new));
            if (services.containsAll(expected) && clientSpanToVendor(traceId) && exported(traceId, vendorSpan)) {
                break;
            }
            Thread.sleep(200);
        }
        assertTrue(services.containsAll(expected), "services in trace " + traceId + ": " + services + "; spans: "
                + Suite.traces().trace(traceId));
        assertTrue(clientSpanToVendor(traceId), "notification-service's call to the vendor is a client span of the trace: "
                + Suite.traces().trace(traceId));
        // a consumer span continues the trace on the far side of Kafka
        assertTrue(Suite.traces().trace(traceId).stream().anyMatch(s -> s.kind() == 5),
                "a Kafka consumer span in the trace: " + Suite.traces().trace(traceId));
        assertEquals(1, Suite.traces().trace(traceId).stream()
                .filter(s -> s.spanId().equals(vendorSpan) && s.service().equals("notification-service")).count(),
                "the vendor's parent span " + vendorSpan + " is notification-service's client span: "
                        + Suite.traces().trace(traceId));
    }

    /** GET /openapi (no signature): one document with the paths of the gateway and of every service. */
    @Test
    void theGatewayServesOneOpenApiDocumentOfThePublicApi() {
        io.restassured.path.json.JsonPath doc = io.restassured.RestAssured.given().get(client.url("/openapi")).then()
                .statusCode(200).extract().jsonPath();
        Map<String, Object> paths = doc.getMap("paths");
        for (String prefix : List.of("/oauth2/token", "/api/account/", "/api/marketplace/", "/api/billing/",
                "/api/notification/")) {
            assertTrue(paths.keySet().stream().anyMatch(p -> p.startsWith(prefix)), "no path under " + prefix + ": "
                    + new TreeSet<>(paths.keySet()));
        }
        assertTrue(paths.keySet().stream().noneMatch(p -> p.startsWith("/q/")), "services' /q paths are not public");
        assertTrue(doc.get("'x-unavailable'") == null, "every service's document was read: " + doc.get("'x-unavailable'"));
    }

    private static boolean exported(String traceId, String spanId) {
        return Suite.traces().trace(traceId).stream().anyMatch(s -> s.spanId().equals(spanId));
    }

    private static boolean clientSpanToVendor(String traceId) {
        // SpanKind CLIENT = 3
        return Suite.traces().trace(traceId).stream()
                .anyMatch(s -> s.service().equals("notification-service") && s.kind() == 3);
    }
}
