package dev.marketplace.common.oauth;

import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

import oauth.signpost.http.HttpRequest;

/** A minimal signpost request adapter, so tests sign with an independent OAuth library. */
final class SignpostRequest implements HttpRequest {
    private final String method;
    private String url;
    private final Map<String, String> headers = new HashMap<>();

    SignpostRequest(String method, String url) {
        this.method = method;
        this.url = url;
    }

    @Override public String getMethod() { return method; }
    @Override public String getRequestUrl() { return url; }
    @Override public void setRequestUrl(String url) { this.url = url; }
    @Override public void setHeader(String name, String value) { headers.put(name, value); }
    @Override public String getHeader(String name) { return headers.get(name); }
    @Override public Map<String, String> getAllHeaders() { return headers; }
    @Override public InputStream getMessagePayload() { return null; }
    @Override public String getContentType() { return headers.get("Content-Type"); }
    @Override public Object unwrap() { return this; }
}
