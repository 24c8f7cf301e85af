package dev.marketplace.common.oauth;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The OAuth 1.0 view of an incoming request: its oauth_* protocol parameters (from the Authorization header or
 * the query string) and every parameter that takes part in the signature base string.
 */
public final class SignedRequest {
    private final String method;
    private final String normalizedUrl;
    private final List<OAuth1.Param> signedParams;
    private final Map<String, String> protocol;
    private final boolean inQuery;

    private SignedRequest(String method, String normalizedUrl, List<OAuth1.Param> signedParams, Map<String, String> protocol,
            boolean inQuery) {
        this.method = method;
        this.normalizedUrl = normalizedUrl;
        this.signedParams = signedParams;
        this.protocol = protocol;
        this.inQuery = inQuery;
    }

    /**
     * @param uri the absolute request URI as the client addressed it (scheme, host, port, path and raw query)
     * @param authorization the Authorization header, or null
     * @param formBody the raw application/x-www-form-urlencoded body, or null for any other body
     * @return empty when the request carries no OAuth parameters, or carries them ambiguously
     */
    public static Optional<SignedRequest> parse(String method, URI uri, String authorization, String formBody) {
        List<OAuth1.Param> params = new ArrayList<>(OAuth1.parseForm(uri.getRawQuery()));
        params.addAll(OAuth1.parseForm(formBody));
        Map<String, String> header = OAuth1.parseAuthorizationHeader(authorization);
        Map<String, String> protocol = new java.util.LinkedHashMap<>();
        boolean inQuery;
        if (header != null && header.containsKey(OAuth1.CONSUMER_KEY)) {
            // Protocol parameters must come from exactly one place (RFC 5849 §3.5).
            for (OAuth1.Param p : params) {
                if (p.name().startsWith("oauth_")) {
                    return Optional.empty();
                }
            }
            protocol.putAll(header);
            header.forEach((k, v) -> params.add(new OAuth1.Param(k, v)));
            inQuery = false;
        } else {
            for (OAuth1.Param p : params) {
                if (p.name().startsWith("oauth_")) {
                    if (protocol.put(p.name(), p.value()) != null) {
                        return Optional.empty();
                    }
                }
            }
            if (!protocol.containsKey(OAuth1.CONSUMER_KEY)) {
                return Optional.empty();
            }
            inQuery = true;
        }
        return Optional.of(new SignedRequest(method, OAuth1.normalizeUrl(uri), params, protocol, inQuery));
    }

    public String consumerKey() {
        return protocol.get(OAuth1.CONSUMER_KEY);
    }

    public String nonce() {
        return protocol.get(OAuth1.NONCE);
    }

    public String signature() {
        return protocol.get(OAuth1.SIGNATURE);
    }

    public String signatureMethod() {
        return protocol.get(OAuth1.SIGNATURE_METHOD);
    }

    public String version() {
        return protocol.get(OAuth1.OAUTH_VERSION);
    }

    public String token() {
        return protocol.get(OAuth1.TOKEN);
    }

    /** Epoch seconds, or -1 when absent or not a number. */
    public long timestamp() {
        try {
            return Long.parseLong(protocol.get(OAuth1.TIMESTAMP));
        } catch (NumberFormatException | NullPointerException e) {
            return -1;
        }
    }

    public boolean signedInQuery() {
        return inQuery;
    }

    /** A non-oauth parameter's first value (for example xoauth_requestor_id). */
    public Optional<String> parameter(String name) {
        for (OAuth1.Param p : signedParams) {
            if (p.name().equals(name)) {
                return Optional.of(p.value());
            }
        }
        return Optional.empty();
    }

    public String baseString() {
        return OAuth1.baseString(method, normalizedUrl, signedParams);
    }

    /** True when the claimed signature is the HMAC-SHA1 of the base string under the given secrets. */
    public boolean verify(String consumerSecret, String tokenSecret) {
        if (!OAuth1.HMAC_SHA1.equals(signatureMethod())) {
            return false;
        }
        if (version() != null && !OAuth1.VERSION.equals(version())) {
            return false;
        }
        return OAuth1.signaturesMatch(OAuth1.sign(baseString(), consumerSecret, tokenSecret), signature());
    }
}
