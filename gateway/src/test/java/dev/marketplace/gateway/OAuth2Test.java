package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.security.KeyPairGenerator;
import java.util.List;
import java.util.Set;

import org.jose4j.jwt.JwtClaims;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.oauth2.service.AccessTokenService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.smallrye.jwt.build.Jwt;

@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class OAuth2Test extends GatewayTest {
    private final ChannelConsumerService consumers;

    OAuth2Test(ChannelConsumerService consumers) {
        this.consumers = consumers;
    }

    @BeforeEach
    void consumer() {
        channelConsumer(consumers, "TOKENS", Roles.PARTNER, Roles.CHANNEL_ADMIN);
    }

    private static String token(String scope) {
        var request = given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS")).formParam("grant_type", "client_credentials");
        if (scope != null) {
            request.formParam("scope", scope);
        }
        return request.post("/oauth2/token").then().statusCode(200).header("Cache-Control", "no-store")
                .body("token_type", equalTo("bearer")).body("expires_in", greaterThan(0))
                .extract().path("access_token");
    }

    @Test
    void issuedTokenIsAcceptedWithinItsScope() throws Exception {
        given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS")).formParam("grant_type", "client_credentials")
                .formParam("scope", "ROLE_PARTNER").post("/oauth2/token")
                .then().statusCode(200).body("scope", equalTo("ROLE_PARTNER"));
        String token = token("ROLE_PARTNER");
        JsonPath echo = given().header("Authorization", "Bearer " + token).body("{}").contentType("application/json")
                .post("/api/account/v2/companies").then().statusCode(200).extract().jsonPath();
        JwtClaims claims = forwardedToken(echo);
        assertFalse(echo.getString("headers.authorization[0]").contains(token), "the access token is not forwarded");
        assertEquals("TOKENS", claims.getStringClaimValue("partner"));
        assertEquals(List.of(Roles.PARTNER), claims.getStringListClaimValue("groups"));
        assertEquals(keyOf("TOKENS"), claims.getSubject());
    }

    @Test
    void readOnlyScopeMayReadButNotWrite() throws Exception {
        String token = token("ROLE_PARTNER_READ");
        JsonPath echo = given().header("Authorization", "Bearer " + token).get("/api/account/v2/companies")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(Roles.PARTNER_READ), forwardedToken(echo).getStringListClaimValue("groups"));
        given().header("Authorization", "Bearer " + token).head("/api/account/v2/companies").then().statusCode(200);
        given().header("Authorization", "Bearer " + token).contentType("application/json").body("{}")
                .post("/api/account/v2/companies").then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", "Bearer " + token).delete("/api/account/v2/companies/x")
                .then().statusCode(403).body(errorBody(FORBIDDEN));
    }

    @Test
    void expiredForgedAndInternalTokensAreRefused() throws Exception {
        String version = credentialVersion(token("ROLE_PARTNER"));
        JwtClaimsBuilderHolder h = new JwtClaimsBuilderHolder(version);
        java.security.PrivateKey edge = GatewayTestResource.EDGE_KEYS.getPrivate();
        String expired = h.accessToken(edge, AccessTokenService.ISSUER, -10);
        String valid = h.accessToken(edge, AccessTokenService.ISSUER, 300);
        var generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        String forged = h.accessToken(generator.generateKeyPair().getPrivate(), AccessTokenService.ISSUER, 300);
        String internal = InternalTokens.bearer("TOKENS", Roles.PARTNER).substring("Bearer ".length());
        // one key per kind of token: the internal-token key (which every service holds the public half of, and which
        // signed access tokens before) cannot make an access token, nor can the edge key under the internal issuer
        String internalKey = h.accessToken(InternalTokens.keys().getPrivate(), AccessTokenService.ISSUER, 300);
        String internalKeyAndIssuer = h.accessToken(InternalTokens.keys().getPrivate(), InternalToken.ISSUER, 300);
        String internalIssuer = h.accessToken(edge, InternalToken.ISSUER, 300);
        String noVersion = new JwtClaimsBuilderHolder(null).accessToken(edge, AccessTokenService.ISSUER, 300);

        // the hand-made token is accepted when signed right and current: the refusals below are about what differs
        given().header("Authorization", "Bearer " + valid).get("/api/account/v2/companies").then().statusCode(200);
        for (String token : new String[] { expired, forged, internal, internalKey, internalKeyAndIssuer, internalIssuer, noVersion,
                "not-a-jwt", valid + "x" }) {
            given().header("Authorization", "Bearer " + token).get("/api/account/v2/companies")
                    .then().statusCode(403).body(errorBody(FORBIDDEN));
        }
    }

    /** The credential version an issued token names (read without verification: the test only copies it). */
    static String credentialVersion(String token) throws Exception {
        return new org.jose4j.jwt.consumer.JwtConsumerBuilder().setSkipAllValidators().setSkipSignatureVerification()
                .build().processToClaims(token).getStringClaimValue(AccessTokenService.CREDENTIAL_VERSION);
    }

    /** Mints access tokens the way the gateway does, to vary one property at a time. */
    static final class JwtClaimsBuilderHolder {
        private final String version;

        JwtClaimsBuilderHolder(String version) {
            this.version = version;
        }

        String accessToken(java.security.PrivateKey key, String issuer, long expiresInSeconds) {
            long now = System.currentTimeMillis() / 1000;
            var builder = Jwt.issuer(issuer).audience("marketplace-api").subject(keyOf("TOKENS"))
                    .claim("partner", "TOKENS").claim("ctype", "channel").claim("scope", "ROLE_PARTNER")
                    .issuedAt(now - 600).expiresAt(now + expiresInSeconds);
            if (version != null) {
                builder.claim(AccessTokenService.CREDENTIAL_VERSION, version);
            }
            return builder.jws().keyId("gateway").sign(key);
        }
    }

    @Test
    void theChannelCredentialsCannotBeReadOrRotatedWithABearerToken() {
        String token = token("ROLE_CHANNEL_ADMIN");
        String credentials = "/api/channel/v1/settings/oauth/credentials";
        given().header("Authorization", "Bearer " + token).get(credentials).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", "Bearer " + token).post(credentials + "/secret").then().statusCode(403)
                .body(errorBody(FORBIDDEN));
        // nothing changed: the secret still works, and so does the token
        given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS")).formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(200);
        given().header("Authorization", "Bearer " + token).get("/api/account/v2/companies").then().statusCode(200);
    }

    @Test
    void badClientCredentialsAre403AndBadGrantsOrScopesAre400() {
        given().auth().preemptive().basic(keyOf("TOKENS"), "wrong").formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(403).body(errorBody(FORBIDDEN));
        given().formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(403).body(errorBody(FORBIDDEN));
        given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS")).formParam("grant_type", "password")
                .post("/oauth2/token").then().statusCode(400).body("code", equalTo("unsupported_grant_type"))
                .body("message", equalTo("grant_type: only client_credentials is supported"));
        given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS")).formParam("scope", "ROLE_PARTNER")
                .post("/oauth2/token").then().statusCode(400).body("code", equalTo("invalid_request"));
        given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS")).formParam("grant_type", "client_credentials")
                .formParam("scope", "ROLE_SUPER_SUPPORT").post("/oauth2/token").then().statusCode(400)
                .body("code", equalTo("invalid_scope"));
    }

    @Test
    void defaultScopeIsTheClientsAuthorities() {
        String scope = given().auth().preemptive().basic(keyOf("TOKENS"), secretOf("TOKENS"))
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(200)
                .extract().path("scope");
        assertEquals(Set.of(Roles.PARTNER, Roles.CHANNEL_ADMIN), Set.of(scope.split(" ")));
    }
}
