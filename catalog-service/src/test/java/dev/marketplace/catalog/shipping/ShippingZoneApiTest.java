package dev.marketplace.catalog.shipping;

import static dev.marketplace.catalog.CatalogFixtures.as;
import static dev.marketplace.catalog.CatalogFixtures.asAdmin;
import static dev.marketplace.catalog.CatalogFixtures.newPartner;
import static dev.marketplace.catalog.CatalogFixtures.vendor;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.DomainEvents;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class ShippingZoneApiTest {
    private static final String BASE = "/api/platformAdministration/v1/shippingConfigurations";
    private final String partner = newPartner();

    private static Map<String, Object> zone(String name, String secret) {
        return Map.of("name", name,
                "countries", List.of(Map.of("shortCode", "US", "includedRegions", List.of("US+CA", "US+NY")),
                        Map.of("shortCode", "CA", "includedRegions", List.of())),
                "defaultConnector", "shipfast",
                "connectorConfigurations", Map.of("shipfast", Map.of("baseUrl", "https://connector.example/ship", "sharedSecret", secret)));
    }

    /** Every log record of the service while {@code action} runs, formatted with its parameters and stack traces. */
    private static List<String> logsDuring(Runnable action) {
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                StringBuilder b = new StringBuilder(String.valueOf(record.getMessage()));
                if (record.getParameters() != null) {
                    for (Object p : record.getParameters()) {
                        b.append(' ').append(p);
                    }
                }
                for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
                    b.append(' ').append(t);
                }
                lines.add(b.toString());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(handler);
        try {
            action.run();
        } finally {
            root.removeHandler(handler);
        }
        return lines;
    }

    @Test
    void zonesAreCreatedListedReadAndUpdatedWithoutEverShowingTheSecret() throws Exception {
        String secret = "shh-" + UUID.randomUUID();
        String rotated = "new-" + UUID.randomUUID();
        String[] uuid = new String[1];
        List<String> logs = logsDuring(() -> {
            uuid[0] = asAdmin(partner).body(zone("North America", secret)).post(BASE + "/zone").then().statusCode(201)
                    .header("Location", containsString(BASE + "/zones/"))
                    .body("name", equalTo("North America")).body("countries[0].shortCode", equalTo("US"))
                    .body("countries[0].includedRegions", equalTo(List.of("US+CA", "US+NY")))
                    .body("defaultConnector", equalTo("shipfast")).body("connectorConfigurations.size()", equalTo(0))
                    .body(not(containsString(secret))).extract().path("uuid");
            asAdmin(partner).get(BASE + "/zones").then().statusCode(200).body("uuid", equalTo(List.of(uuid[0])))
                    .body("[0].connectorConfigurations.size()", equalTo(0)).body(not(containsString(secret)));
            asAdmin(partner).get(BASE + "/zones/" + uuid[0]).then().statusCode(200).body("name", equalTo("North America"))
                    .body(not(containsString(secret)));
            // update: rename, add a connector, rotate the secret of the other; a read-back body ({} connectors) keeps them
            asAdmin(partner).body(Map.of("name", "NA", "connectorConfigurations", Map.of(
                    "shipfast", Map.of("baseUrl", "https://connector.example/v2", "sharedSecret", rotated),
                    "slowboat", Map.of("baseUrl", "https://slow.example/", "sharedSecret", "another-secret-123"))))
                    .put(BASE + "/zones/" + uuid[0]).then().statusCode(200).body("name", equalTo("NA"))
                    .body("connectorConfigurations.size()", equalTo(0)).body(not(containsString(rotated)));
            asAdmin(partner).body(Map.of("countries", List.of(Map.of("shortCode", "MX")), "connectorConfigurations", Map.of(),
                    "defaultConnector", "slowboat")).put(BASE + "/zones/" + uuid[0]).then().statusCode(200)
                    .body("countries.shortCode", equalTo(List.of("MX"))).body("defaultConnector", equalTo("slowboat"));
            // a secret in an invalid request is not echoed either
            asAdmin(partner).body(Map.of("name", "Bad", "countries", List.of(Map.of("shortCode", "XX")),
                    "connectorConfigurations", Map.of("c", Map.of("baseUrl", "https://x.example", "sharedSecret", secret))))
                    .post(BASE + "/zone").then().statusCode(400).body(not(containsString(secret)));
        });
        for (String line : logs) {
            assertFalse(line.contains(secret) || line.contains(rotated), "a log line shows a shared secret: " + line);
        }

        // the events name connectors and their addresses, never secrets
        var created = DomainEvents.await(e -> "SHIPPING_ZONE_CREATED".equals(e.path("type").asText())
                && uuid[0].equals(e.path("aggregate").path("id").asText()), Duration.ofSeconds(20));
        assertEquals("https://connector.example/ship", created.path("payload").path("connectorBaseUrls").path("shipfast").asText());
        assertFalse(created.toString().contains(secret));
        var updated = DomainEvents.await(e -> "SHIPPING_ZONE_UPDATED".equals(e.path("type").asText())
                && uuid[0].equals(e.path("aggregate").path("id").asText())
                && e.path("payload").path("defaultConnector").asText().equals("slowboat"), Duration.ofSeconds(20));
        assertFalse(updated.toString().contains(secret) || updated.toString().contains(rotated));
        assertEquals(2, updated.path("payload").path("connectorBaseUrls").size());

        // encrypted at rest
        var config = ConfigProvider.getConfig();
        try (var c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement("select name, secret_ciphertext from shipping_connector where zone_uuid = ?::uuid order by name")) {
            q.setString(1, uuid[0]);
            try (ResultSet rs = q.executeQuery()) {
                int rows = 0;
                while (rs.next()) {
                    rows++;
                    assertFalse(rs.getString(2).contains(secret) || rs.getString(2).contains(rotated)
                            || rs.getString(2).contains("another-secret"));
                }
                assertEquals(2, rows);
            }
        }
    }

    @Test
    void invalidZonesAreRefusedNamingTheFieldAndChangeNothing() {
        asAdmin(partner).body(Map.of("name", "Z", "countries", List.of(Map.of("shortCode", "XX"), Map.of("shortCode", "us"))))
                .post(BASE + "/zone").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("countries[0].shortCode: must be an ISO 3166-1 alpha-2 country code"))
                .body("message", containsString("countries[1].shortCode"));
        asAdmin(partner).body(Map.of("name", "Z", "countries", List.of(Map.of("shortCode", "US",
                "includedRegions", List.of("CA+ON", "US-CA", "US+CA"))))).post(BASE + "/zone").then().statusCode(400)
                .body("message", containsString("countries[0].includedRegions[0]: must start with its country US+"))
                .body("message", containsString("countries[0].includedRegions[1]: must be <COUNTRY>+<REGION>"))
                .body("message", not(containsString("includedRegions[2]")));
        asAdmin(partner).body(Map.of("countries", List.of())).post(BASE + "/zone").then().statusCode(400)
                .body("message", containsString("name: is required")).body("message", containsString("countries"));
        asAdmin(partner).body(Map.of("name", "Z", "countries", List.of(Map.of("shortCode", "US")),
                "connectorConfigurations", Map.of("c", Map.of("baseUrl", "https://c.example")))).post(BASE + "/zone").then()
                .statusCode(400).body("message", containsString("connectorConfigurations.c.sharedSecret: is required"));
        asAdmin(partner).body(Map.of("name", "Z", "countries", List.of(Map.of("shortCode", "US")), "defaultConnector", "ghost"))
                .post(BASE + "/zone").then().statusCode(400).body("message", containsString("defaultConnector"));
        // the outbound-URL guard: cloud metadata, whatever the configuration
        asAdmin(partner).body(Map.of("name", "Z", "countries", List.of(Map.of("shortCode", "US")), "connectorConfigurations",
                Map.of("meta", Map.of("baseUrl", "http://169.254.169.254/latest", "sharedSecret", "secret-secret"))))
                .post(BASE + "/zone").then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("connectorConfigurations.meta.baseUrl: must not point to"));
        asAdmin(partner).get(BASE + "/zones").then().statusCode(200).body("$", hasSize(0));

        String uuid = asAdmin(partner).body(zone("Europe", "secret-secret")).post(BASE + "/zone").then().statusCode(201)
                .extract().path("uuid");
        asAdmin(partner).body(zone("europe", "secret-secret")).post(BASE + "/zone").then().statusCode(409)
                .body("code", equalTo("DUPLICATE_ZONE_NAME"));
        asAdmin(partner).body(Map.of("connectorConfigurations", Map.of("fresh", Map.of("baseUrl", "https://f.example"))))
                .put(BASE + "/zones/" + uuid).then().statusCode(400).body("message", containsString("fresh.sharedSecret"));
        asAdmin(partner).body(Map.of("connectorConfigurations", Map.of("shipfast",
                Map.of("baseUrl", "http://169.254.169.254/")))).put(BASE + "/zones/" + uuid).then().statusCode(400);
        asAdmin(partner).body(Map.of("connectorConfigurations", java.util.Collections.singletonMap("shipfast", null)))
                .put(BASE + "/zones/" + uuid).then().statusCode(400).body("message", containsString("defaultConnector"));
        asAdmin(partner).get(BASE + "/zones/" + uuid).then().statusCode(200).body("name", equalTo("Europe"))
                .body("defaultConnector", equalTo("shipfast"));
        asAdmin(partner).get(BASE + "/zones/not-a-uuid").then().statusCode(400).body("message", containsString("uuid"));
        asAdmin(partner).get(BASE + "/zones/" + UUID.randomUUID()).then().statusCode(404);
    }

    /**
     * The stored secret signs what a connector is sent: a PUT that moves baseUrl elsewhere must give the secret again,
     * else it would hand the stored one to the new address. Keeping the address keeps the secret.
     */
    @Test
    void aConnectorsSecretIsRequiredAgainWhenItsBaseUrlChanges() throws Exception {
        String uuid = asAdmin(partner).body(zone("Oceania", "original-secret")).post(BASE + "/zone").then().statusCode(201)
                .extract().path("uuid");
        String stored = connector(uuid, "shipfast");
        asAdmin(partner).body(Map.of("connectorConfigurations", Map.of("shipfast",
                Map.of("baseUrl", "https://elsewhere.example/ship")))).put(BASE + "/zones/" + uuid).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("connectorConfigurations.shipfast.sharedSecret: is required when baseUrl changes"));
        assertEquals(stored, connector(uuid, "shipfast"));
        // the same address keeps the stored secret; a new one with its secret is taken
        asAdmin(partner).body(Map.of("connectorConfigurations", Map.of("shipfast",
                Map.of("baseUrl", "https://connector.example/ship")))).put(BASE + "/zones/" + uuid).then().statusCode(200);
        assertEquals(stored, connector(uuid, "shipfast"));
        asAdmin(partner).body(Map.of("connectorConfigurations", Map.of("shipfast",
                Map.of("baseUrl", "https://elsewhere.example/ship", "sharedSecret", "the-new-secret")))).put(BASE + "/zones/" + uuid)
                .then().statusCode(200);
        String moved = connector(uuid, "shipfast");
        assertTrue(moved.startsWith("https://elsewhere.example/ship "), moved);
        assertFalse(moved.endsWith(stored.substring(stored.indexOf(' '))), "the secret was not replaced");
    }

    /** A connector's stored address and ciphertext, "baseUrl ciphertext". */
    private static String connector(String zone, String name) throws Exception {
        var config = ConfigProvider.getConfig();
        try (var c = DriverManager.getConnection(config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getValue("quarkus.datasource.username", String.class),
                config.getValue("quarkus.datasource.password", String.class));
                var q = c.prepareStatement("select base_url, secret_ciphertext from shipping_connector where zone_uuid = ?::uuid"
                        + " and name = ?")) {
            q.setString(1, zone);
            q.setString(2, name);
            try (ResultSet rs = q.executeQuery()) {
                assertTrue(rs.next());
                return rs.getString(1) + " " + rs.getString(2);
            }
        }
    }

    @Test
    void onlyMarketplaceManagersOfTheMarketplaceReachZones() {
        String uuid = asAdmin(partner).body(zone("Asia", "secret-secret")).post(BASE + "/zone").then().statusCode(201)
                .extract().path("uuid");
        Map<String, Object> body = zone("Other", "secret-secret");
        for (String other : List.of(InternalTokens.bearer(partner, Roles.PARTNER), InternalTokens.bearer(partner, Roles.PARTNER_READ),
                InternalTokens.bearer(partner, Roles.SUPER_SUPPORT), InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.SYS_ADMIN),
                vendor(partner, 1L))) {
            as(other).body(body).post(BASE + "/zone").then().statusCode(403).body("code", equalTo("FORBIDDEN"));
            as(other).get(BASE + "/zones").then().statusCode(403);
            as(other).get(BASE + "/zones/" + uuid).then().statusCode(403);
            as(other).body(body).put(BASE + "/zones/" + uuid).then().statusCode(403);
        }
        given().get(BASE + "/zones").then().statusCode(403);
        String stranger = InternalTokens.bearer(newPartner(), Roles.CHANNEL_ADMIN);
        as(stranger).get(BASE + "/zones/" + uuid).then().statusCode(404);
        as(stranger).body(Map.of("name", "Taken")).put(BASE + "/zones/" + uuid).then().statusCode(404);
        as(stranger).get(BASE + "/zones").then().statusCode(200).body("$", hasSize(0));
        asAdmin(partner).get(BASE + "/zones/" + uuid).then().statusCode(200).body("name", equalTo("Asia"));
    }
}
