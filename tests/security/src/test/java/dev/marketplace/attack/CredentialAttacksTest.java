package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * A thief with a leaked secret or token, after the owner rotates: the old secret, every token issued with it, and the
 * vendor's token after catalog rotates the vendor secret, all stop working at once; a token can neither read nor rotate
 * the secret; a token of one kind is not accepted as another.
 */
class CredentialAttacksTest {
    private static final String FORBIDDEN = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
    private static final String CREDENTIALS = "/api/channel/v1/settings/oauth/credentials";
    private static final String USERS = "/api/account/v2/users";

    @Test
    void aRotationLocksOutTheOldSecretAndEveryTokenIssuedWithIt() {
        Stack.Tenant tenant = Stack.freshTenant("ROTATOR", "ROLE_PARTNER", "ROLE_CHANNEL_ADMIN");
        Client owner = tenant.client();
        String stolen = owner.token(null);
        owner.bearer(stolen).get(owner.url(USERS)).then().statusCode(200);
        // the token cannot learn the secret, nor rotate it to one the thief would then know
        owner.bearer(stolen).get(owner.url(CREDENTIALS)).then().statusCode(403).body(errorBody(FORBIDDEN));
        owner.bearer(stolen).post(owner.url(CREDENTIALS + "/secret")).then().statusCode(403).body(errorBody(FORBIDDEN));

        String newSecret = owner.signed("POST", CREDENTIALS + "/secret").post(owner.url(CREDENTIALS + "/secret"))
                .then().statusCode(200).extract().path("consumerSecret");
        owner.bearer(stolen).get(owner.url(USERS)).then().statusCode(403).body(errorBody(FORBIDDEN));
        owner.signed("GET", USERS).get(owner.url(USERS)).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().auth().preemptive().basic(tenant.key(), tenant.secret()).formParam("grant_type", "client_credentials")
                .post(owner.url("/oauth2/token")).then().statusCode(403).body(errorBody(FORBIDDEN));

        Client renewed = new Client(Stack.stack().gatewayUrl(), tenant.key(), newSecret);
        renewed.signed("GET", CREDENTIALS).get(renewed.url(CREDENTIALS)).then().statusCode(200)
                .body("consumerSecret", equalTo(newSecret));
        renewed.bearer(renewed.token(null)).get(renewed.url(USERS)).then().statusCode(200);
    }

    @Test
    void catalogsRotationOfAVendorSecretLocksOutTheVendorsTokens() {
        Client acme = Stack.ACME.client();
        JsonPath product = Stack.createProduct(acme, "Rotated App");
        long id = product.getLong("id");
        Client vendor = new Client(Stack.stack().gatewayUrl(), product.getString("integration.consumerKey"),
                product.getString("integration.consumerSecret"));
        String token = vendor.token(null);
        String usage = "/api/integration/v1/events/" + "0".repeat(32);
        int before = vendor.bearer(token).get(vendor.url(usage)).statusCode();
        org.junit.jupiter.api.Assertions.assertNotEquals(403, before, "the vendor's token works before the rotation");

        String rotate = "/api/marketplace/v1/products/" + id + "/integration/secret";
        acme.signed("POST", rotate).post(acme.url(rotate)).then().statusCode(200);
        vendor.bearer(token).get(vendor.url(usage)).then().statusCode(403).body(errorBody(FORBIDDEN));
        vendor.signed("GET", usage).get(vendor.url(usage)).then().statusCode(403).body(errorBody(FORBIDDEN));
    }

    @Test
    void tokensOfOneKindAreNotAcceptedAsAnother() throws Exception {
        Client acme = Stack.ACME.client();
        // an internal token (what the services trust), presented at the edge
        String internal = Stack.stack().internalBearer(Stack.ACME.partner(), "ROLE_PARTNER", "ROLE_CHANNEL_ADMIN")
                .substring("Bearer ".length());
        acme.bearer(internal).get(acme.url(USERS)).then().statusCode(403).body(errorBody(FORBIDDEN));
        // an access token presented straight to a service
        String access = acme.token("ROLE_PARTNER");
        given().header("Authorization", "Bearer " + access).get(Stack.stack().serviceUrl("account-service") + USERS)
                .then().statusCode(403);
        // an access token signed with the internal-token key
        String forged = io.smallrye.jwt.build.Jwt.issuer("marketplace-gateway-edge").audience("marketplace-api")
                .subject(Stack.ACME.key()).claim("partner", Stack.ACME.partner()).claim("ctype", "channel")
                .claim("scope", "ROLE_PARTNER").expiresIn(300).jws().keyId("gateway")
                .sign(io.smallrye.jwt.util.KeyUtils.decodePrivateKey(Stack.stack().signingKeyPem("internal-token")));
        acme.bearer(forged).get(acme.url(USERS)).then().statusCode(403).body(errorBody(FORBIDDEN));
    }
}
