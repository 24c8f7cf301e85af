package dev.marketplace.bench;

import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.marketplace.common.oauth.OAuthSigner;

/**
 * OAuth 1.0 headers for one URI, each with its own nonce and timestamp, signed before a measured phase starts: the
 * gateway still verifies a fresh signature and nonce per request, but the load generator's own HMAC work (a
 * client's cost, on the client's machine in real use) no longer competes for the two shared cores while the path is
 * measured, as the direct path's token is minted once. A phase that outruns the supply signs on the spot, and says
 * how often.
 */
final class Presigned {
    private final OAuthSigner signer;
    private final URI uri;
    private String[] headers = new String[0];
    private final AtomicInteger taken = new AtomicInteger();
    private final AtomicLong late = new AtomicLong();

    Presigned(OAuthSigner signer, URI uri) {
        this.signer = signer;
        this.uri = uri;
    }

    /** Replaces what is left (its timestamps age) with {@code count} new headers. */
    void prepare(long count) {
        String[] fresh = new String[(int) Math.min(count, 2_000_000)];
        for (int i = 0; i < fresh.length; i++) {
            fresh[i] = signer.authorizationHeader("GET", uri, null);
        }
        headers = fresh;
        taken.set(0);
        late.set(0);
    }

    String next() {
        int index = taken.getAndIncrement();
        String[] ready = headers;
        if (index < ready.length) {
            return ready[index];
        }
        late.incrementAndGet();
        return signer.authorizationHeader("GET", uri, null);
    }

    long late() {
        return late.get();
    }
}
