package dev.marketplace.reseller.messaging;

import java.time.Instant;
import java.util.List;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.inbox.TypedEventHandler;
import dev.marketplace.common.events.inbox.EventRejected;
import dev.marketplace.reseller.directory.domain.DirectoryChange;
import dev.marketplace.reseller.directory.service.AccountPayloads;
import dev.marketplace.reseller.directory.service.Directory;
import io.smallrye.mutiny.Uni;

/**
 * Keeps the directory current from account-service's company, membership and invitation events ({@link AccountPayloads}
 * says which and what is read), on the shared inbox: each event once, in the inbox's transaction; a malformed one is
 * parked at once, a failing one after its attempts. Events of other sources are not this handler's.
 */
@Singleton
public class AccountEventHandler extends TypedEventHandler<JsonNode> {
    public static final String SOURCE = "account-service";
    /** The name the directory's processed events are recorded under (unchanged since before the inbox). */
    static final String NAME = "reseller-directory";

    private final Directory directory;

    public AccountEventHandler(Directory directory) {
        super(NAME, JsonNode.class, SOURCE, AccountPayloads.TYPES);
        this.directory = directory;
    }

    @Override
    public Uni<Void> handle(EventEnvelope event, JsonNode payload) {
        List<DirectoryChange> changes;
        try {
            if (event.partner() == null || event.partner().isBlank() || event.occurredOn() <= 0) {
                throw new IllegalArgumentException("partner or occurredOn is missing");
            }
            changes = AccountPayloads.event(event.type(), event.partner(), Instant.ofEpochMilli(event.occurredOn()), payload);
        } catch (RuntimeException e) {
            throw new EventRejected("not an account event the directory can read: " + e.getMessage(), e);
        }
        return directory.apply(changes);
    }
}
