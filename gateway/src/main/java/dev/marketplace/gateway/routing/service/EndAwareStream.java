package dev.marketplace.gateway.routing.service;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.streams.ReadStream;

/** A request body stream that reports when it has been read to its end (to start the upstream's answer timeout). */
final class EndAwareStream implements ReadStream<Buffer> {
    private final ReadStream<Buffer> delegate;
    private final Runnable onEnd;

    EndAwareStream(ReadStream<Buffer> delegate, Runnable onEnd) {
        this.delegate = delegate;
        this.onEnd = onEnd;
    }

    @Override
    public ReadStream<Buffer> exceptionHandler(Handler<Throwable> handler) {
        delegate.exceptionHandler(handler);
        return this;
    }

    @Override
    public ReadStream<Buffer> handler(Handler<Buffer> handler) {
        delegate.handler(handler);
        return this;
    }

    @Override
    public ReadStream<Buffer> pause() {
        delegate.pause();
        return this;
    }

    @Override
    public ReadStream<Buffer> resume() {
        delegate.resume();
        return this;
    }

    @Override
    public ReadStream<Buffer> fetch(long amount) {
        delegate.fetch(amount);
        return this;
    }

    @Override
    public ReadStream<Buffer> endHandler(Handler<Void> endHandler) {
        delegate.endHandler(endHandler == null ? null : v -> {
            onEnd.run();
            endHandler.handle(v);
        });
        return this;
    }
}
