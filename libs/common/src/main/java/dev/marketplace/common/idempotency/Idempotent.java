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
}
