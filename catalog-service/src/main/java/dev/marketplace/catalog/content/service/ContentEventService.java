package dev.marketplace.catalog.content.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.content.domain.ContentResource;
import dev.marketplace.catalog.content.repository.ContentResourceRepository;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.service.ProductLookup;
import dev.marketplace.catalog.product.service.ProductService;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Content events of a product's vendor, for customer search. The caller is the product itself (a product-scoped token:
 * vendor credentials of one product); the event is stored per product and resource key, a repeat replaces it, a delete
 * removes it, and each emits a domain event through the outbox.
 */
@ApplicationScoped
public class ContentEventService {
    private final ContentResourceRepository resources;
    private final ProductLookup products;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final Caller caller;

    public ContentEventService(ContentResourceRepository resources, ProductLookup products, JsonText json,
            DomainEventPublisher events, Caller caller) {
        this.resources = resources;
        this.products = products;
        this.json = json;
        this.events = events;
        this.caller = caller;
    }

    @WithTransaction
    public Uni<Void> publish(ContentEvent event) {
        long productId = productOfCaller();
        check(event);
        // the token's product in the token's marketplace: a product of another is as unknown as a missing one
        return products.load(caller.partner(), productId).chain(product -> {
            if (event.key().source() != null && !event.key().source().equalsIgnoreCase(product.uuid.toString())) {
                // a product publishes for itself only
                throw ApiException.forbidden();
            }
            return resources.byKey(product.id, event.key().instance(), event.key().resourceId()).chain(stored -> event.deletes()
                    ? delete(product, event, stored)
                    : replace(product, event, stored));
        });
    }

    private Uni<Void> replace(Product product, ContentEvent event, ContentResource stored) {
        ContentResource resource = stored != null ? stored : new ContentResource();
        resource.partner = product.partner;
        resource.productId = product.id;
        resource.instance = event.key().instance();
        resource.resourceId = event.key().resourceId();
        resource.event = json.write(event);
        resource.receivedOn = Instant.now();
        Uni<Void> write = stored == null ? resources.persist(resource).replaceWithVoid() : resources.flush();
        return write.call(() -> events.publish(EventTypes.CONTENT_EVENT_PUBLISHED, product.partner, ProductService.AGGREGATE,
                product.id.toString(), payload(product, event, stored == null)));
    }

    private Uni<Void> delete(Product product, ContentEvent event, ContentResource stored) {
        Uni<Void> remove = stored == null ? Uni.createFrom().voidItem() : resources.delete(stored);
        return remove.call(() -> events.publish(EventTypes.CONTENT_RESOURCE_DELETED, product.partner, ProductService.AGGREGATE,
                product.id.toString(), payload(product, event, false)));
    }

    private static Map<String, Object> payload(Product product, ContentEvent event, boolean created) {
        Map<String, Object> payload = new LinkedHashMap<>();
        payload.put("productId", product.id);
        payload.put("applicationUuid", product.uuid.toString());
        payload.put("instance", event.key().instance());
        payload.put("resourceId", event.key().resourceId());
        if (!event.deletes()) {
            payload.put("created", created);
            payload.put("event", event);
        }
        return payload;
    }

    /** A delete needs only the key; otherwise an action needs its verb and text, and an actor its identifier. */
    private static void check(ContentEvent event) {
        if (event.deletes()) {
            return;
        }
        Violations v = Violations.start();
        if (event.action() != null) {
            v.when(blank(event.action().verb()), "action.verb", "is required for an action statement");
            v.when(blank(event.action().text()), "action.text", "is required for an action statement");
        }
        if (event.actor() != null) {
            v.when(blank(event.actor().identifier()), "actor.identifier", "is required");
        }
        v.throwIfAny();
    }

    /** The product of a product-scoped token; any other caller is refused. */
    private long productOfCaller() {
        if (!caller.hasRole(Roles.VENDOR) || caller.product().isEmpty()) {
            throw ApiException.forbidden();
        }
        return caller.product().get();
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
