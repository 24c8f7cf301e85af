package dev.marketplace.bench;

import java.net.URI;
import java.net.http.HttpRequest;

/**
 * Where a GET goes and the Authorization it carries (null: none): a fixed bearer token straight to the upstream, or
 * through the gateway a fresh OAuth 1.0 signature per request, signed ahead of each measured phase.
 */
record Target(URI uri, String fixed, Presigned signed) {
    String authorization() {
        return signed != null ? signed.next() : fixed;
    }

    /** Signs enough headers for the next phase (nothing to do for a fixed token). */
    void prepare(long requests) {
        if (signed != null) {
            signed.prepare(requests);
        }
    }

    /** Requests of the last phase that found no header signed ahead and were signed on the spot. */
    long signedLate() {
        return signed == null ? 0 : signed.late();
    }

    HttpRequest jdkRequest() {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
        String value = authorization();
        return (value == null ? b : b.header("Authorization", value)).build();
    }
}
