package dev.marketplace.catalog.integration.service;

import java.net.URI;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;

import dev.marketplace.catalog.integration.domain.ProductIntegration;
import dev.marketplace.catalog.integration.domain.VendorEventType;
import dev.marketplace.catalog.integration.repository.IntegrationRepository;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.service.ProductAccess;
import dev.marketplace.catalog.product.service.ProductLookup;
import dev.marketplace.catalog.product.service.ProductService;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.VendorPing;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.net.OutboundUrlGuard;
import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Vendor integration settings of a product: credentials, event URLs, interactive flag, ping; internal lookups. */
@ApplicationScoped
public class IntegrationService {
    public static final String EVENT_URL_PLACEHOLDER = EventUrlTemplates.PLACEHOLDER;
    /** What stands for {@code {eventUrl}} when a template is checked by the outbound-URL guard. */
    private static final String SAMPLE_EVENT_URL = "https%3A%2F%2Fmarketplace.example%2Fevent";

    private final IntegrationRepository integrations;
    private final ProductLookup products;
    private final ProductAccess access;
    private final SecretCipher cipher;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final OutboundUrlGuard guard;
    private final Caller caller;

    public IntegrationService(IntegrationRepository integrations, ProductLookup products, ProductAccess access,
            SecretCipher cipher, JsonText json, DomainEventPublisher events, OutboundUrlGuard guard, Caller caller) {
        this.integrations = integrations;
        this.products = products;
        this.access = access;
        this.cipher = cipher;
        this.json = json;
        this.events = events;
        this.guard = guard;
        this.caller = caller;
    }

    /** Body of {@code PUT .../integration}: each property optional; an event URL set to null is removed. */
    public record SettingsInput(Boolean interactive, @EventUrlTemplates Map<String, String> eventUrls) {
    }

    /** Body of {@code POST .../integration/ping}. */
    public record PingInput(VendorEventType eventType) {
    }

    /** Body of {@code POST /internal/v1/products/{id}/signed-urls}. */
    public record SignInput(
            @NotNull(message = "is required") @Pattern(regexp = "GET|POST|PUT|PATCH|DELETE|HEAD", message = "must be GET, POST, PUT, PATCH, DELETE or HEAD") String method,
            @NotBlank(message = "is required") @Size(max = 4096) String url) {
    }

    public record SignedUrl(String url) {
    }

    /** Settings as the administrative API shows them: never the secret. */
    public record SettingsView(long productId, String consumerKey, boolean interactive, Map<String, String> eventUrls,
            long secretRotatedOn, long lastModified) {
    }

    public record RotatedSecret(long productId, String consumerKey, String consumerSecret, long secretRotatedOn) {
    }

    public record VendorCredentials(String consumerKey, String consumerSecret, long productId, String partner) {
    }

    /** What the mesh needs to talk to the product's vendor; {@code consumerSecret} only where it signs. */
    public record ProductIntegrationView(long productId, String partner, String applicationUuid, String consumerKey,
            @JsonInclude(JsonInclude.Include.NON_NULL) String consumerSecret, Map<String, String> eventUrls,
            boolean interactive, String name, String vendor) {
    }

    public record PingResult(String eventId, String type, String flag, String eventType, String eventUrlTemplate) {
    }

    @WithSession
    public Uni<SettingsView> settings(long productId) {
        return products.load(caller.partner(), productId).map(access::requireManage).chain(this::integrationOf).map(this::view);
    }

    /** Refuses (403/404) a caller who may not manage the product, before anything else is looked at. */
    @WithSession
    public Uni<Void> requireManageable(long productId) {
        return products.load(caller.partner(), productId).map(access::requireManage).replaceWithVoid();
    }

