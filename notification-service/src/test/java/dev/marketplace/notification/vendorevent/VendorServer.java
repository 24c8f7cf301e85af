package dev.marketplace.notification.vendorevent;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import oauth.signpost.OAuth;
import oauth.signpost.basic.DefaultOAuthConsumer;
import oauth.signpost.http.HttpParameters;
import oauth.signpost.http.HttpRequest;

/**
 * A vendor's integration endpoint as a real HTTP server on loopback. It records every call (URL, Authorization
 * header, whether signpost — an OAuth library independent of ours — computes the same signature with the vendor's
 * secret) and answers what the test's {@code behaviour} says.
 */
public final class VendorServer implements AutoCloseable {
    /** {@code delivery}: the {@code X-Marketplace-Delivery} header (1, or more for a re-delivery). */
    public record Call(String url, String path, String eventUrl, String authorization, boolean signatureValid,
            String consumerKey, String delivery) {
    }

    public record Reply(int status, String body) {
        public static Reply json(int status, String body) {
            return new Reply(status, body);
        }
    }

    private final HttpServer server;
    private final String secret;
    private final List<Call> calls = new CopyOnWriteArrayList<>();
    private volatile Function<Call, Reply> behaviour;

    public VendorServer(String secret, Function<Call, Reply> behaviour) {
        this.secret = secret;
        this.behaviour = behaviour;
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", this::handle);
        server.setExecutor(java.util.concurrent.Executors.newFixedThreadPool(4));
        server.start();
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<Call> calls() {
        return calls;
    }

    public void behave(Function<Call, Reply> behaviour) {
        this.behaviour = behaviour;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String url = base() + exchange.getRequestURI().toString();
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        String query = exchange.getRequestURI().getRawQuery();
        String eventUrl = null;
        if (query != null) {
            for (String pair : query.split("&")) {
                if (pair.startsWith("eventUrl=")) {
                    eventUrl = URLDecoder.decode(pair.substring(9), StandardCharsets.UTF_8);
                }
            }
        }
        HttpParameters oauth = authorization == null ? new HttpParameters() : OAuth.oauthHeaderToParamsMap(authorization);
        String key = oauth.getFirst(OAuth.OAUTH_CONSUMER_KEY, true);
        boolean valid = authorization != null && verify(exchange.getRequestMethod(), url, oauth);
        Call call = new Call(url, exchange.getRequestURI().getPath(), eventUrl, authorization, valid, key,
                exchange.getRequestHeaders().getFirst("X-Marketplace-Delivery"));
        calls.add(call);
        Reply reply;
        try {
            reply = behaviour.apply(call);
        } catch (RuntimeException e) {
            reply = new Reply(500, "{\"error\":\"" + e.getMessage() + "\"}");
        }
        HttpStubs.sendJson(exchange, reply.status(), reply.body());
    }

    /** Signs the same request with signpost, using the received nonce and timestamp, and compares the signatures. */
    private boolean verify(String method, String url, HttpParameters received) {
        String nonce = received.getFirst(OAuth.OAUTH_NONCE, true);
        String timestamp = received.getFirst(OAuth.OAUTH_TIMESTAMP, true);
        String key = received.getFirst(OAuth.OAUTH_CONSUMER_KEY, true);
        String signature = received.getFirst(OAuth.OAUTH_SIGNATURE, true);
        if (nonce == null || timestamp == null || key == null || signature == null) {
            return false;
        }
        DefaultOAuthConsumer consumer = new DefaultOAuthConsumer(key, secret) {
            @Override
            protected String generateNonce() {
                return nonce;
            }

            @Override
            protected String generateTimestamp() {
                return timestamp;
            }
        };
        consumer.setSendEmptyTokens(false);
        Request request = new Request(method, url);
        try {
            consumer.sign(request);
        } catch (Exception e) {
            return false;
        }
        String expected = OAuth.oauthHeaderToParamsMap(request.headers.get("Authorization"))
                .getFirst(OAuth.OAUTH_SIGNATURE, true);
        return signature.equals(expected);
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private static final class Request implements HttpRequest {
        private final String method;
        private String url;
        private final Map<String, String> headers = new HashMap<>();

        Request(String method, String url) {
            this.method = method;
            this.url = url;
        }

        @Override public String getMethod() { return method; }
        @Override public String getRequestUrl() { return url; }
        @Override public void setRequestUrl(String url) { this.url = url; }
        @Override public void setHeader(String name, String value) { headers.put(name, value); }
        @Override public String getHeader(String name) { return headers.get(name); }
        @Override public Map<String, String> getAllHeaders() { return headers; }
        @Override public InputStream getMessagePayload() { return new ByteArrayInputStream(new byte[0]); }
        @Override public String getContentType() { return null; }
        @Override public Object unwrap() { return this; }
    }
}
