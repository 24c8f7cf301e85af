package dev.marketplace.billing.order;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.buyer;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.xml.XmlPath;

@QuarkusTest
class OrderApiTest {
    private final String partner = newPartner();

    @Test
    void listsOrdersInJsonOrXmlWithStartCountPaging() {
        FakeCatalog.Product product = FakeCatalog.register(partner, false, true);
        UUID company = UUID.randomUUID();
        String first = asPartner(partner).body(order(product, 2)).post(buyer(partner, company, UUID.randomUUID())).then().statusCode(201)
                .extract().path("id");
        asPartner(partner).body(order(product, 3)).post(buyer(partner, UUID.randomUUID(), UUID.randomUUID())).then().statusCode(201);
        asPartner(newPartner()).get("/api/billing/v1/orders").then().statusCode(200).header("X-Total-Count", "0");

        asPartner(partner).get("/api/billing/v1/orders").then().statusCode(200)
                .header("Content-Type", containsString("application/json"))
                .header("X-Total-Count", "2")
                .body("$", hasSize(2))
                .body("[0].subscriptionId", equalTo(first))
                .body("[0].status", equalTo("PENDING_REMOTE_CREATION"))
                .body("[0].editionCode", equalTo("BASIC"))
                .body("[0].frequency", equalTo("YEARLY"))
                .body("[0].orderLines[0].unit", equalTo("USER"))
                .body("[0].orderLines[0].quantity", equalTo(2))
                .body("[0].company.id", equalTo(company.toString()));
        asPartner(partner).queryParam("start", 1).queryParam("count", 1).get("/api/billing/v1/orders").then().statusCode(200)
                .header("X-Total-Count", "2").body("$", hasSize(1)).body("[0].orderLines[0].quantity", equalTo(3));
        asPartner(partner).queryParam("companyId", company.toString()).get("/api/billing/v1/orders").then()
                .header("X-Total-Count", "1");

        String xml = as(InternalTokens.bearer(partner, Roles.PARTNER_READ)).accept("application/xml").get("/api/billing/v1/orders")
                .then().statusCode(200).header("Content-Type", containsString("application/xml")).header("X-Total-Count", "2")
                .extract().asString();
        XmlPath doc = new XmlPath(xml);
        org.junit.jupiter.api.Assertions.assertEquals(2, doc.getList("orders.order").size());
        org.junit.jupiter.api.Assertions.assertEquals(first, doc.getString("orders.order[0].subscriptionId"));
        org.junit.jupiter.api.Assertions.assertEquals("USER", doc.getString("orders.order[0].orderLines.orderLine[0].unit"));

        asPartner(partner).queryParam("status", "NOPE").get("/api/billing/v1/orders").then().statusCode(400)
                .body("message", containsString("status"));
        asPartner(partner).queryParam("count", "x").get("/api/billing/v1/orders").then().statusCode(400)
                .body("message", containsString("count"));
        as(InternalTokens.bearerAsUser(partner, UUID.randomUUID(), Roles.USER)).get("/api/billing/v1/orders").then().statusCode(403);
        as(vendor(partner, product.id())).get("/api/billing/v1/orders").then().statusCode(403);
    }
}