    /**
     * Every event URL must pass the outbound-URL guard (no internal address, allowed scheme and port); a refusal names
     * the event type. Resolves host names off the event loop; call before {@link #update}.
     */
    public Uni<Void> checkOutboundUrls(SettingsInput input) {
        Map<String, String> urls = new LinkedHashMap<>();
        if (input.eventUrls() != null) {
            input.eventUrls().forEach((type, template) -> {
                if (template != null) {
                    urls.put("eventUrls." + type, template.replace(EVENT_URL_PLACEHOLDER, SAMPLE_EVENT_URL));
                }
            });
        }
        return guard.violations(urls).invoke(found -> {
            Violations v = Violations.start();
            found.forEach(v::add);
            v.throwIfAny();
        }).replaceWithVoid();
    }

    @WithTransaction
    public Uni<SettingsView> update(long productId, SettingsInput input) {
        return products.load(caller.partner(), productId).map(access::requireManage).chain(product -> integrationOf(product)
                .chain(integration -> {
                    if (input.interactive() != null) {
                        integration.interactive = input.interactive();
                    }
                    if (input.eventUrls() != null) {
                        integration.eventUrls = json.write(sorted(input.eventUrls()));
                    }
                    integration.lastModified = Instant.now();
                    return integrations.flush().replaceWith(view(integration))
                            .call(view -> events.publish(EventTypes.PRODUCT_INTEGRATION_UPDATED, product.partner,
                                    ProductService.AGGREGATE, product.id.toString(), view));
                }));
    }

    @WithTransaction
    public Uni<RotatedSecret> rotate(long productId) {
        return products.load(caller.partner(), productId).map(access::requireManage).chain(product -> integrationOf(product)
                .chain(integration -> {
                    String secret = Credentials.secret();
                    integration.secretCiphertext = cipher.encrypt(integration.consumerKey, secret);
                    integration.secretRotatedOn = Instant.now();
                    integration.lastModified = integration.secretRotatedOn;
                    return integrations.flush()
                            .replaceWith(new RotatedSecret(product.id, integration.consumerKey, secret,
                                    integration.secretRotatedOn.toEpochMilli()))
                            .call(r -> events.publish(EventTypes.PRODUCT_CREDENTIALS_ROTATED, product.partner,
                                    ProductService.AGGREGATE, product.id.toString(), Map.of("productId", product.id,
                                            "consumerKey", integration.consumerKey, "secretRotatedOn", r.secretRotatedOn())));
                }));
    }

    /**
     * Ping test: asks the notifier to send a STATELESS event of {@code eventType} (default SUBSCRIPTION_ORDER) to the
     * vendor's URL for it, through a VENDOR_PING outbox event. The URL must be configured (409 otherwise).
     */
    @WithTransaction
    public Uni<PingResult> ping(long productId, PingInput input) {
        VendorEventType eventType = input == null || input.eventType() == null ? VendorEventType.SUBSCRIPTION_ORDER
                : input.eventType();
        return products.load(caller.partner(), productId).map(access::requireManage).chain(product -> integrationOf(product)
                .chain(integration -> {
                    String template = urls(integration).get(eventType.name());
                    if (template == null) {
                        throw ApiException.conflict("EVENT_URL_NOT_CONFIGURED",
                                "eventUrls." + eventType + ": no URL is configured for this event type");
                    }
                    VendorPing ping = new VendorPing(product.id, product.uuid.toString(), product.name, VendorPing.STATELESS,
                            eventType.name(), template, integration.consumerKey, false);
                    return events.publish(EventTypes.VENDOR_PING, product.partner, ProductService.AGGREGATE,
                            product.id.toString(), ping)
                            .map(id -> new PingResult(id.toString(), EventTypes.VENDOR_PING, ping.flag(), eventType.name(),
                                    template));
                }));
    }

    /** The event types the product's vendor has a URL for (what its integration can do); empty without settings. */
    public Uni<java.util.Set<String>> configuredEventTypes(Product product) {
        return integrations.findById(product.id).map(integration -> integration == null ? java.util.Set.<String>of()
                : java.util.Set.copyOf(urls(integration).keySet()));
    }

