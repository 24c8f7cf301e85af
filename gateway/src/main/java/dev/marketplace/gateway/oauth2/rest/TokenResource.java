package dev.marketplace.gateway.oauth2.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.ResponseHeader;

import dev.marketplace.gateway.oauth2.service.AccessTokenService;
import dev.marketplace.gateway.oauth2.service.AccessTokenService.TokenResponse;
import dev.marketplace.gateway.ratelimit.service.ClientAddresses;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;

@Path("/oauth2/token")
public class TokenResource {
    private final AccessTokenService tokens;
    private final ClientAddresses addresses;

    public TokenResource(AccessTokenService tokens, ClientAddresses addresses) {
        this.tokens = tokens;
        this.addresses = addresses;
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.APPLICATION_JSON)
    @ResponseHeader(name = "Cache-Control", value = "no-store")
    @Operation(summary = "OAuth 2.0 client credentials grant; client id and secret by HTTP Basic")
    @APIResponse(responseCode = "200", description = "{access_token, token_type, expires_in, scope}",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = TokenResponse.class)))
    @APIResponse(responseCode = "400", description = "invalid_request, unsupported_grant_type or invalid_scope")
    @APIResponse(responseCode = "403", description = "Unknown client or wrong secret")
    @APIResponse(responseCode = "429",
            description = "Too many token requests for this client, or failed authentications " + "from this address")
    public Uni<TokenResponse> token(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @FormParam("grant_type") String grantType, @FormParam("scope") String scope, HttpServerRequest request) {
        return tokens.issue(authorization, grantType, scope, addresses.of(request).bucket());
    }
}
