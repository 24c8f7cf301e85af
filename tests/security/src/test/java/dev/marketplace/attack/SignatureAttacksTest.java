package dev.marketplace.attack;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.testkit.SignpostSigner;
import io.restassured.http.ContentType;
import oauth.signpost.signature.PlainTextMessageSigner;

/**
 * OAuth 1.0 as an attacker meets it: replays, clocks out of the window, a request changed after it was signed (path,
 * query, form body, the signed header itself), signature-method downgrades, and a signature over a URL of the attacker's
 * choosing. Every refusal is the plain 403, and a refused write changes nothing.
 */
class SignatureAttacksTest {
    private static final String FORBIDDEN = "{\"code\":\"FORBIDDEN\",\"message\":\"Access is denied\"}";
    private static final String COMPANIES = "/api/account/v2/companies";
    private static Client acme;

    @BeforeAll
    static void stack() {
        acme = Stack.ACME.client();
    }

    /** How many companies of the caller's marketplace have this name (proof that a refused write created nothing). */
    private static int companiesNamed(String name) {
        String query = COMPANIES + "?name=" + name + "&size=50";
        return acme.signed("GET", query).get(acme.url(query)).then().statusCode(200).extract().jsonPath()
                .getList("content").size();
    }

    private static String header(String method, String pathAndQuery, String formBody, Long timestamp, String nonce,
            oauth.signpost.signature.OAuthMessageSigner signer) {
        return new SignpostSigner(acme.key(), acme.secret()).authorization(method, acme.url(pathAndQuery), formBody, timestamp,
                nonce, signer);
    }

