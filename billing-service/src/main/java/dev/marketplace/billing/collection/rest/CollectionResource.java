package dev.marketplace.billing.collection.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.billing.collection.service.CollectionQueries;
import dev.marketplace.billing.collection.service.CollectionView;
import dev.marketplace.common.lookup.Ids;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** The collection and dunning state of an invoice (our extension; README, "Collection and dunning"). */
@Path("/api/billing/v1/invoices/{invoiceNumber}/collection")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class CollectionResource {
    private final CollectionQueries collections;

    public CollectionResource(CollectionQueries collections) {
        this.collections = collections;
    }

    @GET
    @Operation(summary = "Read an invoice's automatic collection: dunning attempts made and the next one due")
    public Uni<CollectionView> get(@RestPath String invoiceNumber) {
        return collections.of(Ids.number("invoiceNumber", invoiceNumber));
    }
}
