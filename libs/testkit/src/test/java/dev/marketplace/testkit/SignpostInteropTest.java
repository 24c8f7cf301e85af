package dev.marketplace.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.oauth.SignedRequest;

/** Our verifier accepts what an independent library signs, and only with the right secret. */
class SignpostInteropTest {
    private final SignpostSigner signer = new SignpostSigner("key-1", "s3cr3t/+=");

    @Test
    void headerSignature() {
        String url = "http://localhost:8080/api/account/v2/companies?name=A%20B&size=5";
        var parsed = SignedRequest.parse("GET", URI.create(url), signer.authorization("GET", url, null), null).orElseThrow();
        assertEquals("key-1", parsed.consumerKey());
        assertTrue(parsed.verify("s3cr3t/+=", ""));
        assertFalse(parsed.verify("other", ""));
    }

    @Test
    void formBodyParametersAreSigned() {
        String url = "http://localhost:8080/oauth2/token";
        String body = "grant_type=client_credentials&scope=ROLE_PARTNER";
        String header = signer.authorization("POST", url, body);
        assertTrue(SignedRequest.parse("POST", URI.create(url), header, body).orElseThrow().verify("s3cr3t/+=", ""));
        assertFalse(SignedRequest.parse("POST", URI.create(url), header, body + "x").orElseThrow().verify("s3cr3t/+=", ""));
    }

    @Test
    void queryStringSignature() {
        String signed = signer.signedUrl("GET", "https://marketplace.example/return?success=true&accountIdentifier=a1");
        assertTrue(SignedRequest.parse("GET", URI.create(signed), null, null).orElseThrow().verify("s3cr3t/+=", ""));
    }
}
