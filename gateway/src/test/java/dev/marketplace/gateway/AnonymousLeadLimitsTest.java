package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * The unsigned lead behind an ingress, configured with the variables the Kubernetes manifests set (the test client is
 * the ingress: 127.0.0.1 is a trusted proxy): the client is the rightmost hop of X-Forwarded-For that is no trusted
 * proxy, never the leftmost (which the client writes); an IPv6 client is counted by its /64; and whatever the
 * addresses, a marketplace and the gateway as a whole take only so many. Small limits: 3 per address, 4 per
 * marketplace, 10 in all, none refilled during the test (the tests share the buckets, hence the order).
 */
@QuarkusTest
@TestProfile(AnonymousLeadLimitsTest.BehindAnIngress.class)
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AnonymousLeadLimitsTest extends GatewayTest {
    private static final String PATH = "/api/lead/v2/leads";
    private static int nextAddress = 10;
    private final ChannelConsumerService consumers;

    public static class BehindAnIngress implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.ofEntries(
                    // as deploy/kubernetes had them: Quarkus' forwarding on, and the ingress' ranges
                    Map.entry("MARKETPLACE_GATEWAY_TRUST_FORWARDED", "true"),
                    Map.entry("MARKETPLACE_GATEWAY_TRUSTED_PROXIES", "127.0.0.1/32,::1/128"),
                    Map.entry("marketplace.gateway.anonymous-leads.capacity", "3"),
                    Map.entry("marketplace.gateway.anonymous-leads.refill-tokens", "1"),
                    Map.entry("marketplace.gateway.anonymous-leads.refill-period", "1h"),
                    // the caps by their environment variables, as an operator sets them
                    Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_PER_MARKETPLACE_CAPACITY", "4"),
                    Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_PER_MARKETPLACE_REFILL_TOKENS", "1"),
                    Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_PER_MARKETPLACE_REFILL_PERIOD", "1h"),
                    Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_GLOBAL_CAPACITY", "10"),
                    Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_GLOBAL_REFILL_TOKENS", "1"),
                    Map.entry("MARKETPLACE_GATEWAY_ANONYMOUS_LEADS_GLOBAL_REFILL_PERIOD", "1h"));
        }
    }

    AnonymousLeadLimitsTest(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    private static String lead(String partner) {
        return "{\"partner\":\"" + partner + "\",\"leadType\":\"PRODUCT\",\"customer\":{\"company\":{\"name\":\"Acme\"},"
                + "\"contact\":{\"email\":\"john@acme.example\"}},\"product\":{\"id\":\"7\"}}";
    }

    /** A lead as the ingress passes it on: {@code forwardedFor} is the X-Forwarded-For it sends. */
    private static Response viaIngress(String forwardedFor, String partner) {
        return given().header("X-Forwarded-For", forwardedFor).contentType(ContentType.JSON).body(lead(partner)).post(PATH);
    }

    /** A client of an address of its own, as the ingress appends it. */
    private static Response fromAFreshAddress(String partner) {
        return viaIngress("198.51.100." + nextAddress++, partner);
    }

    private static void assertLimited(Response refused, String why) {
        refused.then().statusCode(429).body("code", equalTo("RATE_LIMITED")).body("message", startsWith(why));
        assertEquals(true, Long.parseLong(refused.header("Retry-After")) >= 1, refused.header("Retry-After"));
    }

    @Test
    @Order(1)
    void theLeftmostForwardedEntryDoesNotChooseTheBucket() {
        // every attempt counts, even one naming no partner: the limit is taken before the body is read
        for (int i = 0; i < 3; i++) {
            viaIngress("10.66.0." + i + ", 203.0.113.7", "NO-SUCH-PARTNER").then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        assertLimited(viaIngress("10.66.0.99, 203.0.113.7", "NO-SUCH-PARTNER"), "Too many leads from this address");
        assertLimited(viaIngress("203.0.113.7", "NO-SUCH-PARTNER"), "Too many leads from this address");
        // another client behind the same ingress has a bucket of its own
        viaIngress("203.0.113.7, 203.0.113.8", "NO-SUCH-PARTNER").then().statusCode(403);
    }

    @Test
    @Order(2)
    void anIpv6ClientIsCountedByItsSlash64() {
        for (int i = 1; i <= 3; i++) {
            viaIngress("2001:db8:77:1::" + i, "NO-SUCH-PARTNER").then().statusCode(403);
        }
        assertLimited(viaIngress("2001:db8:77:1:ffff:ffff:ffff:ffff", "NO-SUCH-PARTNER"), "Too many leads from this address");
        viaIngress("2001:db8:77:2::1", "NO-SUCH-PARTNER").then().statusCode(403);
    }

    @Test
    @Order(3)
    void aMarketplaceTakesOnlySoManyWhateverTheAddresses() {
        channelConsumer(consumers, "CAPPED1", Roles.PARTNER);
        channelConsumer(consumers, "CAPPED2", Roles.PARTNER);
        // the service is told the client the ingress saw, not what the client wrote
        List<String> told = viaIngress("1.1.1.1, 198.51.100.9", "CAPPED1").then().statusCode(200).extract().jsonPath()
                .getList("headers.x-forwarded-for");
        assertEquals(List.of("198.51.100.9"), told);
        for (int i = 1; i < 4; i++) {
            fromAFreshAddress("CAPPED1").then().statusCode(200);
        }
        assertLimited(fromAFreshAddress("CAPPED1"), "Too many leads for this marketplace");
        fromAFreshAddress("CAPPED2").then().statusCode(200);
    }

    @Test
    @Order(4)
    void theGatewayTakesOnlySoManyInAll() {
        // so far 5 of 10: CAPPED1's 4 and CAPPED2's first (CAPPED1's refused one took nothing of the global cap)
        for (int i = 0; i < 3; i++) {
            fromAFreshAddress("CAPPED2").then().statusCode(200);
        }
        channelConsumer(consumers, "CAPPED3", Roles.PARTNER);
        channelConsumer(consumers, "CAPPED4", Roles.PARTNER);
        fromAFreshAddress("CAPPED3").then().statusCode(200);
        fromAFreshAddress("CAPPED3").then().statusCode(200);
        assertLimited(fromAFreshAddress("CAPPED3"), "Too many leads");
        assertLimited(fromAFreshAddress("CAPPED4"), "Too many leads;");
    }
}
