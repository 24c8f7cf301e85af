package dev.marketplace.gateway.identity.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;

import dev.marketplace.gateway.identity.service.SigningKeys;

@Path("/internal/v1/public-key")
public class PublicKeyResource {
    private final SigningKeys keys;

    public PublicKeyResource(SigningKeys keys) {
        this.keys = keys;
    }

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "The public key of the internal tokens (base64 X.509), for services' quarkus.oidc.public-key")
    public String publicKey() {
        return keys.publicKeyBase64();
    }
}
