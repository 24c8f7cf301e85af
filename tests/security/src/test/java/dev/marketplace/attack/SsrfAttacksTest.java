package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.withoutRequestId;
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

    /**
     * The metadata address (and 10.0.0.1) inside IPv6 addresses that carry an IPv4 one: NAT64 (well-known and
     * local-use), 6to4 and Teredo (client and server). Each is refused exactly as the dotted form is.
     */
    @Test
    void ipv6AddressesCarryingAnInternalIpv4AddressAreRefusedLikeTheDottedForm() {
        Client acme = Stack.ACME.client();
        long product = Stack.createProduct(acme, "SSRF Tunnel App").getLong("id");
        String integration = "/api/marketplace/v1/products/" + product + "/integration";
        String safe = "https://vendor.example/events?eventUrl={eventUrl}";
        acme.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", safe))).put(acme.url(integration)).then().statusCode(200);

        Response dotted = saveEventUrl(acme, integration, "http://169.254.169.254/latest/meta-data/?eventUrl={eventUrl}");
        assertEquals(400, dotted.statusCode(), dotted.asString());
        List<String> wrong = new ArrayList<>();
        for (String host : new String[] { "[64:ff9b::a9fe:a9fe]", "[64:ff9b:1::a9fe:a9fe]", "[64:ff9b:1:a9fe:a9:fe00::]",
                "[2002:a9fe:a9fe::1]", "[2001:0:4136:e378:8000:63bf:5601:5601]", "[2001:0:a9fe:a9fe:8000:63bf:f7f7:f7f7]",
                "[2001:0:4136:e378:8000:63bf:f5ff:fffe]" }) {
            Response r = saveEventUrl(acme, integration, "http://" + host + "/latest/meta-data/?eventUrl={eventUrl}");
            if (r.statusCode() != dotted.statusCode() || !withoutRequestId(r.asString()).equals(withoutRequestId(dotted.asString()))) {
                wrong.add(host + " -> " + r.statusCode() + " " + r.asString());
            }
        }
        assertEquals(List.of(), wrong, "the dotted form answers " + dotted.asString());
        acme.signed("GET", integration).get(acme.url(integration)).then().statusCode(200)
                .body("eventUrls.SUBSCRIPTION_ORDER", equalTo(safe));
    }

    private static Response saveEventUrl(Client client, String integration, String url) {
        return client.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("eventUrls", Map.of("SUBSCRIPTION_ORDER", url))).put(client.url(integration));
    }
}
