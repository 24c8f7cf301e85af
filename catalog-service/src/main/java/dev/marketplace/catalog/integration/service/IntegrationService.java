package dev.marketplace.catalog.integration.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.catalog.integration.domain.ProductIntegration;
import dev.marketplace.catalog.integration.domain.VendorEventType;
import dev.marketplace.catalog.integration.repository.IntegrationRepository;
import dev.marketplace.catalog.messaging.CatalogEvents;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.service.InputValidator;
import dev.marketplace.catalog.product.service.ProductAccess;
import dev.marketplace.catalog.product.service.ProductService;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/** Vendor integration settings of a product: credentials, event URLs, interactive flag, ping; internal lookups. */
@ApplicationScoped
public class IntegrationService {
    public static final String EVENT_URL_PLACEHOLDER = "{eventUrl}";

    private final IntegrationRepository integrations;
    private final ProductService products;
    private final ProductAccess access;
    private final SecretCipher cipher;
    private final JsonText json;
    private final CatalogEvents events;
    private final Caller caller;

    public IntegrationService(IntegrationRepository integrations, ProductService products, ProductAccess access,
            SecretCipher cipher, JsonText json, CatalogEvents events, Caller caller) {
        this.integrations = integrations;
        this.products = products;
        this.access = access;
        this.cipher = cipher;
        this.json = json;
        this.events = events;
        this.caller = caller;
    }

    /** Settings as the administrative API shows them: never the secret. */
    public record SettingsView(long productId, String consumerKey, boolean interactive, Map<String, String> eventUrls,
            long secretRotatedOn, long lastModified) {
    }

    public record RotatedSecret(long productId, String consumerKey, String consumerSecret, long secretRotatedOn) {
    }

    public record VendorCredentials(String consumerKey, String consumerSecret, long productId, String partner) {
    }

    public record ProductIntegrationView(long productId, String partner, String applicationUuid, String consumerKey,
            String consumerSecret, Map<String, String> eventUrls, boolean interactive, String name, String vendor) {
    }

    public record PingResult(String eventId, String type, String flag, String eventType, String eventUrlTemplate) {
    }

    @WithSession
    public Uni<SettingsView> settings(long productId) {
        return products.load(productId).map(access::requireManage).chain(this::integrationOf).map(this::view);
    }

    @WithTransaction
    public Uni<SettingsView> update(long productId, JsonNode body) {
        Settings settings = readSettings(body);
        return products.load(productId).map(access::requireManage).chain(product -> integrationOf(product)
                .chain(integration -> {
                    integration.interactive = settings.interactive() != null ? settings.interactive() : integration.interactive;
                    if (settings.eventUrls() != null) {
                        integration.eventUrls = json.write(settings.eventUrls());
                    }
                    integration.lastModified = Instant.now();
                    return integrations.flush().replaceWith(view(integration))
                            .call(view -> events.publish("PRODUCT_INTEGRATION_UPDATED", product.partner, "PRODUCT",
                                    product.id.toString(), view));
                }));
    }

    @WithTransaction
    public Uni<RotatedSecret> rotate(long productId) {
        return products.load(productId).map(access::requireManage).chain(product -> integrationOf(product)
                .chain(integration -> {
                    String secret = Credentials.secret();
                    integration.secretCiphertext = cipher.encrypt(integration.consumerKey, secret);
                    integration.secretRotatedOn = Instant.now();
                    integration.lastModified = integration.secretRotatedOn;
                    return integrations.flush()
                            .replaceWith(new RotatedSecret(product.id, integration.consumerKey, secret,
                                    integration.secretRotatedOn.toEpochMilli()))
                            .call(r -> events.publish("PRODUCT_CREDENTIALS_ROTATED", product.partner, "PRODUCT",
                                    product.id.toString(), Map.of("productId", product.id, "consumerKey", integration.consumerKey,
                                            "secretRotatedOn", r.secretRotatedOn())));
                }));
    }

    /**
     * Ping test: asks the notifier to send a STATELESS event of {@code eventType} (default SUBSCRIPTION_ORDER) to the
     * vendor's URL for it, through a VENDOR_PING outbox event. The URL must be configured (409 otherwise).
     */
    @WithTransaction
    public Uni<PingResult> ping(long productId, JsonNode body) {
        VendorEventType type = VendorEventType.SUBSCRIPTION_ORDER;
        if (body != null && body.isObject()) {
            for (Iterator<String> names = body.fieldNames(); names.hasNext();) {
                String name = names.next();
                if (!"eventType".equals(name)) {
                    throw ApiException.invalidField(name, "is not a property of a ping request");
                }
            }
            if (body.hasNonNull("eventType")) {
                type = eventType("eventType", body.get("eventType").asText());
            }
        }
        VendorEventType eventType = type;
        return products.load(productId).map(access::requireManage).chain(product -> integrationOf(product)
                .chain(integration -> {
                    String template = urls(integration).get(eventType.name());
                    if (template == null) {
                        throw ApiException.conflict("EVENT_URL_NOT_CONFIGURED",
                                "eventUrls." + eventType + ": no URL is configured for this event type");
                    }
                    Map<String, Object> payload = new LinkedHashMap<>();
                    payload.put("productId", product.id);
                    payload.put("applicationUuid", product.uuid.toString());
                    payload.put("productName", product.name);
                    payload.put("flag", "STATELESS");
                    payload.put("eventType", eventType.name());
                    payload.put("eventUrlTemplate", template);
                    payload.put("consumerKey", integration.consumerKey);
                    payload.put("interactive", false);
                    return events.publish("VENDOR_PING", product.partner, "PRODUCT", product.id.toString(), payload)
                            .map(id -> new PingResult(id.toString(), "VENDOR_PING", "STATELESS", eventType.name(), template));
                }));
    }

