package dev.marketplace.common.idempotency;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.function.Supplier;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * The {@code Idempotency-Key} mechanism (IETF draft "The Idempotency-Key HTTP Header Field"): the same key with the same
 * request, from the same consumer and user ({@link IdempotentRequest}), gives the original answer, the same key with another request is a 422, and keys expire after 24 hours. Every
 * method runs inside the caller's reactive transaction: {@link #claim} first, then the operation, then {@link #complete};
 * a concurrent request with the same key waits on the claimed row until that transaction ends, then sees its answer. An
 * operation that fails rolls its claim back with it, so a failed request may simply be sent again.
 */
@ApplicationScoped
public class IdempotencyKeys {
    public static final Duration LIFETIME = Duration.ofHours(24);

    private final ObjectMapper mapper;

    public IdempotencyKeys(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    /**
     * Claims the key for this request. Empty: the request is new, go on and {@link #complete} it in this transaction.
     * Present: the stored answer of the same request made before. 422 when the key was used for a different request.
     */
    public Uni<Optional<StoredAnswer>> claim(IdempotentRequest request) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "delete from idempotency_key where scope = ?1 and requestor = ?2 and key = ?3 and expires_at < ?4")
                .setParameter(1, request.scope()).setParameter(2, request.requestor()).setParameter(3, request.key())
                .setParameter(4, now).executeUpdate()
                .chain(() -> session.createNativeQuery("insert into idempotency_key (scope, requestor, key, fingerprint, "
                        + "expires_at) values (?1, ?2, ?3, ?4, ?5) on conflict do nothing")
                        .setParameter(1, request.scope()).setParameter(2, request.requestor()).setParameter(3, request.key())
                        .setParameter(4, request.fingerprint()).setParameter(5, now.plus(LIFETIME)).executeUpdate())
                .chain(inserted -> inserted == 1 ? Uni.createFrom().item(Optional.<StoredAnswer>empty())
                        : stored(request)));
    }

    /** The stored answer of an earlier identical request, without claiming anything (a cheap check before slow work). */
    public Uni<Optional<StoredAnswer>> lookup(IdempotentRequest request) {
        return Panache.withSession(() -> Panache.getSession().chain(session -> session.createNativeQuery(
                "select fingerprint, status, response from idempotency_key where scope = ?1 and requestor = ?2 and key = ?3 "
                        + "and expires_at >= ?4", Object[].class)
                .setParameter(1, request.scope()).setParameter(2, request.requestor()).setParameter(3, request.key())
                .setParameter(4, OffsetDateTime.now(ZoneOffset.UTC)).getResultList()))
                .map(rows -> rows.isEmpty() || rows.get(0)[1] == null ? Optional.<StoredAnswer>empty()
                        : Optional.of(answer(request, rows.get(0))));
    }

    /** Stores the answer of the request that claimed the key; same transaction as the operation. */
    public Uni<Void> complete(IdempotentRequest request, int status, Object body) {
        String json;
        try {
            json = mapper.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            return Uni.createFrom().failure(new IllegalStateException("the answer cannot be stored", e));
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "update idempotency_key set status = ?4, response = ?5 where scope = ?1 and requestor = ?2 and key = ?3")
                .setParameter(1, request.scope()).setParameter(2, request.requestor()).setParameter(3, request.key())
                .setParameter(4, status).setParameter(5, json).executeUpdate()).replaceWithVoid();
    }

    /**
     * Gives up a key this transaction claimed, without an answer: for a request refused although its transaction
     * commits (a refusal that must still notify someone), so that the same request may be sent again.
     */
    public Uni<Void> release(IdempotentRequest request) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "delete from idempotency_key where scope = ?1 and requestor = ?2 and key = ?3 and status is null")
                .setParameter(1, request.scope()).setParameter(2, request.requestor()).setParameter(3, request.key())
                .executeUpdate()).replaceWithVoid();
    }

    /**
     * Runs {@code operation} once per key, inside the caller's transaction: a new request claims the key, runs, and its
     * answer ({@code status}, the operation's result) is stored; the same request again gets that answer without
     * running anything. Without a key ({@code request} null) the operation simply runs. The caller must be authorised
     * for the resource before this is called: a replay answers without running anything that would check.
     */
    public <T> Uni<Idempotent<T>> once(IdempotentRequest request, int status, Supplier<Uni<T>> operation) {
        if (request == null) {
            return operation.get().map(Idempotent::fresh);
        }
        return claim(request).chain(stored -> stored.isPresent()
                ? Uni.createFrom().item(Idempotent.<T>replayed(stored.get()))
                : operation.get().call(value -> complete(request, status, value)).map(Idempotent::fresh));
    }

    /** Deletes keys past their lifetime; emits how many. Call it from a scheduled job. */
    public Uni<Integer> purgeExpired() {
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session.createNativeQuery(
                "delete from idempotency_key where expires_at < ?1").setParameter(1, OffsetDateTime.now(ZoneOffset.UTC))
                .executeUpdate()));
    }

    private Uni<Optional<StoredAnswer>> stored(IdempotentRequest request) {
        return Panache.getSession().chain(session -> session.createNativeQuery(
                "select fingerprint, status, response from idempotency_key where scope = ?1 and requestor = ?2 and key = ?3",
                Object[].class)
                .setParameter(1, request.scope()).setParameter(2, request.requestor()).setParameter(3, request.key())
                .getSingleResult())
                .map(row -> {
                    if (row[1] == null) {
                        // the claim of another request is visible but unanswered: only possible while it runs
                        throw ApiException.conflict("IDEMPOTENCY_KEY_IN_USE", IdempotentRequest.HEADER
                                + ": a request with this key is still being processed; retry later");
                    }
                    return Optional.of(answer(request, row));
                });
    }

    private static StoredAnswer answer(IdempotentRequest request, Object[] row) {
        if (!request.fingerprint().equals(row[0])) {
            throw new ApiException(422, "IDEMPOTENCY_KEY_REUSED", IdempotentRequest.HEADER
                    + ": this key was used for a different request; use a new key for a new request");
        }
        return new StoredAnswer(((Number) row[1]).intValue(), (String) row[2]);
    }
}
