package dev.marketplace.lead;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.testkit.OpenApiCheck;
import io.quarkus.test.junit.QuarkusTest;

/**
 * This service's OpenAPI document, which the gateway combines into the public one: every public operation has a
 * summary, a typed body, its success code with a schema and the standard error answers (testkit's OpenApiCheck, which
 * lists every offending operation).
 */
@QuarkusTest
class OpenApiDocumentTest {

    @Test
    void everyOperationIsDocumented() throws Exception {
        String json = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        // kept for reading: target/openapi.json
        java.nio.file.Files.writeString(java.nio.file.Path.of("target", "openapi.json"), json);
        assertNull(OpenApiCheck.report(new ObjectMapper().readTree(json)));
    }
}
