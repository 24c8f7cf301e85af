package dev.marketplace.attack;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * Vendor event URLs pointing inside the operator's network (cloud metadata, private, link-local and unique-local
 * addresses, other schemes and ports): refused with 400 naming the field when saved, and the saved settings unchanged.
 * Loopback is allowed in the devstack by configuration (marketplace.outbound.allow-loopback: its vendors are local), so
 * it is not among the targets here; nor are ports (the devstack's vendors listen on any port) or names that only resolve
 * in a cloud (metadata.google.internal): OutboundUrlGuardTest (libs/common) covers those, and notification-service
 * checks the addresses again when it connects.
 */
class SsrfAttacksTest {

    @Test
    void eventUrlsIntoTheOperatorsNetworkAreRefusedWhenSaved() {
        Client acme = Stack.ACME.client();
        long product = Stack.createProduct(acme, "SSRF App").getLong("id");
        String integration = "/api/marketplace/v1/products/" + product + "/integration";
        String safe = "https://vendor.example/events?eventUrl={eventUrl}";
        acme.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", safe))).put(acme.url(integration)).then().statusCode(200);

        List<String> wrong = new ArrayList<>();
        for (String target : new String[] { "http://169.254.169.254/latest/meta-data/?eventUrl={eventUrl}",
                "http://[fd00:ec2::254]/latest/meta-data/?eventUrl={eventUrl}", "http://10.0.0.5/x?eventUrl={eventUrl}",
                "http://172.16.3.4/x?eventUrl={eventUrl}", "http://192.168.1.1/x?eventUrl={eventUrl}",
                "http://[fd12:3456::1]/x?eventUrl={eventUrl}", "http://[fe80::1]/x?eventUrl={eventUrl}",
                "http://0.0.0.0/x?eventUrl={eventUrl}", "http://[::ffff:169.254.169.254]/x?eventUrl={eventUrl}",
                "http://2852039166/x?eventUrl={eventUrl}",
                "ftp://vendor.example/x?eventUrl={eventUrl}", "gopher://vendor.example/x?eventUrl={eventUrl}",
                "file:///etc/passwd?eventUrl={eventUrl}" }) {
            Response r = acme.signed("PUT", integration).contentType(ContentType.JSON)
                    .body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", target))).put(acme.url(integration));
            if (r.statusCode() != 400 || !"INVALID_FIELD".equals(r.jsonPath().getString("code"))
                    || !r.jsonPath().getString("message").contains("eventUrls.SUBSCRIPTION_ORDER")) {
                wrong.add(target + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        assertEquals(List.of(), wrong);
        acme.signed("GET", integration).get(acme.url(integration)).then().statusCode(200)
                .body("eventUrls.SUBSCRIPTION_ORDER", equalTo(safe)).body("eventUrls.SUBSCRIPTION_ORDER", containsString("vendor"));
    }
}
