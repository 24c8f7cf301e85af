package dev.marketplace.notification.delivery.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.marketplace.notification.template.service.TemplateRenderer;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * #21 "template denial of service": a message is rendered on a worker thread, never on the event loop that every
 * delivery and request shares; the answer comes back on the caller's own context (its reactive session lives there);
 * a rendering slower than the cap is refused without waiting for it, and the event loop stays free meanwhile.
 */
class MessageRenderingTest {
    private static Vertx vertx;

    @BeforeAll
    static void start() {
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private record Seen(String renderedOn, boolean renderedOnEventLoop, String answeredOn, boolean sameContext) {
    }

    @Test
    void rendersOffTheEventLoopAndAnswersOnTheCallersContext() throws Exception {
        Context context = vertx.getOrCreateContext();
        CompletableFuture<Seen> seen = new CompletableFuture<>();
        context.runOnContext(ignored -> {
            String[] renderer = new String[2];
            MessageComposer.rendered("test message", () -> {
                renderer[0] = Thread.currentThread().getName();
                renderer[1] = Boolean.toString(Context.isOnEventLoopThread());
                return "rendered";
            }, Duration.ofSeconds(5)).subscribe().with(item -> seen.complete(new Seen(renderer[0],
                    Boolean.parseBoolean(renderer[1]), Thread.currentThread().getName(), Vertx.currentContext() == context)),
                    seen::completeExceptionally);
        });
        Seen s = seen.get(10, TimeUnit.SECONDS);
        assertFalse(s.renderedOnEventLoop(), "rendered on " + s.renderedOn());
        assertFalse(s.renderedOn().startsWith("vert.x-eventloop"), s.renderedOn());
        assertTrue(s.answeredOn().startsWith("vert.x-eventloop"), "answered on " + s.answeredOn());
        assertTrue(s.sameContext(), "the answer comes back on the caller's context");
    }

    @Test
    void aRenderingPastTheCapIsRefusedWhileTheEventLoopStaysFree() throws Exception {
        Context context = vertx.getOrCreateContext();
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        long started = System.nanoTime();
        context.runOnContext(ignored -> MessageComposer.rendered("slow message", () -> {
            sleep(3_000);
            return "too late";
        }, Duration.ofMillis(300)).subscribe().with(item -> outcome.complete(null), outcome::complete));
        // the loop that asked answers other work while the rendering runs
        CompletableFuture<Long> ping = new CompletableFuture<>();
        vertx.setTimer(50, id -> context.runOnContext(ignored -> ping.complete(System.nanoTime())));
        assertTrue(ping.get(2, TimeUnit.SECONDS) - started < Duration.ofMillis(1_000).toNanos());
        Throwable refused = outcome.get(2, TimeUnit.SECONDS);
        long took = System.nanoTime() - started;
        assertNotNull(refused, "a rendering past the cap must fail");
        assertInstanceOf(TemplateRenderer.Refused.class, refused);
        assertTrue(refused.getMessage().contains("slow message") && refused.getMessage().contains("PT0.3S"),
                refused.getMessage());
        assertTrue(took < Duration.ofMillis(2_000).toNanos(), "refused after " + took / 1_000_000 + " ms");
    }

    @Test
    void theProductionCapIsFiveSeconds() {
        assertEquals(Duration.ofSeconds(5), MessageComposer.RENDER_CAP);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
