package dev.marketplace.billing.subscription;

import static dev.marketplace.billing.BillingFixtures.as;
import static dev.marketplace.billing.BillingFixtures.asPartner;
import static dev.marketplace.billing.BillingFixtures.newPartner;
import static dev.marketplace.billing.BillingFixtures.order;
import static dev.marketplace.billing.BillingFixtures.path;
import static dev.marketplace.billing.BillingFixtures.vendor;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.FakeCatalog;
import dev.marketplace.common.oauth.OAuth1;
import dev.marketplace.common.oauth.OAuthSigner;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;

/**
 * The vendor's signed redirect back to the marketplace completes an interactive order only when its OAuth 1.0
 * signature verifies with the product's vendor secret; anything else is a 403 and leaves the order untouched.
 */
@QuarkusTest
class InteractiveReturnTest {
    /** The public base URL the vendor signs against (marketplace.billing.base-url), not the test server's address. */
    private static final String BASE = "http://localhost:8080";

    private final String partner = newPartner();
    private final UUID company = UUID.randomUUID();
    private final UUID user = UUID.randomUUID();

    /** Orders an interactive product; returns the event token taken from the signed redirect URL. */
    private String[] interactiveOrder(FakeCatalog.Product product) {
        var created = asPartner(partner).body(order(product, 2)).post(path(company, user)).then().statusCode(201).extract();
        String redirect = created.path("redirectUrl");
        String eventUrl = OAuth1.parseForm(URI.create(redirect).getRawQuery()).stream()
                .filter(p -> p.name().equals("eventUrl")).findFirst().orElseThrow().value();
        String token = eventUrl.substring(eventUrl.lastIndexOf('/') + 1);
        return new String[] { created.path("id"), token };
    }

    private static String signed(FakeCatalog.Product product, String secret, String token, String query) {
        return signed(new OAuthSigner(product.consumerKey(), secret), token, query);
    }

    private static String signed(OAuthSigner signer, String token, String query) {
        URI uri = signer.signedUri("GET", URI.create(BASE + "/api/billing/v1/returns/" + token + "?" + query));
        return uri.getRawPath() + "?" + uri.getRawQuery();
    }

    private static ValidatableResponse get(String authorization, String pathAndQuery) {
        return as(authorization).urlEncodingEnabled(false).get(pathAndQuery).then();
    }

    private void assertPending(String id) {
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().statusCode(200)
                .body("status", equalTo("PENDING_REMOTE_CREATION")).body("accountIdentifier", nullValue());
    }

    @Test
    void onlyAVerifiedVendorSignatureCompletesTheOrder() {
        FakeCatalog.Product product = FakeCatalog.register(partner, true, true);
        FakeCatalog.Product other = FakeCatalog.register(partner, true, true);
        String[] order = interactiveOrder(product);
        String id = order[0];
        String token = order[1];
        String vendor = vendor(partner, product.id());
        String query = "success=true&accountIdentifier=acct-77";
        String good = signed(product, product.consumerSecret(), token, query);

        // unsigned, tampered, wrong secret, another product's key, stale timestamp: 403, nothing changes
        get(vendor, "/api/billing/v1/returns/" + token + "?" + query).statusCode(403).body("code", equalTo("FORBIDDEN"));
        get(vendor, good.replace("acct-77", "acct-78")).statusCode(403);
        get(vendor, good.replace("success=true", "success=false")).statusCode(403);
        get(vendor, signed(product, "not-the-secret", token, query)).statusCode(403);
        get(vendor, signed(new OAuthSigner(other.consumerKey(), other.consumerSecret()), token, query)).statusCode(403);
        Clock tenMinutesAgo = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(-10));
        get(vendor, signed(new OAuthSigner(product.consumerKey(), product.consumerSecret(), tenMinutesAgo), token, query))
                .statusCode(403);
        // a valid signature presented by anyone but that product's vendor
        get(vendor(partner, other.id()), good).statusCode(403);
        get(vendor(newPartner(), product.id()), good).statusCode(403);
        get(dev.marketplace.testkit.InternalTokens.bearer(partner, dev.marketplace.common.security.Roles.PARTNER), good)
                .statusCode(403);
        io.restassured.RestAssured.given().urlEncodingEnabled(false).get(good).then().statusCode(403);
        assertPending(id);

        // unknown or malformed token
        get(vendor, signed(product, product.consumerSecret(), "0".repeat(32), query)).statusCode(404);
        get(vendor, "/api/billing/v1/returns/nope?" + query).statusCode(404);
        // signed but without a result
        get(vendor, signed(product, product.consumerSecret(), token, "accountIdentifier=acct-77")).statusCode(400)
                .body("message", containsString("success"));
        assertPending(id);

        get(vendor, good).statusCode(200).body("id", equalTo(id)).body("status", equalTo("ACTIVE"))
                .body("accountIdentifier", equalTo("acct-77"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("status", equalTo("ACTIVE"))
                .body("accountIdentifier", equalTo("acct-77"));
        // the same return again (even freshly signed) finds nothing pending
        get(vendor, signed(product, product.consumerSecret(), token, "success=true&accountIdentifier=acct-99"))
                .statusCode(409).body("code", equalTo("INVALID_STATE"));
        asPartner(partner).get("/api/billing/v1/subscriptions/" + id).then().body("accountIdentifier", equalTo("acct-77"));
    }

    @Test
    void aSignedRefusalFailsTheOrderWithTheVendorsReason() {
        FakeCatalog.Product product = FakeCatalog.register(partner, true, true);
        String[] order = interactiveOrder(product);
        get(vendor(partner, product.id()), signed(product, product.consumerSecret(), order[1],
                "success=false&errorCode=MAX_USERS_REACHED&message=" + OAuth1.percentEncode("Seat limit reached")))
                .statusCode(200).body("status", equalTo("FAILED")).body("error.code", equalTo("MAX_USERS_REACHED"))
                .body("error.message", equalTo("Seat limit reached"));

        // a non-interactive order has no return URL
        FakeCatalog.Product plain = FakeCatalog.register(partner, false, true);
        asPartner(partner).body(order(plain, 1)).post(path(company, user)).then().statusCode(201);
        String token = dev.marketplace.billing.DomainEvents.await(e -> "SUBSCRIPTION_ORDER".equals(e.path("type").asText())
                && plain.id() == e.path("payload").path("productId").asLong(), Duration.ofSeconds(30))
                .path("payload").path("eventToken").asText();
        get(vendor(partner, plain.id()), signed(plain, plain.consumerSecret(), token, "success=true&accountIdentifier=x"))
                .statusCode(404);
    }
}
