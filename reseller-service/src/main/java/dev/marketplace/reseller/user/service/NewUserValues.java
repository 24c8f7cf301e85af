package dev.marketplace.reseller.user.service;

import static dev.marketplace.reseller.access.service.TakenValues.unavailable;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.error.ApiException;
import dev.marketplace.reseller.access.service.Actor;
import dev.marketplace.reseller.access.service.TakenValues;
import dev.marketplace.reseller.directory.service.Directory;
import io.smallrye.mutiny.Uni;

/**
 * A new user's email and externalId are unique in the marketplace (account-service's rule), but a reseller sees only
 * the users of its own companies and linked customers. A value held by a user the caller sees is a 409 DUPLICATE_EMAIL /
 * DUPLICATE_EXTERNAL_ID as always; one held by a user it does not see is {@link TakenValues#unavailable}, the same 400
 * as a value account-service refuses for a holder the directory has not heard of yet. Nothing is created either way.
 */
@ApplicationScoped
public class NewUserValues {
    private final Directory directory;

    public NewUserValues(Directory directory) {
        this.directory = directory;
    }

    /** Fails when the email or the externalId of a new user is taken; the answer depends on who the caller sees. */
    public Uni<Void> requireFree(Actor actor, String email, String externalId) {
        return directory.usersWithEmail(actor.partner(), email)
                .call(holders -> refuseIfHeld(actor, holders, duplicateEmail(email), unavailable("email")))
                .chain(() -> externalId == null ? Uni.createFrom().item(List.<UUID> of())
                        : directory.usersWithExternalId(actor.partner(), externalId))
                .call(holders -> refuseIfHeld(actor, holders, duplicateExternalId(externalId), unavailable("externalId")))
                .replaceWithVoid();
    }

    /**
     * account-service's own 409 for a value the directory has not heard of: the holder is unknown here, so only a
     * reseller manager, who sees the whole marketplace, is told it is a duplicate.
     */
    static ApiException taken(Actor actor, String field, String value) {
        if (!actor.isManager()) {
            return unavailable(field);
        }
        return "email".equals(field) ? duplicateEmail(value) : duplicateExternalId(value);
    }

    private Uni<Void> refuseIfHeld(Actor actor, List<UUID> holders, ApiException duplicate, ApiException unavailable) {
        if (holders.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        if (actor.isManager()) {
            return Uni.createFrom().failure(duplicate);
        }
        if (actor.resellerScope().isEmpty()) {
            return Uni.createFrom().failure(unavailable);
        }
        return directory.membershipsOf(holders, actor.resellerScope()).invoke(visible -> {
            throw visible.isEmpty() ? unavailable : duplicate;
        }).replaceWithVoid();
    }

    private static ApiException duplicateEmail(String email) {
        return ApiException.conflict("DUPLICATE_EMAIL", "email: a user with " + email + " already exists");
    }

    private static ApiException duplicateExternalId(String externalId) {
        return ApiException.conflict("DUPLICATE_EXTERNAL_ID", "externalId: another user already has " + externalId);
    }
}
