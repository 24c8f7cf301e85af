package dev.marketplace.notification.vendorevent.service;

import java.io.StringWriter;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.common.crypto.RandomTokens;
import dev.marketplace.common.events.EventEnvelope;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.SubscriptionVendorEvent;
import dev.marketplace.common.events.payload.VendorPing;
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;

/**
 * Turns a domain event a vendor must hear about into a {@link VendorEvent}: its token, and the event document of
 * the AppDirect protocol ({@code type, marketplace{baseUrl, partner}, applicationUuid, flag, creator, payload{user,
 * company, account, order, notice, configuration}, returnUrl, links}) with only the fields AppDirect's vendor library
 * knows. The producers' payloads are read as their typed records: billing-service's {@link SubscriptionVendorEvent},
 * catalog-service's {@link VendorPing}. Also renders that document as XML for callers that do not ask for JSON.
 */
@ApplicationScoped
public class VendorEventDocuments {
    /**
     * Event types a vendor is notified of (billing-service's subscription and add-on events, account-service's
     * USER_UPDATED, catalog-service's ping).
     */
    public static final Set<String> VENDOR_TYPES = Set.of(EventTypes.SUBSCRIPTION_ORDER, EventTypes.SUBSCRIPTION_CHANGE,
            EventTypes.SUBSCRIPTION_CANCEL, EventTypes.SUBSCRIPTION_NOTICE, EventTypes.USER_ASSIGNMENT,
            EventTypes.USER_UNASSIGNMENT, EventTypes.ADDON_ORDER, EventTypes.ADDON_CHANGE, EventTypes.ADDON_CANCEL,
            // account-service: an assigned user's name, email or locale changed (no VENDOR_EVENT_RESULT: nothing to apply)
            EventTypes.USER_UPDATED);
    public static final String EVENTS_PATH = "/api/integration/v1/events/";
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{8,64}");

    private final ObjectMapper mapper;
    private final NotificationConfig config;

    public VendorEventDocuments(ObjectMapper mapper, NotificationConfig config) {
        this.mapper = mapper;
        this.config = config;
    }

    /** Whether the event's type is one a vendor hears about (its payload may still turn out unusable). */
    public static boolean concerns(EventEnvelope envelope) {
        return envelope.type() != null && envelope.partner() != null
                && (VENDOR_TYPES.contains(envelope.type()) || EventTypes.VENDOR_PING.equals(envelope.type()));
    }

    /**
     * The producer's payload as its typed record: a {@link VendorPing} or a {@link SubscriptionVendorEvent}; empty when
     * it names no product (no vendor to notify). Throws IllegalArgumentException when it does not bind.
     */
    public Optional<Request> read(EventEnvelope envelope) {
        if (EventTypes.VENDOR_PING.equals(envelope.type())) {
            VendorPing ping = envelope.payloadAs(mapper, VendorPing.class);
            return Optional.ofNullable(ping.productId()).map(product -> new Request(product, null, ping));
        }
        SubscriptionVendorEvent event = envelope.payloadAs(mapper, SubscriptionVendorEvent.class);
        return Optional.ofNullable(event.productId()).map(product -> new Request(product, event, null));
    }

    /** A vendor event's source: exactly one of {@code subscription} and {@code ping}. */
    public record Request(long productId, SubscriptionVendorEvent subscription, VendorPing ping) {
        /** The token the producer chose (billing-service puts it in the event URL it shows the user), if usable. */
        public Optional<String> proposedToken() {
            String token = subscription == null ? null : subscription.eventToken();
            return token != null && TOKEN.matcher(token).matches() ? Optional.of(token) : Optional.empty();
        }
    }

    public static String newToken() {
        return RandomTokens.hex(16);
    }

