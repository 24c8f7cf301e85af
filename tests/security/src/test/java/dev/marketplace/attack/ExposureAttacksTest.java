package dev.marketplace.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

/** What the gateway's public port tells an anonymous caller about itself: nothing under /q/ (health, metrics and OpenAPI are on
 * the management port, never exposed). */
class ExposureAttacksTest {

    @Test
    void metricsAndOpenApiAreOnlyOnTheManagementPort() throws Exception {
        for (String path : new String[] { "/q/health", "/q/health/ready", "/q/metrics", "/q/openapi", "/q/openapi?format=json",
                "/q/swagger-ui", "/q/dev-ui", "/q/arc", "/q/info" }) {
            HttpResponse<String> answer = Stack.get(Stack.gateway(path));
            assertEquals(404, answer.statusCode(), path + " -> " + answer.body());
            assertTrue(answer.body().startsWith("{\"code\":\"NOT_FOUND\""), path + " -> " + answer.body());
            assertTrue(!answer.body().contains("jvm_") && !answer.body().contains("\"paths\""), path + " leaks: " + answer.body());
        }
        assertEquals(200, Stack.get(Stack.stack().gatewayManagementUrl() + "/q/health/ready").statusCode());
        HttpResponse<String> metrics = Stack.get(Stack.stack().gatewayManagementUrl() + "/q/metrics");
        assertEquals(200, metrics.statusCode());
        assertTrue(metrics.body().contains("http_server_requests"), "the management port serves the metrics");
        assertEquals(200, Stack.get(Stack.stack().gatewayManagementUrl() + "/q/openapi").statusCode());
    }
}
