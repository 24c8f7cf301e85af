package dev.marketplace.testkit;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import io.restassured.response.Response;

/**
 * Waiting for what the suite does asynchronously (an event consumed, a projection updated) by asking again every 250 ms,
 * never by sleeping a guessed time.
 */
public final class Eventually {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private Eventually() {
    }

    /** Calls until it answers {@code status} ({@code null}: not yet) for 60 s; the last answer must be it. */
    public static Response answers(Supplier<Response> call, int status) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Response response = call.get();
        while ((response == null || response.statusCode() != status) && System.nanoTime() < deadline) {
            pause();
            response = call.get();
        }
        if (response == null) {
            throw new AssertionError("no answer " + status + " after " + PATIENCE.toSeconds() + " s");
        }
        response.then().statusCode(status);
        return response;
    }

    /** Asks {@code probe} until it finds something, for 60 s; {@code what} names it in the failure. */
    public static <T> T found(Supplier<Optional<T>> probe, String what) {
        return found(probe, what, PATIENCE);
    }

    /** Asks {@code probe} until it finds something, for {@code patience}; {@code what} names it in the failure. */
    public static <T> T found(Supplier<Optional<T>> probe, String what, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        Optional<T> found = probe.get();
        while (found.isEmpty() && System.nanoTime() < deadline) {
            pause();
            found = probe.get();
        }
        return found.orElseThrow(() -> new AssertionError(what + ": not there after " + patience.toSeconds() + " s"));
    }

    private static void pause() {
        try {
            Thread.sleep(250);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
