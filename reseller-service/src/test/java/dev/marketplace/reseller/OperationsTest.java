package dev.marketplace.reseller;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/** Probes, metrics and the OpenAPI document, as every service serves them; and no API call without a token. */
@QuarkusTest
class OperationsTest {

    @Test
    void servesProbesMetricsAndItsOpenApiDocument() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/metrics").then().statusCode(200).body(containsString("outbox_events_published"));
        given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body("info.title", equalTo("Reseller API"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/appReseller/v1/companies"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/appReseller/v1/companies/{companyId}"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/appReseller/v1/users"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/appReseller/v1/users/{userId}"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/appReseller/v1/companyAssociations"))
                .body("paths", org.hamcrest.Matchers.hasKey("/api/appReseller/v1/companyAssociations/{companyAssociationId}"));
    }

    @Test
    void everyOperationNeedsAnInternalToken() {
        given().get("/api/appReseller/v1/companies?context=RESELLER_MANAGER").then().statusCode(403)
                .body("code", equalTo("FORBIDDEN"));
        given().contentType("application/json").body("{}").post("/api/appReseller/v1/companyAssociations").then()
                .statusCode(403);
        given().header("Authorization", "Bearer not-a-token").get("/api/appReseller/v1/users?context=RESELLER").then()
                .statusCode(403);
        given().get("/api/appReseller/v1/nothing").then().statusCode(404);
    }
}
