package dev.marketplace.account;

import org.junit.jupiter.api.Test;

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
        OpenApiCheck.assertServiceDocument();
    }
}
