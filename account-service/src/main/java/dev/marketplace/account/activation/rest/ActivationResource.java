package dev.marketplace.account.activation.rest;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.jboss.resteasy.reactive.RestPath;

import dev.marketplace.account.activation.service.AccountActivation;
import dev.marketplace.account.activation.service.ActivationInputs;
import io.quarkus.security.Authenticated;
import io.smallrye.mutiny.Uni;

/** AppDirect's "Activate a user": the token of an ACCOUNT_ACTIVATION link sets the user's password. */
@Path("/api/account/v2/inactiveUsers/{activationToken}")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ActivationResource {
    private final AccountActivation activation;

    public ActivationResource(AccountActivation activation) {
        this.activation = activation;
    }

    @PATCH
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Activate a user with the token of an ACCOUNT_ACTIVATION link, setting their password once",
            description = "An expired token is 400 ACTIVATION_EXPIRED; an unknown, used or another marketplace's token 404.")
    public Uni<ActivationInputs.Activated> activate(@RestPath String activationToken, ActivationInputs.Activate body) {
        return activation.activate(activationToken, body);
    }
}
