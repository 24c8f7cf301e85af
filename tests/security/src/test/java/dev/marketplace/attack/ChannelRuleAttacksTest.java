package dev.marketplace.attack;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;

/**
 * Channel credentials bending rules that protect others: a MANUAL lead handed to someone who is no Marketplace Manager
 * (lead-service README, the create body), and a shipping connector's stored secret carried to an address of the
 * writer's choosing (catalog-service README, shipping zones). Each is refused naming the field, and nothing changed.
 */
class ChannelRuleAttacksTest {

    /** A Company Administrator of a company with marketplace access is no Marketplace Manager: no MANUAL lead is theirs. */
    @Test
    void aManualLeadIsNotMadeForSomeoneWhoIsNoMarketplaceManager() {
        Client acme = Stack.ACME.client();
        Stack.Company team = Stack.createCompany(acme, "Lead Team " + UUID.randomUUID(), true);
        String owner = "context=PARTNER&companyId=" + team.uuid();
        String leads = "/api/lead/v2/leads?" + owner + "&size=200";
        int before = acme.signed("GET", leads).get(acme.url(leads)).then().statusCode(200).extract().jsonPath()
                .getList("content").size();
        String create = "/api/lead/v2/leads?" + owner + "&userId=" + team.admin();
        String body = "{\"partner\":\"" + Stack.ACME.partner() + "\",\"leadType\":\"MANUAL\",\"customer\":{\"company\":"
                + "{\"name\":\"Lead Co\",\"country\":\"US\"},\"contact\":{\"firstName\":\"Lee\",\"lastName\":\"Dee\","
                + "\"email\":\"manual@attack.example\"}}}";
        acme.signed("POST", create).contentType(ContentType.JSON).body(body).post(acme.url(create)).then().statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("userId: must be a Marketplace Manager of companyId"));
        assertEquals(before, acme.signed("GET", leads).get(acme.url(leads)).then().statusCode(200).extract().jsonPath()
                .getList("content").size());
    }

    /** Moving a connector's baseUrl without giving its secret again would sign what goes to the new address. */
    @Test
    void aConnectorsStoredSecretDoesNotFollowAMovedBaseUrl() {
        Client acme = Stack.ACME.client();
        String base = "/api/platformAdministration/v1/shippingConfigurations";
        String name = "Attack zone " + UUID.randomUUID();
        String zone = acme.signed("POST", base + "/zone").contentType(ContentType.JSON)
                .body(Map.of("name", name, "countries", List.of(Map.of("shortCode", "US", "includedRegions", List.of())),
                        "defaultConnector", "shipfast", "connectorConfigurations", Map.of("shipfast",
                                Map.of("baseUrl", "http://127.0.0.1:9/ship", "sharedSecret", "original-secret"))))
                .post(acme.url(base + "/zone")).then().log().ifValidationFails().statusCode(201).extract().path("uuid");
        String path = base + "/zones/" + zone;
        acme.signed("PUT", path).contentType(ContentType.JSON)
                .body(Map.of("name", "Moved", "connectorConfigurations", Map.of("shipfast",
                        Map.of("baseUrl", "http://127.0.0.1:10/collect"))))
                .put(acme.url(path)).then().statusCode(400).body("code", equalTo("INVALID_FIELD"))
                .body("message", equalTo("connectorConfigurations.shipfast.sharedSecret: is required when baseUrl changes"));
        // the whole write was refused
        acme.signed("GET", path).get(acme.url(path)).then().statusCode(200).body("name", equalTo(name));
    }
}
