package dev.marketplace.gateway.support;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import oauth.signpost.OAuth;
import oauth.signpost.basic.DefaultOAuthConsumer;
import oauth.signpost.exception.OAuthException;
import oauth.signpost.http.HttpParameters;
import oauth.signpost.http.HttpRequest;
import oauth.signpost.signature.OAuthMessageSigner;

/**
 * Signpost (independent OAuth 1.0 library) with control over what the testkit signer decides itself: the timestamp,
 * the nonce and the signature method. Used to build requests the gateway must refuse.
 */
public final class Signing {
    private Signing() {
    }

    /** The Authorization header for a request signed with the given timestamp, nonce and signer (null = defaults). */
    public static String authorization(String key, String secret, String method, String url, String formBody, Long timestamp,
            String nonce, OAuthMessageSigner signer) {
        DefaultOAuthConsumer consumer = new DefaultOAuthConsumer(key, secret);
        consumer.setSendEmptyTokens(false);
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
        try {
            consumer.sign(request);
        } catch (OAuthException e) {
            throw new IllegalStateException(e);
        }
        return request.headers.get("Authorization");
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
