package dev.marketplace.gateway.support;

import dev.marketplace.testkit.SignpostSigner;
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
        return new SignpostSigner(key, secret).authorization(method, url, formBody, timestamp, nonce, signer);
    }
}