    /** A new row for the event, PENDING (or AWAITING_RESULT for an interactive order the user's browser carries). */
    public VendorEvent create(EventEnvelope envelope, Request request, String token, Instant now) {
        VendorEvent e = new VendorEvent();
        e.id = envelope.id();
        e.token = token;
        e.partner = envelope.partner();
        e.productId = request.productId();
        VendorPing ping = request.ping();
        SubscriptionVendorEvent p = request.subscription();
        String baseUrl;
        if (ping != null) {
            e.productName = blankToNull(ping.productName());
            e.eventType = Optional.ofNullable(blankToNull(ping.eventType())).orElse(EventTypes.SUBSCRIPTION_ORDER);
            e.flag = Optional.ofNullable(blankToNull(ping.flag())).orElse(VendorPing.STATELESS);
            e.urlTemplate = blankToNull(ping.eventUrlTemplate());
            baseUrl = baseUrl(null);
        } else {
            e.productName = blankToNull(p.productName());
            e.eventType = envelope.type();
            e.subscriptionId = blankToNull(p.subscriptionId());
            e.companyName = p.company() == null ? null : blankToNull(p.company().name());
            e.userUuid = blankToNull(p.userUuid()) != null ? p.userUuid()
                    : p.user() == null ? null : blankToNull(p.user().uuid());
            e.interactive = isOrder(e.eventType) && p.interactive();
            baseUrl = baseUrl(p.marketplace());
        }
        e.eventUrl = baseUrl + EVENTS_PATH + token;
        e.document = json(ping != null ? pingDocument(e, baseUrl, ping) : document(e, baseUrl, p));
        e.status = e.interactive ? VendorEventStatus.AWAITING_RESULT : VendorEventStatus.PENDING;
        if (e.interactive) {
            e.resultDueAt = now.plus(config.vendor().resultDeadline()); // the user must come back from the vendor by then
        }
        e.nextAttemptAt = now;
        e.createdOn = now;
        return e;
    }

    /** The marketplace's public base URL: the event's, else this service's configured one; no trailing slash. */
    public String baseUrl(SubscriptionVendorEvent.Marketplace marketplace) {
        String fromEvent = marketplace == null ? null : blankToNull(marketplace.baseUrl());
        String base = fromEvent != null ? fromEvent : config.vendor().baseUrl().toString();
        return base.replaceAll("/+$", "");
    }

    private ObjectNode header(VendorEvent e, String baseUrl, String applicationUuid) {
        ObjectNode doc = mapper.createObjectNode();
        // an add-on's event is listed as ADDON_*, but the vendor's library dispatches add-ons by the subscription type
        doc.put("type", EventTypes.subscriptionTypeOf(e.eventType));
        ObjectNode marketplace = doc.putObject("marketplace");
        marketplace.put("baseUrl", baseUrl);
        marketplace.put("partner", e.partner);
        doc.put("applicationUuid", blankToNull(applicationUuid));
        doc.put("flag", e.flag);
        return doc;
    }

    private ObjectNode document(VendorEvent e, String baseUrl, SubscriptionVendorEvent p) {
        ObjectNode doc = header(e, baseUrl, p.applicationUuid());
        doc.set("creator", person(p.creator()));
        ObjectNode payload = mapper.createObjectNode();
        payload.set("user", person(p.user()));
        payload.set("company", company(p.company()));
        if (p.account() != null) {
            payload.set("account", object("accountIdentifier", p.account().accountIdentifier(), "status", p.account().status(),
                    "parentAccountIdentifier", p.account().parentAccountIdentifier()));
        }
        if (p.order() != null && !e.eventType.startsWith("USER_")) {
            payload.set("order", order(p.order()));
        }
        if (p.notice() != null) {
            payload.set("notice", object("type", p.notice().type(), "message", p.notice().message()));
        }
        payload.set("configuration", p.configuration() == null ? mapper.createObjectNode() : mapper.valueToTree(p.configuration()));
        doc.set("payload", payload);
        if (blankToNull(p.returnUrl()) != null && isOrder(e.eventType)) {
            doc.put("returnUrl", p.returnUrl());
        }
        doc.putArray("links");
        return doc;
    }

    /** A ping carries placeholder user, company and account data (the vendor's library requires them). */
    private ObjectNode pingDocument(VendorEvent e, String baseUrl, VendorPing ping) {
        ObjectNode doc = header(e, baseUrl, ping.applicationUuid());
        ObjectNode payload = mapper.createObjectNode();
        String id = UUID.nameUUIDFromBytes(e.token.getBytes()).toString();
        ObjectNode user = mapper.createObjectNode().put("uuid", id).put("email", "ping@example.invalid")
                .put("firstName", "Ping").put("lastName", "Test").put("language", "en").put("locale", "en_US");
        doc.set("creator", user);
        payload.set("user", user.deepCopy());
        payload.set("company", mapper.createObjectNode().put("uuid", id).put("name", "Ping test company"));
        payload.set("account", mapper.createObjectNode().put("accountIdentifier", "ping-" + e.token.substring(0, 8))
                .put("status", "ACTIVE"));
        ObjectNode order = payload.putObject("order");
        order.put("editionCode", "PING");
        order.put("pricingDuration", "MONTHLY");
        order.putArray("items");
        payload.set("configuration", mapper.createObjectNode());
        doc.set("payload", payload);
        doc.putArray("links");
        return doc;
    }

