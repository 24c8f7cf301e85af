package dev.marketplace.notification.vendorevent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.marketplace.notification.vendorevent.service.VendorBreakers;
import dev.marketplace.notification.vendorevent.service.VendorOutcome;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;

/**
 * The per-vendor circuit breaker on SmallRye Fault Tolerance's guards keeps the semantics the dispatcher relies on
 * (threshold 2 and open duration 3 s in tests): it opens after that many consecutive failed calls, refuses calls
 * without making them while open, lets one trial call through after the delay, closes on its success and opens again
 * on its failure; vendors are independent, and an operator's reset closes it at once.
 */
@QuarkusTest
class VendorBreakersTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static long next = 8_000_000L + (System.nanoTime() % 100_000) * 10;

    @Inject
    VendorBreakers breakers;

    private final AtomicInteger calls = new AtomicInteger();

    private VendorOutcome call(long vendor, VendorOutcome answer) {
        return breakers.call(vendor, () -> Uni.createFrom().item(() -> {
            calls.incrementAndGet();
            return answer;
        })).await().atMost(WAIT);
    }

    private static VendorOutcome failing() {
        return VendorOutcome.retry(503, "vendor answered 503");
    }

    private void assertRefused(long vendor) {
        int before = calls.get();
        RuntimeException e = assertThrows(RuntimeException.class, () -> call(vendor, VendorOutcome.async(202)));
        assertInstanceOf(VendorBreakers.Refused.class, e);
        assertEquals(before, calls.get(), "no call is made through an open circuit");
    }

    @Test
    void opensAfterConsecutiveFailuresHalfOpensAfterTheDelayAndClosesOnSuccess() throws Exception {
        long vendor = next++;
        long other = next++;
        assertEquals(VendorOutcome.Kind.RETRY, call(vendor, failing()).kind(), "a failed call's outcome is handed back");
        assertEquals(VendorOutcome.Kind.SUCCESS, call(vendor, VendorOutcome.success(200, "a", null)).kind());
        assertEquals(VendorOutcome.Kind.RETRY, call(vendor, failing()).kind());
        assertEquals(VendorOutcome.Kind.ASYNC, call(vendor, VendorOutcome.async(202)).kind(),
                "one failure after a success does not open it: failures must be consecutive");
        call(vendor, failing());
        call(vendor, failing());
        assertRefused(vendor);
        assertEquals(VendorOutcome.Kind.ASYNC, call(other, VendorOutcome.async(202)).kind(), "another vendor is not affected");

        Thread.sleep(3_300); // open duration in tests: 3 s
        assertEquals(VendorOutcome.Kind.RETRY, call(vendor, failing()).kind(), "the trial call goes out");
        assertRefused(vendor); // its failure opened the circuit again

        Thread.sleep(3_300);
        assertEquals(VendorOutcome.Kind.FAILURE, call(vendor, VendorOutcome.failure(200, "E", "refused")).kind(),
                "a vendor's refusal is an answer: the trial succeeded");
        call(vendor, failing());
        assertEquals(VendorOutcome.Kind.SUCCESS, call(vendor, VendorOutcome.success(200, "b", null)).kind(), "closed again");
    }

    @Test
    void anOperatorResetClosesTheCircuitAtOnce() {
        long vendor = next++;
        call(vendor, failing());
        call(vendor, failing());
        assertRefused(vendor);
        breakers.reset(vendor);
        assertEquals(VendorOutcome.Kind.SUCCESS, call(vendor, VendorOutcome.success(200, "c", null)).kind());
    }
}
