package dev.marketplace.billing.client;

import java.math.BigDecimal;
import java.util.List;
import java.util.UUID;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import org.eclipse.microprofile.rest.client.annotation.RegisterClientHeaders;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import dev.marketplace.common.client.ServiceTokenHeaders;
import io.smallrye.mutiny.Uni;

/** account-service's internal API as billing calls it (service token of the marketplace, ROLE_SYS_ADMIN). */
@Path("/internal/v1")
@RegisterRestClient(configKey = "account")
@RegisterClientHeaders(ServiceTokenHeaders.class)
@Produces(MediaType.APPLICATION_JSON)
public interface AccountApi {

    /** The company (the company resource's JSON, purchase limits included) and the user's membership in it, if any. */
    @GET
    @Path("companies/{company}/purchase-profile")
    Uni<PurchaseProfile> purchaseProfile(@HeaderParam(ServiceTokenHeaders.PARTNER) String partner,
            @PathParam("company") UUID company, @QueryParam("userUuid") UUID user);

    @JsonIgnoreProperties(ignoreUnknown = true)
    record PurchaseProfile(Company company, Member member) {
    }

    /** The fields of account-service's company JSON that billing uses. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Company(UUID uuid, String name, boolean enabled, String emailAddress, Integer billingDayOfMonth,
            boolean onlyAdminsCanBuy, BigDecimal thirtyDaysPurchaseLimit, BigDecimal thirtyDaysPurchaseRemainingAmt,
            boolean thirtyDaysPurchaseLimitExempt, BigDecimal thirtyDaysPurchaseLimitOverrideAmt,
            boolean dailyPurchaseLimitExempt, BigDecimal dailyPurchaseLimitOverrideAmt) {
    }

    /** A membership: enabled, and its roles (ROLE_SYS_ADMIN is the Company Administrator). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Member(UUID userUuid, boolean enabled, List<String> roles) {
        public boolean hasAnyRole(String... names) {
            if (roles == null) {
                return false;
            }
            for (String name : names) {
                if (roles.contains(name)) {
                    return true;
                }
            }
            return false;
        }
    }
}