    @Test
    void aReplayedRequestIsRefusedAndCreatesNothingTwice() {
        String name = "Replay-" + UUID.randomUUID();
        String authorization = acme.authorization("POST", COMPANIES);
        given().header("Authorization", authorization).contentType(ContentType.JSON).body(Stack.company(name))
                .post(acme.url(COMPANIES)).then().statusCode(201);
        given().header("Authorization", authorization).contentType(ContentType.JSON).body(Stack.company(name))
                .post(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        assertEquals(1, companiesNamed(name));
    }

    @Test
    void timestampsOutsideTheWindowAreRefused() {
        long now = System.currentTimeMillis() / 1000;
        for (long skew : new long[] { -400, 400, -86_400, 10L * 365 * 86_400 }) {
            given().header("Authorization", header("GET", COMPANIES, null, now + skew, null, null)).get(acme.url(COMPANIES))
                    .then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        // inside the window the same construction passes: the refusals above are about the clock
        given().header("Authorization", header("GET", COMPANIES, null, now - 200, null, null)).get(acme.url(COMPANIES))
                .then().statusCode(200);
    }

    @Test
    void aRequestChangedAfterSigningIsRefused() {
        String name = "Tamper-" + UUID.randomUUID();
        // path: signed for one company list, sent to another resource
        given().header("Authorization", acme.authorization("GET", COMPANIES)).get(acme.url("/api/account/v2/users"))
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // query: a value changed, a parameter added, one removed
        String signedQuery = COMPANIES + "?size=5";
        for (String sent : new String[] { COMPANIES + "?size=6", COMPANIES + "?size=5&page=1", COMPANIES }) {
            given().urlEncodingEnabled(false).header("Authorization", acme.authorization("GET", signedQuery))
                    .get(acme.url(sent)).then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        // a realm in the query is a parameter like any other: changing it breaks the signature
        String realm = COMPANIES + "?realm=a";
        String signedRealm = new OAuthSigner(acme.key(), acme.secret()).authorizationHeader("GET", URI.create(acme.url(realm)), null);
        given().urlEncodingEnabled(false).header("Authorization", signedRealm).get(acme.url(COMPANIES + "?realm=b"))
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // form body: its parameters are signed
        String form = "name=" + name;
        given().urlEncodingEnabled(false).header("Authorization", header("POST", COMPANIES, form, null, null, null))
                .contentType(ContentType.URLENC).body("name=Other-" + name).post(acme.url(COMPANIES))
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // the signed header itself: another consumer key, nonce or timestamp without a new signature
        String authorization = acme.authorization("POST", COMPANIES);
        for (String forged : new String[] { authorization.replace("oauth_consumer_key=\"" + acme.key(), "oauth_consumer_key=\"" + Stack.RIVAL.key()),
                authorization.replaceAll("oauth_nonce=\"[^\"]+\"", "oauth_nonce=\"forged" + UUID.randomUUID() + "\""),
                authorization.replaceAll("oauth_timestamp=\"[0-9]+\"", "oauth_timestamp=\"" + (System.currentTimeMillis() / 1000 + 1) + "\""),
                authorization.replaceAll("oauth_signature=\"[^\"]+\"", "oauth_signature=\"\"") }) {
            given().header("Authorization", forged).contentType(ContentType.JSON).body(Stack.company(name))
                    .post(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        assertEquals(0, companiesNamed(name));
    }

    @Test
    void signatureMethodDowngradesAndOtherProtocolsAreRefused() {
        // PLAINTEXT: the signature is the secret itself
        given().header("Authorization", header("GET", COMPANIES, null, null, null, new PlainTextMessageSigner()))
                .get(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        String valid = acme.authorization("GET", COMPANIES);
        for (String downgraded : new String[] { valid.replace("HMAC-SHA1", "PLAINTEXT"), valid.replace("HMAC-SHA1", "RSA-SHA1"),
                valid.replace("HMAC-SHA1", "HMAC-SHA256"), valid.replace("HMAC-SHA1", "none"),
                valid.replaceAll("oauth_signature_method=\"[^\"]+\",?", ""),
                valid.replace("oauth_version=\"1.0\"", "oauth_version=\"2.0\""),
                valid + ", oauth_token=\"some-user-token\"" }) {
            given().header("Authorization", downgraded).get(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        }
        // OAuth parameters in the header and the query at once are ambiguous
        String both = COMPANIES + "?oauth_consumer_key=" + acme.key();
        given().urlEncodingEnabled(false).header("Authorization", acme.authorization("GET", both)).get(acme.url(both))
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        // not OAuth at all
        for (String other : new String[] { "Basic " + java.util.Base64.getEncoder().encodeToString((acme.key() + ":" + acme.secret())
                .getBytes()), "Bearer not-a-token", "Digest username=\"x\"", "" }) {
            given().header("Authorization", other).get(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        }
    }

    @Test
    void theSignedUrlIsThePublicOneWhateverHostOrForwardingHeadersSay() {
        // signed for a host of the attacker's choosing, named by Host or by X-Forwarded-*/Forwarded: refused
        given().header("Host", "evil.example").header("Authorization", new SignpostSigner(acme.key(), acme.secret())
                .authorization("GET", "http://evil.example" + COMPANIES, null)).get(acme.url(COMPANIES))
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("X-Forwarded-Host", "evil.example").header("X-Forwarded-Proto", "https")
                .header("Forwarded", "host=evil.example;proto=https").header("Authorization", new SignpostSigner(acme.key(),
                        acme.secret()).authorization("GET", "https://evil.example" + COMPANIES, null))
                .get(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        // a Host that is not a host name changes nothing either: never a 500 (without configured origins it is a 403,
        // gateway ProxyTest)
        given().header("Host", "a_b").header("Authorization", acme.authorization("GET", COMPANIES)).get(acme.url(COMPANIES))
                .then().statusCode(200);
        given().header("Host", "a_b").get(acme.url(COMPANIES)).then().statusCode(403).body(errorBody(FORBIDDEN));
        // signed for the public URL, any Host: accepted (the Host header is not what was signed)
        given().header("Host", "evil.example").header("Authorization", acme.authorization("GET", COMPANIES))
                .get(acme.url(COMPANIES)).then().statusCode(200);
    }

    @Test
    void aBadRequestorIdIsA400OnlyAfterAValidSignature() {
        String bad = COMPANIES + "?xoauth_requestor_id=not-a-uuid";
        acme.signed("GET", bad).get(acme.url(bad)).then().statusCode(400).body("code", equalTo("INVALID_FIELD"));
        given().urlEncodingEnabled(false).get(acme.url(bad)).then().statusCode(403).body(errorBody(FORBIDDEN));
    }
}
