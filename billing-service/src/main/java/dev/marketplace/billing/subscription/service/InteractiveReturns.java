package dev.marketplace.billing.subscription.service;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.billing.client.CatalogClient;
import dev.marketplace.billing.config.BillingConfig;
import dev.marketplace.billing.subscription.domain.Subscription;
import dev.marketplace.billing.subscription.repository.SubscriptionRepository;
import dev.marketplace.billing.subscription.service.SubscriptionInputs.ResultInput;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.oauth.SignedRequest;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * The return URL of an interactive order: the vendor redirects the user's browser to
 * {@code {baseUrl}/api/billing/v1/returns/{eventToken}?success=..&accountIdentifier=..&oauth_...} signed with its key.
 * The signature is checked here with libs/common's OAuth 1.0 verifier against the URL the vendor signed (the configured
 * public base URL, not the address this service was reached at) and the product's vendor secret from catalog-service.
 * Only a verified return completes the order; anything else is a 403 and changes nothing.
 */
@ApplicationScoped
public class InteractiveReturns {
    private static final Logger LOG = Logger.getLogger(InteractiveReturns.class);
    private static final Pattern TOKEN = Pattern.compile("[0-9a-f]{32}");

    private final SubscriptionRepository subscriptions;
    private final SubscriptionAccess access;
    private final SubscriptionPayloads payloads;
    private final VendorResults results;
    private final CatalogClient catalog;
    private final Duration window;

    public InteractiveReturns(SubscriptionRepository subscriptions, SubscriptionAccess access, SubscriptionPayloads payloads,
            VendorResults results, CatalogClient catalog, BillingConfig config) {
        this.subscriptions = subscriptions;
        this.access = access;
        this.payloads = payloads;
        this.results = results;
        this.catalog = catalog;
        this.window = config.returnSignatureWindow();
    }

    /** @param rawQuery the request's raw (still percent-encoded) query string */
    public Uni<SubscriptionView> complete(String eventToken, String rawQuery) {
        if (eventToken == null || !TOKEN.matcher(eventToken).matches()) {
            throw ApiException.notFound("Return URL", eventToken);
        }
        URI signed = URI.create(payloads.returnUrl(eventToken) + (rawQuery == null || rawQuery.isEmpty() ? "" : "?" + rawQuery));
        SignedRequest request = SignedRequest.parse("GET", signed, null, null)
                .filter(SignedRequest::signedInQuery)
                .orElseThrow(ApiException::forbidden);
        return Panache.withSession(() -> subscriptions.byEventToken(eventToken)).chain(found -> {
            if (found == null || !found.interactive) {
                throw ApiException.notFound("Return URL", eventToken);
            }
            Subscription s = access.requireVendorOf(found);
            return catalog.integration(s.partner, s.productId).map(integration -> {
                verify(request, integration, s);
                return result(request);
            }).chain(result -> Panache.withTransaction(() -> results.apply(s.id, s.partner, result, current -> {
                if (!eventToken.equals(current.eventToken)) {
                    throw ApiException.conflict("INVALID_STATE", "this return URL is no longer current for the order");
                }
            })));
        });
    }

    private void verify(SignedRequest request, JsonNode integration, Subscription s) {
        String key = integration == null ? null : integration.path("consumerKey").asText(null);
        String secret = integration == null ? null : integration.path("consumerSecret").asText(null);
        long now = Instant.now().getEpochSecond();
        long timestamp = request.timestamp();
        boolean ok = key != null && secret != null && key.equals(request.consumerKey()) && timestamp >= 0
                && Math.abs(now - timestamp) <= window.toSeconds() && request.verify(secret, "");
        if (!ok) {
            LOG.infof("Refused a return URL for subscription %s: signature not verified", s.id);
            throw ApiException.forbidden();
        }
    }

    private static ResultInput result(SignedRequest request) {
        String success = request.parameter("success").orElse(null);
        if (success == null || !(success.equalsIgnoreCase("true") || success.equalsIgnoreCase("false"))) {
            throw ApiException.invalidField("success", "is required, true or false");
        }
        return new ResultInput("SUBSCRIPTION_ORDER", Boolean.parseBoolean(success.toLowerCase(Locale.ROOT)),
                request.parameter("accountIdentifier").orElse(null), request.parameter("errorCode").orElse(null),
                request.parameter("message").orElse(null), null);
    }
}