    /** Internal: the gateway's lookup of a vendor consumer (any partner; consumer keys are unique). */
    @WithSession
    public Uni<VendorCredentials> credentials(String consumerKey) {
        requireInternalService();
        return integrations.byConsumerKey(consumerKey)
                .onItem().ifNull().failWith(() -> ApiException.notFound("Vendor consumer", consumerKey))
                .chain(integration -> products.load(integration.productId).map(product -> new VendorCredentials(
                        integration.consumerKey, cipher.decrypt(integration.consumerKey, integration.secretCiphertext),
                        product.id, product.partner)));
    }

    /** Internal: everything the notifier and billing need to talk to the product's vendor. */
    @WithSession
    public Uni<ProductIntegrationView> internalView(long productId) {
        requireInternalService();
        return products.load(productId).chain(product -> {
            if (caller.partnerIfAny().filter(partner -> !partner.equals(product.partner)).isPresent()) {
                throw ApiException.forbidden();
            }
            return integrationOf(product).map(integration -> new ProductIntegrationView(product.id, product.partner,
                    product.uuid.toString(), integration.consumerKey,
                    cipher.decrypt(integration.consumerKey, integration.secretCiphertext), urls(integration),
                    integration.interactive, product.name, product.vendorName));
        });
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

    private SettingsView view(ProductIntegration integration) {
        return new SettingsView(integration.productId, integration.consumerKey, integration.interactive, urls(integration),
                integration.secretRotatedOn.toEpochMilli(), integration.lastModified.toEpochMilli());
    }

    private record Settings(Boolean interactive, Map<String, String> eventUrls) {
    }

    private static Settings readSettings(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("INVALID_BODY", "body: a JSON object is required");
        }
        List<String> problems = new ArrayList<>();
        Boolean interactive = null;
        Map<String, String> urls = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            switch (field.getKey()) {
                case "interactive" -> {
                    if (!field.getValue().isBoolean()) {
                        problems.add("interactive: must be a boolean");
                    } else {
                        interactive = field.getValue().booleanValue();
                    }
                }
                case "eventUrls" -> {
                    if (!field.getValue().isObject()) {
                        problems.add("eventUrls: must be an object mapping event types to URL templates");
                        break;
                    }
                    Map<VendorEventType, String> sorted = new EnumMap<>(VendorEventType.class);
                    for (Iterator<Map.Entry<String, JsonNode>> u = field.getValue().fields(); u.hasNext();) {
                        Map.Entry<String, JsonNode> url = u.next();
                        String name = "eventUrls." + url.getKey();
                        VendorEventType type;
                        try {
                            type = VendorEventType.valueOf(url.getKey());
                        } catch (IllegalArgumentException e) {
                            problems.add(name + ": is not an event type (" + List.of(VendorEventType.values()) + ")");
                            continue;
                        }
                        if (url.getValue().isNull()) {
                            continue; // null removes the URL
                        }
                        String value = url.getValue().isTextual() ? url.getValue().asText() : null;
                        if (value == null || !value.contains(EVENT_URL_PLACEHOLDER)
                                || !InputValidator.isHttpUrl(value.replace(EVENT_URL_PLACEHOLDER, "x"))) {
                            problems.add(name + ": must be an absolute http(s) URL containing " + EVENT_URL_PLACEHOLDER);
                        } else if (value.length() > 2048) {
                            problems.add(name + ": must be at most 2048 characters");
                        } else {
                            sorted.put(type, value);
                        }
                    }
                    urls = new LinkedHashMap<>();
                    for (Map.Entry<VendorEventType, String> e : sorted.entrySet()) {
                        urls.put(e.getKey().name(), e.getValue());
                    }
                }
                default -> problems.add(field.getKey() + ": is not a property of integration settings");
            }
        }
        InputValidator.fail(problems);
        return new Settings(interactive, urls);
    }

    private static VendorEventType eventType(String field, String value) {
        try {
            return VendorEventType.valueOf(value);
        } catch (IllegalArgumentException e) {
            throw ApiException.invalidField(field, "must be one of " + List.of(VendorEventType.values()));
        }
    }
}
