package dev.marketplace.account.domains;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.account.FakeDns;
import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class DomainApiTest {
    private final Fixtures f = new Fixtures();

    @Test
    void addVerifyThroughDnsTxtListAndDelete() {
        Co co = f.company("Dns Co", true);
        String domains = "/api/account/v2/companies/" + co.uuid() + "/domains";
        String name = co.domain();
        // the company administrator adds the domain and gets the TXT record to publish
        JsonNode added = f.asUser(co.adminUuid()).body(Map.of("name", name.toUpperCase())).post(domains).then().statusCode(201)
                .header("Location", containsString("/domains/" + name)).body("name", equalTo(name))
                .body("status", equalTo("PENDING_VERIFICATION")).body("verification.type", equalTo("DNS_TXT"))
                .body("company.uuid", equalTo(co.uuid())).extract().as(JsonNode.class);
        String host = added.path("verification").path("host").asText();
        String value = added.path("verification").path("value").asText();
        assertEquals("_marketplace-verification." + name, host);
        f.asPartner().body(Map.of("name", name)).post(domains).then().statusCode(409).body("code", equalTo("DUPLICATE_DOMAIN"));
        f.asPartner().body(Map.of("name", "not a domain")).post(domains).then().statusCode(400)
                .body("message", containsString("name"));
        f.asPartner().get("/api/account/v2/companies/" + co.uuid() + "/verifiedDomains").then().statusCode(200)
                .body("content", hasSize(0)).body("links", hasSize(0));

        // no TXT record yet: refused, still pending
        f.asUser(co.adminUuid()).post(domains + "/" + name + "/verification").then().statusCode(409)
                .body("code", equalTo("DOMAIN_NOT_VERIFIED")).body("message", containsString(host));
        FakeDns.txt(host, "something-else");
        f.asUser(co.adminUuid()).post(domains + "/" + name + "/verification").then().statusCode(409);
        FakeDns.txt(host, value);
        f.asUser(co.adminUuid()).post(domains + "/" + name + "/verification").then().statusCode(200)
                .body("status", equalTo("VERIFIED")).body("verifiedBy", equalTo("DNS")).body("verification", nullValue());
        Fixtures.event("DOMAIN_VERIFIED", e -> name.equals(e.path("payload").path("name").asText()));
        f.asPartner().get("/api/account/v2/companies/" + co.uuid() + "/verifiedDomains").then().statusCode(200)
                .body("content.content", equalTo(List.of(name)));

        // listing with searchText, one domain, members read, strangers do not
        f.asPartner().body(Map.of("name", "other-" + name)).post(domains).then().statusCode(201);
        f.asPartner().get(domains).then().statusCode(200).body("content", hasSize(2));
        f.asPartner().queryParam("searchText", "other-").get(domains).then().body("content.name", equalTo(List.of("other-" + name)));
        f.asPartner().get(domains + "/" + name).then().statusCode(200).body("status", equalTo("VERIFIED"));
        f.asPartner().get(domains + "/nope.example").then().statusCode(404);
        f.asOtherPartner().get(domains).then().statusCode(404);
        f.asUser(UUID.randomUUID().toString()).get(domains).then().statusCode(403);

        // deleting
        String dev = f.member(co, "dev-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        f.asUser(dev).delete(domains + "/other-" + name).then().statusCode(403);
        f.asPartner().delete(domains + "/other-" + name).then().statusCode(204);
        f.asPartner().get(domains + "/other-" + name).then().statusCode(404);
    }

    @Test
    void channelAdministratorsVerifyByHandCompanyAdministratorsCannot() {
        Co co = f.company("Manual Co", true);
        String domains = "/api/account/v2/companies/" + co.uuid() + "/domains";
        f.asUser(co.adminUuid()).body(Map.of("name", co.domain())).post(domains).then().statusCode(201);
        f.asUser(co.adminUuid()).post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(403);
        f.asReader().post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(403);
        f.asOtherPartner().post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(404);
        f.asPartner().post(domains + "/" + co.domain() + "/verification?method=PIGEON").then().statusCode(400)
                .body("message", containsString("method"));
        f.asChannelAdmin().post(domains + "/" + co.domain() + "/verification?method=MANUAL").then().statusCode(200)
                .body("status", equalTo("VERIFIED")).body("verifiedBy", equalTo("CHANNEL_ADMIN"));
        f.asPartner().get("/api/account/v2/companies/" + co.uuid() + "/verifiedDomains").then()
                .body("content.content", equalTo(List.of(co.domain())));
    }
}
