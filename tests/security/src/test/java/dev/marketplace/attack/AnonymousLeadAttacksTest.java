package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * The unsigned "contact us" lead, flooded from behind the ingress (Stack.ingressReplica): rotating the X-Forwarded-For
 * entries the client writes itself, or the addresses of one IPv6 /64, buys no new bucket (10 per address); and from
 * as many addresses as one likes, a marketplace takes 4 and the gateway 10 in all (the replica's small caps). The
 * leads name a product that does not exist, so that lead-service refuses each one the gateway lets through (400) and
 * no lead, nor any mail, is made.
 */
class AnonymousLeadAttacksTest {
    private static final String FORBIDDEN = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
    private static final String PATH = "/api/lead/v2/leads";
    private static int nextAddress = 100;

    private static Response lead(String forwardedFor, String partner) {
        String body = "{\"partner\":\"" + partner + "\",\"leadType\":\"PRODUCT\",\"product\":{\"id\":\"999999999\"},"
                + "\"customer\":{\"company\":{\"name\":\"Flood\"},\"contact\":{\"email\":\"flood@attack.example\"}}}";
        return given().header("X-Forwarded-For", forwardedFor).contentType(ContentType.JSON).body(body)
                .post(Stack.ingressReplica() + PATH);
    }

    /** Let through by the gateway: lead-service's own refusal of the product. */
    private static void passed(Response r) {
        r.then().statusCode(400).body("code", equalTo("INVALID_FIELD")).body("message", startsWith("product.id"));
    }

    private static void limited(Response r, String why) {
        r.then().statusCode(429).body("code", equalTo("RATE_LIMITED")).body("message", startsWith(why));
        assertTrue(Long.parseLong(r.header("Retry-After")) >= 1);
    }

    @Test
    void aClientCannotChooseItsBucketBehindTheIngress() {
        // the client writes the entries on the left; the ingress appends the address it was called from
        for (int i = 0; i < 10; i++) {
            lead("10.66.0." + i + ", 203.0.113.77", "NO-SUCH-MARKETPLACE").then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        limited(lead("10.66.0.200, 203.0.113.77", "NO-SUCH-MARKETPLACE"), "Too many leads from this address");
        // one IPv6 subscriber's /64 is one bucket
        for (int i = 1; i <= 10; i++) {
            lead("2001:db8:66:1::" + Integer.toHexString(i), "NO-SUCH-MARKETPLACE").then().statusCode(403);
        }
        limited(lead("2001:db8:66:1:dead:beef:0:1", "NO-SUCH-MARKETPLACE"), "Too many leads from this address");
    }

    @Test
    void fromAnyNumberOfAddressesAMarketplaceAndTheGatewayTakeOnlySoMany() {
        for (int i = 0; i < 4; i++) {
            passed(lead("198.51.100." + nextAddress++, Stack.ACME.partner()));
        }
        limited(lead("198.51.100." + nextAddress++, Stack.ACME.partner()), "Too many leads for this marketplace");
        // another marketplace still takes leads, up to the cap of all of them together (10)
        for (int i = 0; i < 4; i++) {
            passed(lead("198.51.100." + nextAddress++, Stack.RIVAL.partner()));
        }
        passed(lead("198.51.100." + nextAddress++, Stack.PLAIN.partner()));
        passed(lead("198.51.100." + nextAddress++, Stack.PLAIN.partner()));
        limited(lead("198.51.100." + nextAddress++, Stack.PLAIN.partner()), "Too many leads; retry");
    }
}
