package dev.marketplace.catalog.shipping.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;

import dev.marketplace.catalog.shipping.domain.ShippingConnector;
import dev.marketplace.catalog.shipping.domain.ShippingZone;
import dev.marketplace.catalog.shipping.repository.ShippingConnectorRepository;
import dev.marketplace.catalog.shipping.repository.ShippingZoneRepository;
import dev.marketplace.catalog.support.JsonText;
import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.net.OutboundUrlGuard;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Shipping zones of the caller's marketplace. A connector's shared secret is encrypted at rest with the shared cipher
 * and never leaves the service: reads answer {@code connectorConfigurations} empty, events name connectors only. A
 * connector's {@code baseUrl} passes the outbound-URL guard.
 */
@ApplicationScoped
public class ShippingService {
    static final String AGGREGATE = "SHIPPING_ZONE";
    private static final Pattern REGION = Pattern.compile("([A-Z]{2})\\+([A-Za-z0-9]{1,3}(-[A-Za-z0-9]{1,8})?)");

    private final ShippingZoneRepository zones;
    private final ShippingConnectorRepository connectors;
    private final SecretCipher cipher;
    private final OutboundUrlGuard guard;
    private final JsonText json;
    private final DomainEventPublisher events;
    private final Caller caller;

    public ShippingService(ShippingZoneRepository zones, ShippingConnectorRepository connectors, SecretCipher cipher,
            OutboundUrlGuard guard, JsonText json, DomainEventPublisher events, Caller caller) {
        this.zones = zones;
        this.connectors = connectors;
        this.cipher = cipher;
        this.guard = guard;
        this.json = json;
        this.events = events;
        this.caller = caller;
    }

    public record Country(@NotNull(message = "is required") @IsoCountryCode String shortCode,
            @Size(max = 500) List<@NotBlank String> includedRegions) {
    }

    /** A connector as a client gives it; the secret may be left out on an update to keep the stored one. */
    public record ConnectorInput(@NotBlank(message = "is required") @Size(max = 2048) String baseUrl,
            @Size(min = 8, max = 512) String sharedSecret) {
        @Override
        public String toString() {
            return "ConnectorInput[" + baseUrl + ", sharedSecret ****]";
        }
    }

    /** Create body: name and countries required. Update body: every property optional. */
    public record ZoneInput(@Size(max = 255) String name, @Size(max = 300) List<@NotNull @Valid Country> countries,
            @Size(max = 128) String defaultConnector,
            @Size(max = 20) Map<@NotBlank @Size(max = 128) String, @Valid ConnectorInput> connectorConfigurations) {
    }

    /** A zone as every read shows it: {@code connectorConfigurations} is always empty. */
    public record ZoneView(String uuid, String name, List<Country> countries, String defaultConnector,
            @JsonProperty("connectorConfigurations") Map<String, Object> connectorConfigurations) {
    }

    /** What the events say about a zone: connectors by name and address, never their secrets. */
    public record ZoneEvent(String uuid, String name, List<Country> countries, String defaultConnector,
            Map<String, String> connectorBaseUrls) {
    }

