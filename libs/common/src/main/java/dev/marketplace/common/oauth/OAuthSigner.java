package dev.marketplace.common.oauth;

import java.net.URI;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Signs outgoing requests two-legged (consumer key and secret, no token) with HMAC-SHA1: either as an
 * {@code Authorization: OAuth ...} header (server-to-server calls) or as oauth_* query parameters (browser redirects).
 */
public final class OAuthSigner {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String consumerKey;
    private final String consumerSecret;
    private final Clock clock;

    public OAuthSigner(String consumerKey, String consumerSecret) {
        this(consumerKey, consumerSecret, Clock.systemUTC());
    }

    public OAuthSigner(String consumerKey, String consumerSecret, Clock clock) {
        this.consumerKey = consumerKey;
        this.consumerSecret = consumerSecret;
        this.clock = clock;
    }

    /** The protocol parameters, signature included, for a request; formBody may be null. */
    public Map<String, String> sign(String method, URI uri, String formBody, String nonce, long timestamp) {
        Map<String, String> protocol = new TreeMap<>();
        protocol.put(OAuth1.CONSUMER_KEY, consumerKey);
        protocol.put(OAuth1.NONCE, nonce);
        protocol.put(OAuth1.SIGNATURE_METHOD, OAuth1.HMAC_SHA1);
        protocol.put(OAuth1.TIMESTAMP, Long.toString(timestamp));
        protocol.put(OAuth1.OAUTH_VERSION, OAuth1.VERSION);
        List<OAuth1.Param> params = new ArrayList<>(OAuth1.parseForm(uri.getRawQuery()));
        params.addAll(OAuth1.parseForm(formBody));
        protocol.forEach((k, v) -> params.add(new OAuth1.Param(k, v)));
        String base = OAuth1.baseString(method, OAuth1.normalizeUrl(uri), params);
        protocol.put(OAuth1.SIGNATURE, OAuth1.sign(base, consumerSecret, ""));
        return protocol;
    }

    /** The Authorization header value for a request signed now. */
    public String authorizationHeader(String method, URI uri, String formBody) {
        return header(sign(method, uri, formBody, newNonce(), clock.millis() / 1000));
    }

    /** The URI with oauth_* parameters appended to its query string, signed now. */
    public URI signedUri(String method, URI uri) {
        Map<String, String> protocol = sign(method, uri, null, newNonce(), clock.millis() / 1000);
        String added = protocol.entrySet().stream()
                .map(e -> OAuth1.percentEncode(e.getKey()) + "=" + OAuth1.percentEncode(e.getValue()))
                .collect(Collectors.joining("&"));
        String s = uri.toString();
        int hash = s.indexOf('#');
        String fragment = hash < 0 ? "" : s.substring(hash);
        String head = hash < 0 ? s : s.substring(0, hash);
        return URI.create(head + (uri.getRawQuery() == null ? "?" : "&") + added + fragment);
    }

    public static String header(Map<String, String> protocol) {
        return "OAuth realm=\"\", " + protocol.entrySet().stream()
                .map(e -> OAuth1.percentEncode(e.getKey()) + "=\"" + OAuth1.percentEncode(e.getValue()) + "\"")
                .collect(Collectors.joining(", "));
    }

    public static String newNonce() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