    /** Internal: the gateway's lookup of a vendor consumer (any partner; consumer keys are unique). */
    @WithSession
    public Uni<VendorCredentials> credentials(String consumerKey) {
        requireInternalService();
        return integrations.byConsumerKey(consumerKey)
                .onItem().ifNull().failWith(() -> ApiException.notFound("Vendor consumer", consumerKey))
                .chain(integration -> products.loadOfAnyPartner(integration.productId).map(product -> new VendorCredentials(
                        integration.consumerKey, cipher.decrypt(integration.consumerKey, integration.secretCiphertext),
                        product.id, product.partner)));
    }

    /**
     * Internal: everything the notifier needs to talk to the product's vendor, the consumer secret included (it signs
     * vendor callbacks). The service token must name the product's marketplace (another's product is a 404, as unknown).
     */
    @WithSession
    public Uni<ProductIntegrationView> internalView(long productId) {
        requireInternalService();
        return products.load(caller.partner(), productId).chain(product -> {
            return integrationOf(product).map(integration -> internalView(product, integration, true));
        });
    }

    /**
     * Internal: the same without the consumer secret, for services that price or route an order but never sign (they
     * ask {@link #sign} instead). The service token must name the product's marketplace.
     */
    @WithSession
    public Uni<ProductIntegrationView> internalViewWithoutSecret(long productId) {
        requireInternalService();
        return products.load(caller.partner(), productId).chain(product -> {
            return integrationOf(product).map(integration -> internalView(product, integration, false));
        });
    }

    /**
     * Internal: signs {@code url} with the vendor's OAuth 1.0 credentials as query parameters (HMAC-SHA1, two-legged),
     * for a browser redirect to the vendor; the secret never leaves this service. The service token must name the
     * product's marketplace.
     */
    @WithSession
    public Uni<SignedUrl> sign(long productId, SignInput input) {
        requireInternalService();
        URI uri = httpUrl(input.url());
        return products.load(caller.partner(), productId).chain(product -> {
            return integrationOf(product).map(integration -> {
                OAuthSigner signer = new OAuthSigner(integration.consumerKey,
                        cipher.decrypt(integration.consumerKey, integration.secretCiphertext));
                return new SignedUrl(signer.signedUri(input.method(), uri).toString());
            });
        });
    }

    private static URI httpUrl(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme();
            if (uri.isAbsolute() && uri.getHost() != null && ("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) {
                return uri;
            }
        } catch (Exception e) {
            // reported below
        }
        throw ApiException.invalidField("url", "must be an absolute http(s) URL");
    }

    private ProductIntegrationView internalView(Product product, ProductIntegration integration, boolean withSecret) {
        return new ProductIntegrationView(product.id, product.partner, product.uuid.toString(), integration.consumerKey,
                withSecret ? cipher.decrypt(integration.consumerKey, integration.secretCiphertext) : null, urls(integration),
                integration.interactive, product.name, product.vendorName);
    }

    /** Internal endpoints take only service tokens (ctype "service") with ROLE_SYS_ADMIN, never a user's token. */
    private void requireInternalService() {
        if (!caller.isService()) {
            throw ApiException.forbidden();
        }
    }

    private Uni<ProductIntegration> integrationOf(Product product) {
        return integrations.findById(product.id)
                .onItem().ifNull().failWith(() -> ApiException.notFound("Integration of product", product.id));
    }

    private Map<String, String> urls(ProductIntegration integration) {
        return json.read(integration.eventUrls, new TypeReference<LinkedHashMap<String, String>>() {
        });
    }

    /** The templates in event-type order; null values (removals) dropped. */
    private static Map<String, String> sorted(Map<String, String> urls) {
        Map<VendorEventType, String> byType = new EnumMap<>(VendorEventType.class);
        urls.forEach((type, url) -> {
            if (url != null) {
                byType.put(VendorEventType.valueOf(type), url);
            }
        });
        Map<String, String> result = new LinkedHashMap<>();
        byType.forEach((type, url) -> result.put(type.name(), url));
        return result;
    }

    private SettingsView view(ProductIntegration integration) {
        return new SettingsView(integration.productId, integration.consumerKey, integration.interactive, urls(integration),
                integration.secretRotatedOn.toEpochMilli(), integration.lastModified.toEpochMilli());
    }
}
