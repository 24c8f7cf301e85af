package dev.marketplace.billing.payment.service;

import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.idempotency.IdempotencyKeys;
import dev.marketplace.common.idempotency.IdempotentRequest;
import dev.marketplace.common.idempotency.StoredAnswer;
import io.smallrye.mutiny.Uni;

/** A pay request's Idempotency-Key, if it has one: work no request asked for (collection) has none. */
@ApplicationScoped
public class RequestKeys {
    private final IdempotencyKeys idempotency;

    public RequestKeys(IdempotencyKeys idempotency) {
        this.idempotency = idempotency;
    }

    Uni<Optional<StoredAnswer>> lookup(IdempotentRequest key) {
        return key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.lookup(key);
    }

    Uni<Optional<StoredAnswer>> claim(IdempotentRequest key) {
        return key == null ? Uni.createFrom().item(Optional.empty()) : idempotency.claim(key);
    }

    Uni<Void> release(IdempotentRequest key) {
        return key == null ? Uni.createFrom().voidItem() : idempotency.release(key);
    }

    Uni<Void> complete(IdempotentRequest key, PaymentView view) {
        return key == null ? Uni.createFrom().voidItem() : idempotency.complete(key, 200, view);
    }
}
