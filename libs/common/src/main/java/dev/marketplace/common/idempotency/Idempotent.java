package dev.marketplace.common.idempotency;

/**
 * What a service returns for an idempotent operation: its new result, or the answer stored for the same request made
 * earlier with the same key (then {@code value} is null and the resource answers {@code replay} as it is).
 */
public record Idempotent<T>(T value, StoredAnswer replay) {
    public static <T> Idempotent<T> fresh(T value) {
        return new Idempotent<>(value, null);
    }

    public static <T> Idempotent<T> replayed(StoredAnswer answer) {
        return new Idempotent<>(null, answer);
    }

    public boolean isReplay() {
        return replay != null;
    }

    /** The HTTP answer: the stored one as it was (flagged {@code Idempotent-Replayed: true}), or {@code fresh}'s. */
    public jakarta.ws.rs.core.Response response(java.util.function.Function<T, jakarta.ws.rs.core.Response> fresh) {
        if (isReplay()) {
            return jakarta.ws.rs.core.Response.status(replay.status()).type(jakarta.ws.rs.core.MediaType.APPLICATION_JSON_TYPE)
                    .entity(replay.body()).header(IdempotentRequest.REPLAYED_HEADER, "true").build();
        }
        return fresh.apply(value);
    }
}