    /** Field rules and the outbound-URL guard on connector addresses (resolves names off the event loop). */
    public Uni<Void> check(ZoneInput input, boolean create) {
        Violations v = Violations.start();
        if (create) {
            v.when(input.name() == null || input.name().isBlank(), "name", "is required");
            v.when(input.countries() == null || input.countries().isEmpty(), "countries", "at least one country is required");
        } else {
            v.when(input.name() != null && input.name().isBlank(), "name", "must not be blank");
        }
        if (input.countries() != null) {
            java.util.Set<String> seen = new java.util.HashSet<>();
            for (int i = 0; i < input.countries().size(); i++) {
                Country country = input.countries().get(i);
                v.when(country.shortCode() != null && !seen.add(country.shortCode()), "countries[" + i + "].shortCode",
                        "is listed twice");
                List<String> regions = country.includedRegions() == null ? List.of() : country.includedRegions();
                for (int j = 0; j < regions.size(); j++) {
                    String region = regions.get(j);
                    if (region == null || region.isBlank()) {
                        continue;
                    }
                    var m = REGION.matcher(region);
                    String field = "countries[" + i + "].includedRegions[" + j + "]";
                    if (!m.matches()) {
                        v.add(field, "must be <COUNTRY>+<REGION>, such as US+CA (ISO 3166-2 subdivision)");
                    } else {
                        v.when(!m.group(1).equals(country.shortCode()), field, "must start with its country " + country.shortCode() + "+");
                    }
                }
            }
        }
        if (input.connectorConfigurations() != null) {
            input.connectorConfigurations().forEach((name, connector) -> v.when(create && connector != null
                    && (connector.sharedSecret() == null || connector.sharedSecret().isBlank()),
                    "connectorConfigurations." + name + ".sharedSecret", "is required"));
            v.when(create && input.connectorConfigurations().values().stream().anyMatch(c -> c == null),
                    "connectorConfigurations", "a connector needs baseUrl and sharedSecret");
        }
        v.throwIfAny();
        Map<String, String> urls = new LinkedHashMap<>();
        if (input.connectorConfigurations() != null) {
            input.connectorConfigurations().forEach((name, connector) -> {
                if (connector != null) {
                    urls.put("connectorConfigurations." + name + ".baseUrl", connector.baseUrl());
                }
            });
        }
        return guard.violations(urls).invoke(found -> {
            Violations refused = Violations.start();
            found.forEach(refused::add);
            refused.throwIfAny();
        }).replaceWithVoid();
    }

    @WithTransaction
    public Uni<ZoneView> create(ZoneInput input) {
        String partner = caller.partner();
        ShippingZone zone = new ShippingZone();
        zone.uuid = UUID.randomUUID();
        zone.partner = partner;
        zone.name = input.name().trim();
        zone.countries = json.write(input.countries());
        zone.createdOn = Instant.now();
        zone.lastModified = zone.createdOn;
        zone.defaultConnector = input.defaultConnector();
        Map<String, ConnectorInput> given = input.connectorConfigurations() == null ? Map.of() : input.connectorConfigurations();
        requireDefaultKnown(zone.defaultConnector, given.keySet());
        return requireNameFree(partner, zone.name, null)
                .chain(() -> zones.persist(zone))
                .chain(() -> {
                    List<ShippingConnector> rows = new ArrayList<>();
                    given.forEach((name, c) -> rows.add(connector(zone.uuid, name, c.baseUrl(), c.sharedSecret())));
                    return rows.isEmpty() ? Uni.createFrom().voidItem() : connectors.persist(rows);
                })
                .chain(() -> publish(EventTypes.SHIPPING_ZONE_CREATED, zone));
    }

    @WithSession
    public Uni<List<ZoneView>> list() {
        return zones.ofPartner(caller.partner()).map(list -> list.stream().map(this::view).toList());
    }

    @WithSession
    public Uni<ZoneView> get(UUID uuid) {
        return load(uuid).map(this::view);
    }

    /** 404 for a zone that is not the caller's marketplace's, before anything else is looked at. */
    @WithSession
    public Uni<Void> requireZone(UUID uuid) {
        return load(uuid).replaceWithVoid();
    }

