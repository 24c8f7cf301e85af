package dev.marketplace.testkit;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.HashMap;
import java.util.Map;

import oauth.signpost.OAuth;
import oauth.signpost.OAuthConsumer;
import oauth.signpost.basic.DefaultOAuthConsumer;
import oauth.signpost.exception.OAuthException;
import oauth.signpost.http.HttpParameters;
import oauth.signpost.http.HttpRequest;
import oauth.signpost.signature.OAuthMessageSigner;
import oauth.signpost.signature.QueryStringSigningStrategy;

/**
 * Signs requests with signpost, an OAuth 1.0 library independent of ours, so a mistake mirrored in our signer and
 * verifier cannot make a test pass.
 */
public final class SignpostSigner {
    private static final SecureRandom NONCES = new SecureRandom();
    private final String key;
    private final String secret;

    public SignpostSigner(String key, String secret) {
        this.key = key;
        this.secret = secret;
    }

    /** The {@code Authorization} header for {@code method url}; {@code formBody} is a form-encoded body or null. */
    public String authorization(String method, String url, String formBody) {
        Request request = new Request(method, url, formBody);
        sign(consumer(), request);
        return request.headers.get("Authorization");
    }

    /**
     * As {@link #authorization(String, String, String)}, with the timestamp, nonce and signature method chosen by the
     * caller (null = signpost's own): for requests a verifier must refuse.
     */
    public String authorization(String method, String url, String formBody, Long timestamp, String nonce,
            OAuthMessageSigner signer) {
        OAuthConsumer consumer = consumer();
        if (signer != null) {
            consumer.setMessageSigner(signer);
        }
        HttpParameters extra = new HttpParameters();
        if (timestamp != null) {
            extra.put(OAuth.OAUTH_TIMESTAMP, Long.toString(timestamp));
        }
        if (nonce != null) {
            extra.put(OAuth.OAUTH_NONCE, nonce);
        }
        consumer.setAdditionalParameters(extra);
        Request request = new Request(method, url, formBody);
        sign(consumer, request);
        return request.headers.get("Authorization");
    }

    /** {@code url} with the {@code oauth_*} parameters added to its query string. */
    public String signedUrl(String method, String url) {
        OAuthConsumer consumer = consumer();
        consumer.setSigningStrategy(new QueryStringSigningStrategy());
        Request request = new Request(method, url, null);
        sign(consumer, request);
        return request.url;
    }

    /**
     * A consumer for one signature, whose nonces come from one SecureRandom: signpost seeds each consumer's nonces with
     * {@code new Random(System.nanoTime())}, so two consumers made in the same nanosecond (threads signing at once)
     * send the same nonce, which the gateway rightly refuses as a replay.
     */
    private OAuthConsumer consumer() {
        OAuthConsumer consumer = new DefaultOAuthConsumer(key, secret) {
            @Override
            protected String generateNonce() {
                return Long.toUnsignedString(NONCES.nextLong(), 36) + Long.toUnsignedString(NONCES.nextLong(), 36);
            }
        };
        consumer.setSendEmptyTokens(false);
        return consumer;
    }

    private static void sign(OAuthConsumer consumer, Request request) {
        try {
            consumer.sign(request);
        } catch (OAuthException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final class Request implements HttpRequest {
        private final String method;
        private final byte[] body;
        private String url;
        private final Map<String, String> headers = new HashMap<>();

        Request(String method, String url, String formBody) {
            this.method = method;
            this.url = url;
            this.body = formBody == null ? null : formBody.getBytes(StandardCharsets.UTF_8);
            if (formBody != null) {
                headers.put("Content-Type", "application/x-www-form-urlencoded");
            }
        }

        @Override public String getMethod() { return method; }
        @Override public String getRequestUrl() { return url; }
        @Override public void setRequestUrl(String url) { this.url = url; }
        @Override public void setHeader(String name, String value) { headers.put(name, value); }
        @Override public String getHeader(String name) { return headers.get(name); }
        @Override public Map<String, String> getAllHeaders() { return headers; }
        @Override public InputStream getMessagePayload() { return body == null ? null : new ByteArrayInputStream(body); }
        @Override public String getContentType() { return headers.get("Content-Type"); }
        @Override public Object unwrap() { return this; }
    }
}
