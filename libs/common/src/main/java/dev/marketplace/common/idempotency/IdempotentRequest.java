package dev.marketplace.common.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;

/**
 * A request carrying an {@code Idempotency-Key} header: the key, the scope it is unique in (the marketplace and the
 * calling consumer, so that two clients never collide), the acting user ({@code xoauth_requestor_id}, empty for a call
 * without one, so that two users of one consumer never reach each other's answers) and a fingerprint of the request
 * (method, path and the body as bound, so that formatting differences do not count). A stored answer is replayed only
 * to a caller already authorised for the resource: services authorise first, then look the key up.
 */
public record IdempotentRequest(String scope, String requestor, String key, String fingerprint) {
    public static final String HEADER = "Idempotency-Key";
    /** Set on an answer that is the stored answer of an earlier request with the same key. */
    public static final String REPLAYED_HEADER = "Idempotent-Replayed";
    static final int MAX_KEY_LENGTH = 255;

    /**
     * The request's key for {@code caller}: unique per marketplace, consumer and acting user. Null when the header is
     * absent; a key is 1 to 255 visible ASCII characters (a UUID is usual), anything else is a 400 naming the header.
     */
    public static IdempotentRequest of(String header, Caller caller, String method, String path, Object body,
            ObjectMapper mapper) {
        if (header == null) {
            return null;
        }
        return of(header, caller.partner() + "|" + caller.consumerKey(), caller.user().map(UUID::toString).orElse(""), method,
                path, body, mapper);
    }

    /** Same, for a scope of the service's own making (the fingerprint of a report keyed in its own table). */
    public static IdempotentRequest of(String header, String scope, String requestor, String method, String path, Object body,
            ObjectMapper mapper) {
        if (header == null) {
            return null;
        }
        String key = header.trim();
        if (key.isEmpty() || key.length() > MAX_KEY_LENGTH || !key.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ApiException.invalidField(HEADER, "must be 1 to " + MAX_KEY_LENGTH + " visible ASCII characters, such as a UUID");
        }
        String canonical;
        try {
            canonical = body == null ? "" : mapper.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the request body cannot be fingerprinted", e);
        }
        return new IdempotentRequest(scope, requestor, key, sha256(method + ' ' + path + '\n' + canonical));
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