    /**
     * Updates the properties present. {@code connectorConfigurations} entries are merged by name: a given connector is
     * added or replaced (its secret may be left out to keep the stored one, unless its baseUrl changes), {@code null}
     * removes it, others stay.
     */
    @WithTransaction
    public Uni<ZoneView> update(UUID uuid, ZoneInput input) {
        return load(uuid).chain(zone -> connectors.ofZone(zone.uuid).chain(existing -> {
            Map<String, ShippingConnector> byName = new LinkedHashMap<>();
            existing.forEach(c -> byName.put(c.name, c));
            Map<String, ConnectorInput> given = input.connectorConfigurations() == null ? Map.of() : input.connectorConfigurations();
            Violations v = Violations.start();
            given.forEach((name, c) -> {
                boolean noSecret = c != null && (c.sharedSecret() == null || c.sharedSecret().isBlank());
                ShippingConnector current = byName.get(name);
                v.when(noSecret && current == null, "connectorConfigurations." + name + ".sharedSecret",
                        "is required for a new connector");
                // the stored secret signs what goes to baseUrl: kept only for the address it was given for
                v.when(noSecret && current != null && !current.baseUrl.equals(c.baseUrl()),
                        "connectorConfigurations." + name + ".sharedSecret", "is required when baseUrl changes");
            });
            v.throwIfAny();
            java.util.Set<String> after = new java.util.LinkedHashSet<>(byName.keySet());
            given.forEach((name, c) -> {
                if (c == null) {
                    after.remove(name);
                } else {
                    after.add(name);
                }
            });
            String defaultConnector = input.defaultConnector() != null ? input.defaultConnector() : zone.defaultConnector;
            requireDefaultKnown(defaultConnector, after);
            Uni<Void> nameCheck = input.name() == null ? Uni.createFrom().voidItem()
                    : requireNameFree(zone.partner, input.name().trim(), zone.uuid);
            return nameCheck.chain(() -> {
                if (input.name() != null) {
                    zone.name = input.name().trim();
                }
                if (input.countries() != null) {
                    zone.countries = json.write(input.countries());
                }
                zone.defaultConnector = defaultConnector;
                zone.lastModified = Instant.now();
                Uni<Void> changes = Uni.createFrom().voidItem();
                for (Map.Entry<String, ConnectorInput> e : given.entrySet()) {
                    ShippingConnector current = byName.get(e.getKey());
                    ConnectorInput c = e.getValue();
                    if (c == null) {
                        if (current != null) {
                            changes = changes.call(() -> connectors.delete(current));
                        }
                    } else if (current == null) {
                        changes = changes.call(() -> connectors.persist(connector(zone.uuid, e.getKey(), c.baseUrl(), c.sharedSecret())));
                    } else {
                        current.baseUrl = c.baseUrl();
                        if (c.sharedSecret() != null && !c.sharedSecret().isBlank()) {
                            current.secretCiphertext = cipher.encrypt(aad(zone.uuid, e.getKey()), c.sharedSecret());
                        }
                    }
                }
                return changes.chain(() -> zones.flush()).chain(() -> publish(EventTypes.SHIPPING_ZONE_UPDATED, zone));
            });
        }));
    }

    private Uni<ZoneView> publish(String type, ShippingZone zone) {
        return connectors.ofZone(zone.uuid).chain(list -> {
            Map<String, String> urls = new LinkedHashMap<>();
            list.forEach(c -> urls.put(c.name, c.baseUrl));
            ZoneEvent payload = new ZoneEvent(zone.uuid.toString(), zone.name, countries(zone), zone.defaultConnector, urls);
            return events.publish(type, zone.partner, AGGREGATE, zone.uuid.toString(), payload).replaceWith(view(zone));
        });
    }

    private ShippingConnector connector(UUID zone, String name, String baseUrl, String secret) {
        ShippingConnector c = new ShippingConnector();
        c.zoneUuid = zone;
        c.name = name;
        c.baseUrl = baseUrl;
        c.secretCiphertext = cipher.encrypt(aad(zone, name), secret);
        return c;
    }

    /** Associated data of a connector's ciphertext: a secret copied to another connector's row does not decrypt. */
    private static String aad(UUID zone, String connector) {
        return "shipping-connector:" + zone + ":" + connector;
    }

    private static void requireDefaultKnown(String defaultConnector, java.util.Set<String> connectorNames) {
        if (defaultConnector != null && !connectorNames.contains(defaultConnector)) {
            throw ApiException.invalidField("defaultConnector", "must name one of the zone's connectorConfigurations");
        }
    }

    private Uni<Void> requireNameFree(String partner, String name, UUID except) {
        return zones.nameTaken(partner, name, except).invoke(taken -> {
            if (taken) {
                throw ApiException.conflict("DUPLICATE_ZONE_NAME", "name: the marketplace already has a zone named " + name);
            }
        }).replaceWithVoid();
    }

    /** A zone of the caller's marketplace; another marketplace's zone is as unknown as a missing one. */
    private Uni<ShippingZone> load(UUID uuid) {
        String partner = caller.partner();
        return zones.findById(uuid).invoke(zone -> {
            if (zone == null || !zone.partner.equals(partner)) {
                throw ApiException.notFound("Shipping zone", uuid);
            }
        });
    }

    private List<Country> countries(ShippingZone zone) {
        return json.read(zone.countries, new TypeReference<List<Country>>() {
        });
    }

    private ZoneView view(ShippingZone zone) {
        return new ZoneView(zone.uuid.toString(), zone.name, countries(zone), zone.defaultConnector, new HashMap<>());
    }
}