    private ObjectNode person(SubscriptionVendorEvent.Person p) {
        return p == null ? mapper.createObjectNode()
                : object("uuid", p.uuid(), "email", p.email(), "firstName", p.firstName(), "lastName", p.lastName(),
                        "language", p.language(), "locale", p.locale());
    }

    private ObjectNode company(SubscriptionVendorEvent.Company c) {
        return c == null ? mapper.createObjectNode()
                : object("uuid", c.uuid(), "externalId", c.externalId(), "name", c.name(), "email", c.email(),
                        "phoneNumber", c.phoneNumber(), "website", c.website(), "country", c.country());
    }

    /** An object of the non-null values among {@code name, value} pairs, in that order. */
    private ObjectNode object(String... namesAndValues) {
        ObjectNode o = mapper.createObjectNode();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            if (namesAndValues[i + 1] != null) {
                o.put(namesAndValues[i], namesAndValues[i + 1]);
            }
        }
        return o;
    }

    private ObjectNode order(SubscriptionVendorEvent.Order order) {
        ObjectNode o = object("editionCode", order.editionCode(), "pricingDuration", order.pricingDuration());
        ArrayNode items = o.putArray("items");
        if (order.items() != null) {
            for (SubscriptionVendorEvent.Item item : order.items()) {
                if (item != null) {
                    ObjectNode i = items.addObject();
                    i.put("unit", item.unit());
                    if (item.quantity() != null) {
                        i.put("quantity", item.quantity());
                    }
                }
            }
        }
        return o;
    }

    private String json(JsonNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    /**
     * The stored document as the vendor fetches it, with the re-delivery marker {@code delivery: {eventId, attempt,
     * redelivered}}: a re-sent event keeps its token and event id, so a vendor de-duplicates on either; {@code attempt}
     * above 1 ({@code redelivered: true}) says the vendor may have seen it before.
     */
    public String served(VendorEvent e) {
        try {
            ObjectNode doc = (ObjectNode) mapper.readTree(e.document);
            ObjectNode delivery = doc.putObject("delivery");
            delivery.put("eventId", e.id.toString());
            delivery.put("attempt", Math.max(1, e.sends));
            delivery.put("redelivered", e.sends > 1);
            return json(doc);
        } catch (Exception ex) {
            throw new IllegalStateException("stored event document cannot be read", ex);
        }
    }

    /** The stored document as XML: root {@code <event>}, arrays as repeated singular elements (items → item). */
    public String xml(String documentJson) {
        try {
            JsonNode doc = mapper.readTree(documentJson);
            StringWriter out = new StringWriter();
            XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
            w.writeStartDocument("UTF-8", "1.0");
            element(w, "event", doc);
            w.writeEndDocument();
            w.close();
            return out.toString();
        } catch (Exception ex) {
            throw new IllegalStateException("event document cannot be rendered as XML", ex);
        }
    }

    private static void element(XMLStreamWriter w, String name, JsonNode node) throws XMLStreamException {
        if (node == null || node.isNull() || node.isMissingNode()) {
            return;
        }
        if (node.isArray()) {
            String singular = name.endsWith("s") && name.length() > 1 ? name.substring(0, name.length() - 1) : name;
            for (JsonNode item : node) {
                element(w, singular, item);
            }
            return;
        }
        w.writeStartElement(name);
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> f = it.next();
                element(w, f.getKey(), f.getValue());
            }
        } else {
            w.writeCharacters(node.asText());
        }
        w.writeEndElement();
    }

    /** A subscription's or an add-on's order: the one event that provisions an account (and may be interactive). */
    static boolean isOrder(String eventType) {
        return EventTypes.SUBSCRIPTION_ORDER.equals(EventTypes.subscriptionTypeOf(eventType));
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() || v.isContainerNode() || v.asText().isBlank() ? null : v.asText();
    }
}
