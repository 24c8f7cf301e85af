package dev.marketplace.lead;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@QuarkusTestResource(InternalTokens.class)
class SkeletonTest {

    @Test
    void startsAndAnswersProbes() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/metrics").then().statusCode(200);
    }

    @Test
    void servesNoApiYet() {
        given().get("/api/lead/v1/anything").then().statusCode(404);
        given().header("Authorization", InternalTokens.bearer("P1", Roles.PARTNER)).get("/api/lead/v1/anything")
                .then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }
}
