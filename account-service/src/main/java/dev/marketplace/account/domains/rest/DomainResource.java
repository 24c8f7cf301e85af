package dev.marketplace.account.domains.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

import dev.marketplace.account.domains.service.DomainService;
import dev.marketplace.account.domains.service.DomainService.DomainView;
import dev.marketplace.account.domains.service.DomainService.Listing;
import dev.marketplace.account.domains.service.DomainService.Method;
import dev.marketplace.account.domains.service.DomainService.VerifiedDomain;
import dev.marketplace.common.input.QueryParams;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

@Path("/api/account/v2/companies/{companyUuid}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class DomainResource {
    private final DomainService domains;

    public DomainResource(DomainService domains) {
        this.domains = domains;
    }

    @GET
    @Path("domains")
    @Operation(summary = "List a company's email domains, filtered by text")
    public Uni<Listing<DomainView>> list(@RestPath String companyUuid, @RestQuery String searchText, @Context UriInfo uri) {
        return domains.list(companyUuid, searchText, uri.getBaseUri());
    }

    @POST
    @Path("domains")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add an email domain to a company, unverified until its DNS record is checked")
    @APIResponse(responseCode = "201", description = "Created; Location names it", headers = @Header(name = "Location",
            description = "URL of what was created", schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = "application/json", schema = @Schema(implementation = DomainView.class)))
    public Uni<Response> add(@RestPath String companyUuid, DomainService.NewDomain body, @Context UriInfo uri) {
        return domains.add(companyUuid, body, uri.getBaseUri()).map(view -> Response.created(uri.getBaseUriBuilder()
                .path("api/account/v2/companies/{c}/domains/{d}").build(view.company().uuid(), view.name())).entity(view).build());
    }

    @GET
    @Path("domains/{domainName}")
    @Operation(summary = "Read one of a company's email domains with its verification record")
    public Uni<DomainView> get(@RestPath String companyUuid, @RestPath String domainName, @Context UriInfo uri) {
        return domains.get(companyUuid, domainName, uri.getBaseUri());
    }

    @DELETE
    @Path("domains/{domainName}")
    @Operation(summary = "Remove an email domain from a company")
    @APIResponse(responseCode = "204", description = "Done; no body")
    public Uni<Response> delete(@RestPath String companyUuid, @RestPath String domainName) {
        return domains.delete(companyUuid, domainName).map(v -> Response.noContent().build());
    }

    /** Verifies the domain: {@code method=DNS} (default) checks the TXT record, {@code MANUAL} is for channel credentials. */
    @POST
    @Path("domains/{domainName}/verification")
    @Operation(summary = "Verify a company's domain by checking its DNS TXT record (or another method)")
    public Uni<DomainView> verify(@RestPath String companyUuid, @RestPath String domainName, @RestQuery String method,
            @Context UriInfo uri) {
        return domains.verify(companyUuid, domainName, QueryParams.enumValue("method", method, Method.class, Method.DNS),
                uri.getBaseUri());
    }

    @GET
    @Path("verifiedDomains")
    @Operation(summary = "List the company's verified domains")
    public Uni<Listing<VerifiedDomain>> verified(@RestPath String companyUuid) {
        return domains.verified(companyUuid);
    }
}
