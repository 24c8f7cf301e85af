package dev.marketplace.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;

/**
 * GET /openapi: one document of the public API, without authentication, combined from the services' own documents
 * (two stand-ins here that both define a schema "Error", differently) and a source that is down; only what the
 * gateway serves publicly, with the gateway's security schemes; and Swagger UI on the public port, pointed at it.
 */
@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(GatewayTestResource.class)
@QuarkusTestResource(CombinedOpenApiTest.Documents.class)
class CombinedOpenApiTest extends GatewayTest {

    @Test
    void theServicesDocumentsAreServedAsOneWithoutAuthentication() {
        given().get(url("/openapi")).then().statusCode(200)
                .body("info.title", equalTo("Marketplace API"))
                .body("servers[0].url", equalTo("https://api.example.com"))
                // every service's paths, their own /q/* left out
                .body("paths", hasKey("/api/account/v2/companies"))
                .body("paths", hasKey("/api/billing/v1/subscriptions/{id}"))
                .body("paths", not(hasKey("/q/health")))
                // the same schema name with different content: the second one is renamed, and its references follow
                .body("components.schemas.Error.properties", hasKey("code"))
                .body("components.schemas.BillingError.properties", hasKey("reason"))
                .body("paths.'/api/billing/v1/subscriptions/{id}'.get.responses.'404'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/BillingError"))
                .body("paths.'/api/account/v2/companies'.get.responses.'400'.content.'application/json'.schema.'$ref'",
                        equalTo("#/components/schemas/Error"))
                // identical schemas are kept once, under their name
                .body("components.schemas.Money", not(nullValue()))
                .body("components.schemas", not(hasKey("BillingMoney")))
                // a source that cannot be read is named, not fatal
                .body("'x-unavailable'", hasItem("lead"));
    }

    @Test
    void theDocumentListsOnlyPublicPathsAndTheGatewaysSecuritySchemes() {
        given().get(url("/openapi")).then().statusCode(200)
                // the gateway never routes /internal/, and never answers 401 (every auth failure is a 403)
                .body("paths", not(hasKey("/internal/v1/companies")))
                .body("paths.'/api/account/v2/companies'.get.responses", not(hasKey("401")))
                // the services' URL-less openIdConnect scheme (their internal token) is replaced by what clients use
                .body("components.securitySchemes", not(hasKey("SecurityScheme")))
                .body("paths.'/api/account/v2/companies'.get", not(hasKey("security")))
                .body("components.securitySchemes.oauth1.type", equalTo("apiKey"))
                .body("components.securitySchemes.oauth1.in", equalTo("header"))
                .body("components.securitySchemes.oauth1.name", equalTo("Authorization"))
                .body("components.securitySchemes.oauth1.description", containsString("HMAC-SHA1"))
                .body("components.securitySchemes.oauth2.type", equalTo("oauth2"))
                .body("components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl", equalTo("/oauth2/token"))
                .body("security.collect { it.keySet() }.flatten()", hasItems("oauth1", "oauth2"));
    }

    @Test
    void swaggerUiIsServedOnThePublicPortForTheCombinedDocument() {
        given().redirects().follow(false).get(url("/swagger-ui")).then().statusCode(302)
                .header("Location", endsWith("/swagger-ui/"));
        given().get(url("/swagger-ui/")).then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("/openapi-ui/swagger-ui-bundle.js"))
                .body(containsString("/swagger-ui/swagger-initializer.js"));
        given().get(url("/swagger-ui/swagger-initializer.js")).then().statusCode(200)
                .body(containsString("url: \"/openapi\""));
        given().get(url("/openapi-ui/swagger-ui-bundle.js")).then().statusCode(200)
                .body(containsString("SwaggerUIBundle"));
        given().get(url("/openapi-ui/swagger-ui.css")).then().statusCode(200);
    }

    /** Two services' OpenAPI documents on a local HTTP server, and a source nobody answers. */
    public static class Documents implements QuarkusTestResourceLifecycleManager {
        private HttpServer server;

        @Override
        public Map<String, String> start() {
            try {
                server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            serve("/account/q/openapi", """
                    {"openapi":"3.0.3","info":{"title":"Account API","version":"1"},
                     "paths":{"/api/account/v2/companies":{"get":{"responses":{"400":{"content":{"application/json":
                       {"schema":{"$ref":"#/components/schemas/Error"}}}},"401":{"description":"Not Authorized"}},
                       "security":[{"SecurityScheme":[]}]}},"/q/health":{"get":{}},
                       "/internal/v1/companies":{"post":{"responses":{"201":{"description":"Created"}}}}},
                     "components":{"schemas":{"Error":{"type":"object","properties":{"code":{"type":"string"}}},
                       "Money":{"type":"object","properties":{"amount":{"type":"number"}}}},
                       "securitySchemes":{"SecurityScheme":{"type":"openIdConnect","description":"Authentication"}}}}
                    """);
            serve("/billing/q/openapi", """
                    {"openapi":"3.0.3","info":{"title":"Billing API","version":"1"},
                     "paths":{"/api/billing/v1/subscriptions/{id}":{"get":{"responses":{"404":{"content":{"application/json":
                       {"schema":{"$ref":"#/components/schemas/Error"}}}}}}}},
                     "components":{"schemas":{"Error":{"type":"object","properties":{"reason":{"type":"string"}}},
                       "Money":{"type":"object","properties":{"amount":{"type":"number"}}}}}}
                    """);
            server.start();
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            Map<String, String> config = new HashMap<>();
            config.put("marketplace.openapi.sources", "account=" + base + "/account/q/openapi,billing=" + base
                    + "/billing/q/openapi,lead=" + base + "/missing/q/openapi");
            config.put("marketplace.openapi.public-base-url", "https://api.example.com");
            return config;
        }

        private void serve(String path, String json) {
            server.createContext(path, exchange -> {
                byte[] body = json.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
        }

        @Override
        public void stop() {
            if (server != null) {
                server.stop(0);
            }
        }
    }
}
