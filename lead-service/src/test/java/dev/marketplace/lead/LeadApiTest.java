package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static dev.marketplace.lead.Leads.partnerOnly;
import static dev.marketplace.lead.Leads.post;
import static dev.marketplace.lead.Leads.user;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.testkit.DomainEvents;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/** Creation (signed and anonymous), input rules, read, list, update, discard and the events they publish. */
@QuarkusTest
class LeadApiTest {

    @Test
    void anonymousProductLeadIsCreatedWithItsEventAndNotification() {
        String partner = Leads.partner();
        UUID developer = UUID.randomUUID();
        long product = StubCatalog.product("Appsome", true, developer);
        String id = post(anonymous(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.productLead(partner, product))
                .statusCode(201)
                .header("Location", containsString("/api/lead/v2/leads/"))
                .body("leadType", equalTo("PRODUCT"))
                .body("status", equalTo("SUBMITTED"))
                .body("partner", equalTo(partner))
                .body("profileProduct.id", equalTo(String.valueOf(product)))
                .body("profileProduct.name", equalTo("Appsome"))
                .body("referrer.participantType", equalTo("CUSTOMER"))
                .body("recipient.participantType", equalTo("CHANNEL"))
                .body("recipient.partner", equalTo(partner))
                .body("creator", nullValue())
                .extract().path("id");

        JsonNode event = DomainEvents.await(e -> e.path("type").asText().equals("LEAD_CREATED")
                && e.path("aggregate").path("id").asText().equals(id), Duration.ofSeconds(20));
        assertEquals(partner, event.path("partner").asText());
        assertEquals("lead-service", event.path("source").asText());
        assertEquals("anonymous", event.path("creator").path("consumerKey").asText());
        JsonNode notification = event.path("payload").path("notifications").get(0);
        assertEquals("SALES_LEAD_CREATED", notification.path("type").asText());
        assertEquals("leads@test.example", notification.path("recipients").get(0).asText());
        assertEquals(id, notification.path("parameters").path("leadId").asText());
        assertEquals("Appsome", notification.path("parameters").path("productName").asText());
        assertEquals("John Doe", notification.path("parameters").path("contactName").asText());
    }

    @Test
    void theAnonymousTokenCreatesOnlyProfileLeadsAndReachesNothingElse() {
        String partner = Leads.partner();
        UUID reseller = StubAccount.company("Reseller Co", true, false, false, "sales@reseller.example");
        // a reseller's profile form: the lead goes to that reseller, who is told by email
        String id = post(anonymous(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.companyLead(partner, reseller))
                .statusCode(201).body("status", equalTo("ASSIGNED"))
                .body("recipient.companyId", equalTo(reseller.toString()))
                .body("profileCompany.name", equalTo("Reseller Co")).extract().path("id");
        JsonNode event = DomainEvents.await(e -> e.path("aggregate").path("id").asText().equals(id), Duration.ofSeconds(20));
        assertEquals("LEAD_REFERRED_COMPANY_RESELLER", event.path("payload").path("notifications").get(1).path("type").asText());
        assertTrue(event.path("payload").path("notifications").get(1).path("recipients").toString()
                .contains("sales@reseller.example"));

        post(anonymous(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.body(partner, "MANUAL", null)).statusCode(403)
                .body("code", equalTo("FORBIDDEN"));
        // a partner other than the token's
        post(anonymous(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.productLead("OTHER", 1)).statusCode(403);
        anonymous(partner).get("/api/lead/v2/leads/" + id + "?context=ANONYMOUS&companyId=" + reseller).then().statusCode(403);
        anonymous(partner).get("/api/lead/v2/leads?context=ANONYMOUS&companyId=" + reseller).then().statusCode(403);
        anonymous(partner).delete("/api/lead/v2/leads/" + id + "?context=ANONYMOUS&companyId=" + reseller).then().statusCode(403);
        post(anonymous(partner), "/api/lead/v2/conversion?context=ANONYMOUS&companyId=" + reseller + "&leadId=" + id, "{}")
                .statusCode(403);
        given().get("/api/lead/v2/leads?context=PARTNER&companyId=" + reseller).then().statusCode(403);
        given().contentType(ContentType.JSON).body(Leads.productLead(partner, 1)).post("/api/lead/v2/leads?context=ANONYMOUS")
                .then().statusCode(403);
    }

    @Test
    void everyMissingOrInvalidFieldIsNamed() {
        String partner = Leads.partner();
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", "{}").statusCode(400)
                .body("code", equalTo("INVALID_FIELD"))
                .body("message", containsString("partner"))
                .body("message", containsString("leadType"))
                .body("message", containsString("customer"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", "{\"partner\":\"" + partner
                + "\",\"leadType\":\"PRODUCT\",\"customer\":{\"company\":{\"name\":\" \"},\"contact\":{\"email\":\"nope\"}}}")
                .statusCode(400)
                .body("message", containsString("customer.company.name"))
                .body("message", containsString("customer.contact.email"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.body(partner, "PRODUCT", null)).statusCode(400)
                .body("message", containsString("product.id: is required when leadType is PRODUCT"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.body(partner, "COMPANY", null)).statusCode(400)
                .body("message", containsString("company.id: is required when leadType is COMPANY"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.body(partner, "OTHER", null)).statusCode(400)
                .body("message", containsString("leadType"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.productLead(partner, 999_999_999L)).statusCode(400)
                .body("message", containsString("product.id: no product 999999999"));
        UUID notReseller = StubAccount.company("Customer Co", false, false, false, null);
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.companyLead(partner, notReseller)).statusCode(400)
                .body("message", containsString("company.id: no enabled reseller company"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.productLead("ELSEWHERE", 1)).statusCode(400)
                .body("message", containsString("partner: must be " + partner));
        post(channel(partner), "/api/lead/v2/leads?context=WRONG", Leads.productLead(partner, 1)).statusCode(400)
                .body("message", containsString("context: must be one of"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", Leads.body(partner, "PRODUCT",
                "\"product\":{\"id\":\"1\"},\"colour\":\"red\"")).statusCode(400).body("message", containsString("colour"));
        post(channel(partner), "/api/lead/v2/leads?context=ANONYMOUS", "{not json").statusCode(400)
                .body("code", equalTo("INVALID_BODY"));
        // a MANUAL lead of channel credentials needs the acting user
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        post(channel(partner), "/api/lead/v2/leads?context=PARTNER&companyId=" + marketplace, Leads.body(partner, "MANUAL", null))
                .statusCode(400).body("message", containsString("userId: is required"));
        post(channel(partner), "/api/lead/v2/leads?context=PARTNER", Leads.body(partner, "MANUAL", null))
                .statusCode(400).body("message", containsString("companyId: is required"));
        // nothing of this was written
        channel(partner).get("/api/lead/v2/leads?context=CHANNEL_ADMIN&companyId=" + marketplace).then().statusCode(200)
                .body("page.totalElements", equalTo(0));
    }

    /**
     * #21: a company account-service refuses the caller is the caller's 403, never a 503. (Another marketplace's company
     * is the 404 of an unknown one: account-service answers it so; tests/security ExistenceOracleAttacksTest.)
     */
    @Test
    void aCompanyAccountServiceRefusesIsTheCallersRefusal() {
        String partner = Leads.partner();
        UUID foreign = StubAccount.refusingCompany();
        channel(partner).get("/api/lead/v2/leads?context=PARTNER&companyId=" + foreign).then().statusCode(403)
                .body("code", equalTo("FORBIDDEN"));
        post(channel(partner), "/api/lead/v2/leads?context=PARTNER&companyId=" + foreign + "&userId=" + UUID.randomUUID(),
                Leads.body(partner, "MANUAL", null)).statusCode(403).body("code", equalTo("FORBIDDEN"));
        channel(partner).get("/api/lead/v2/leads?context=CHANNEL_ADMIN&companyId=" + foreign).then().statusCode(403);
    }

    @Test
    void partnerCredentialsCreateAManualLeadForAMarketplaceUser() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        UUID manager = StubAccount.member(marketplace, "ROLE_CHANNEL_ADMIN");
        UUID outsider = UUID.randomUUID();
        post(partnerOnly(partner), "/api/lead/v2/leads?context=PARTNER&companyId=" + marketplace + "&userId=" + outsider,
                Leads.body(partner, "MANUAL", null)).statusCode(400).body("message", containsString("userId: must be a Marketplace Manager"));
        String id = Leads.create(partnerOnly(partner), "?context=PARTNER&companyId=" + marketplace + "&userId=" + manager,
                Leads.body(partner, "MANUAL", "\"notes\":\"met at a fair\",\"customAttributes\":{\"source\":[\"fair\"]}"));
        // its creator (the user, for that company) sees it, also as the Marketplace Manager it is; the channel acting as
        // nobody does not
        user(partner, manager).get("/api/lead/v2/leads/" + id + "?context=CHANNEL_ADMIN&companyId=" + marketplace).then()
                .statusCode(200);
        given().header("Authorization", dev.marketplace.testkit.InternalTokens.bearerAsUser(partner, manager,
                dev.marketplace.common.security.Roles.PARTNER)).get("/api/lead/v2/leads/" + id + "?context=PARTNER&companyId="
                + marketplace).then().statusCode(200)
                .body("creator.id", equalTo(manager.toString()))
                .body("creator.companyId", equalTo(marketplace.toString()))
                .body("creator.role", equalTo("PARTNER"))
                .body("notes", equalTo("met at a fair"))
                .body("customAttributes.source", equalTo(List.of("fair")))
                .body("status", equalTo("SUBMITTED"));
        partnerOnly(partner).get("/api/lead/v2/leads/" + id + "?context=PARTNER&companyId=" + marketplace).then().statusCode(404);
    }

    /**
     * The user of a MANUAL lead that channel credentials create is a Marketplace Manager of the company: a member holding
     * ROLE_CHANNEL_ADMIN, and a company with marketplace access. Either alone is not one.
     */
    @Test
    void channelCredentialsCreateAManualLeadOnlyForAMarketplaceManagerOfAMarketplaceCompany() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        UUID customer = StubAccount.company("Customer Co", false, false, false, null);
        UUID companyAdmin = StubAccount.member(marketplace, "ROLE_SYS_ADMIN", "ROLE_USER");
        UUID managerElsewhere = StubAccount.member(customer, "ROLE_CHANNEL_ADMIN");
        UUID disabled = UUID.randomUUID();
        StubAccount.member(marketplace, disabled, false, "ROLE_CHANNEL_ADMIN");
        String rule = "userId: must be a Marketplace Manager of companyId: an enabled member holding ROLE_CHANNEL_ADMIN, of a"
                + " company with marketplace access";
        for (String query : List.of("?context=PARTNER&companyId=" + marketplace + "&userId=" + companyAdmin,
                "?context=CHANNEL_ADMIN&companyId=" + marketplace + "&userId=" + companyAdmin,
                "?context=PARTNER&companyId=" + customer + "&userId=" + managerElsewhere,
                "?context=PARTNER&companyId=" + marketplace + "&userId=" + disabled)) {
            post(channel(partner), "/api/lead/v2/leads" + query, Leads.body(partner, "MANUAL", null)).statusCode(400)
                    .body("code", equalTo("INVALID_FIELD")).body("message", equalTo(rule));
        }
        // nothing was written for them
        user(partner, companyAdmin).get("/api/lead/v2/leads?context=PARTNER&companyId=" + marketplace).then().statusCode(200)
                .body("page.totalElements", equalTo(0));
        UUID manager = StubAccount.member(marketplace, "ROLE_CHANNEL_ADMIN");
        Leads.create(channel(partner), "?context=CHANNEL_ADMIN&companyId=" + marketplace + "&userId=" + manager,
                Leads.body(partner, "MANUAL", null));
    }

    @Test
    void readListUpdateAndDiscard() {
        String partner = Leads.partner();
        UUID marketplace = StubAccount.company("Marketplace Owner", false, false, true, null);
        long product = StubCatalog.product("Appsome", false);
        String first = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.body(partner, "PRODUCT",
                "\"product\":{\"id\":\"" + product + "\"}").replaceFirst("Acme [0-9a-f]+", "Zeta Corp"));
        String second = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.body(partner, "PRODUCT",
                "\"product\":{\"id\":\"" + product + "\"}").replaceFirst("Acme [0-9a-f]+", "Alpha Corp"));
        String q = "?context=CHANNEL_ADMIN&companyId=" + marketplace;

        channel(partner).get("/api/lead/v2/leads" + q).then().statusCode(200)
                .body("page.totalElements", equalTo(2)).body("page.size", equalTo(50))
                .body("content.id", equalTo(List.of(second, first)));
        channel(partner).get("/api/lead/v2/leads" + q + "&sortField=COMPANY_NAME&sortOrder=ASC").then()
                .body("content.id", equalTo(List.of(second, first)));
        channel(partner).get("/api/lead/v2/leads" + q + "&searchText=zeta").then().body("content.id", equalTo(List.of(first)));
        channel(partner).get("/api/lead/v2/leads" + q + "&size=1&page=1").then().body("content.id", equalTo(List.of(first)))
                .body("page.totalPages", equalTo(2));
        channel(partner).get("/api/lead/v2/leads" + q + "&status=ASSIGNED").then().body("page.totalElements", equalTo(0));
        channel(partner).get("/api/lead/v2/leads" + q + "&fromDate=" + (System.currentTimeMillis() + 60_000)).then()
                .body("page.totalElements", equalTo(0));
        channel(partner).get("/api/lead/v2/leads" + q + "&sortField=NAME").then().statusCode(400)
                .body("message", containsString("sortField"));
        channel(partner).get("/api/lead/v2/leads" + q + "&fromDate=yesterday").then().statusCode(400)
                .body("message", containsString("fromDate"));
        channel(partner).get("/api/lead/v2/leads?companyId=" + marketplace).then().statusCode(400)
                .body("message", containsString("context: is required"));
        // another marketplace sees none of them
        channel("ELSEWHERE").get("/api/lead/v2/leads/" + first + q).then().statusCode(404);
        channel("ELSEWHERE").get("/api/lead/v2/leads" + q).then().body("page.totalElements", equalTo(0));

        channel(partner).contentType(ContentType.JSON)
                .body("{\"customer\":{\"company\":{\"street2\":\"5th floor\"},\"contact\":{\"firstName\":\"Jane\"}},\"notes\":\"call back\"}")
                .patch("/api/lead/v2/leads/" + first + q).then().statusCode(200)
                .body("customer.company.name", equalTo("Zeta Corp"))
                .body("customer.company.street2", equalTo("5th floor"))
                .body("customer.contact.firstName", equalTo("Jane"))
                .body("customer.contact.lastName", equalTo("Doe"))
                .body("notes", equalTo("call back"));
        channel(partner).contentType(ContentType.JSON).body("{\"customer\":{\"contact\":{\"email\":\"bad\"}}}")
                .patch("/api/lead/v2/leads/" + first + q).then().statusCode(400)
                .body("message", containsString("customer.contact.email"));

        // a product-profile lead is disqualified, not deleted: it stays, and a second discard is an illegal transition
        channel(partner).delete("/api/lead/v2/leads/" + first + q).then().statusCode(204);
        channel(partner).get("/api/lead/v2/leads/" + first + q).then().statusCode(200).body("status", equalTo("DISQUALIFIED"));
        channel(partner).delete("/api/lead/v2/leads/" + first + q).then().statusCode(409)
                .body("message", containsString("DISQUALIFIED")).body("message", containsString("cannot move to"));
        channel(partner).contentType(ContentType.JSON).body("{\"notes\":\"x\"}").patch("/api/lead/v2/leads/" + first + q).then()
                .statusCode(409);

        channel(partner).get("/api/lead/v2/leads/" + first + "/activities" + q).then().statusCode(200)
                .body("content.verb", equalTo(List.of("LEAD_DISQUALIFIED", "LEAD_UPDATED", "LEAD_CREATED")))
                .body("content[0].actor.context", equalTo("CHANNEL_ADMIN"))
                .body("content[0].actorCompany.id", equalTo(marketplace.toString()))
                .body("content[2].verbContext", equalTo("PRODUCT_PROFILE"))
                .body("content[2].actor.consumerKey", equalTo("anonymous"))
                .body("content[0].createdOn", notNullValue());
        channel(partner).get("/api/lead/v2/leads/" + first + "/activities" + q + "&creationDateOrder=ASC&size=1").then()
                .body("content.verb", equalTo(List.of("LEAD_CREATED"))).body("page.totalElements", equalTo(3));
    }

    @Test
    void aManualLeadIsDeletedByItsCreatorAndThenGoneForEveryone() {
        String partner = Leads.partner();
        UUID reseller = StubAccount.company("Reseller", true, false, false, null);
        UUID seller = StubAccount.member(reseller, "ROLE_RESELLER");
        String q = "?context=RESELLER&companyId=" + reseller;
        String id = Leads.create(user(partner, seller), q, Leads.body(partner, "MANUAL", null));
        user(partner, seller).get("/api/lead/v2/leads/" + id + q).then().statusCode(200)
                .body("status", equalTo("ASSIGNED")).body("recipient.companyId", equalTo(reseller.toString()))
                .body("referrer.companyId", equalTo(reseller.toString()));
        user(partner, seller).delete("/api/lead/v2/leads/" + id + q).then().statusCode(204);
        user(partner, seller).get("/api/lead/v2/leads/" + id + q).then().statusCode(404);
        user(partner, seller).get("/api/lead/v2/leads" + q).then().body("content.id", not(hasItems(id)));
        DomainEvents.await(e -> e.path("type").asText().equals("LEAD_DELETED") && e.path("aggregate").path("id").asText().equals(id),
                Duration.ofSeconds(20));
    }
}
