package dev.marketplace.notification.vendorevent.service;

import java.io.StringWriter;
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
import dev.marketplace.notification.NotificationConfig;
import dev.marketplace.notification.vendorevent.domain.VendorEvent;
import dev.marketplace.notification.vendorevent.domain.VendorEventStatus;

/**
 * Turns a domain event a vendor must hear about into a {@link VendorEvent}: its token, and the event document of
 * DESIGN §6 step 2 (AppDirect's event JSON: {@code type, marketplace{baseUrl, partner}, applicationUuid, flag, creator,
 * payload{user, company, account, order, notice, configuration}, returnUrl, links}) with only the fields AppDirect's
 * vendor library knows. Also renders that document as XML for callers that do not ask for JSON.
 */
@ApplicationScoped
public class VendorEventDocuments {
    /** Event types a vendor is notified of (billing-service's subscription events, catalog-service's ping). */
    public static final Set<String> VENDOR_TYPES = Set.of("SUBSCRIPTION_ORDER", "SUBSCRIPTION_CHANGE", "SUBSCRIPTION_CANCEL",
            "SUBSCRIPTION_NOTICE", "USER_ASSIGNMENT", "USER_UNASSIGNMENT");
    public static final String PING = "VENDOR_PING";
    public static final String EVENTS_PATH = "/api/integration/v1/events/";
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{8,64}");
    private static final String[] USER_FIELDS = { "uuid", "openId", "email", "firstName", "lastName", "language", "locale" };
    private static final String[] COMPANY_FIELDS = { "uuid", "externalId", "name", "email", "phoneNumber", "website", "country" };

    private final ObjectMapper mapper;
    private final NotificationConfig config;

    public VendorEventDocuments(ObjectMapper mapper, NotificationConfig config) {
        this.mapper = mapper;
        this.config = config;
    }

    public static boolean concerns(EventEnvelope envelope) {
        return envelope.type() != null && (VENDOR_TYPES.contains(envelope.type()) || PING.equals(envelope.type()))
                && envelope.payload() != null && envelope.payload().path("productId").canConvertToLong()
                && envelope.partner() != null;
    }

    public static String newToken() {
        return RandomTokens.hex(16);
    }

    /** The token the producer chose (billing-service puts it in the event URL it shows the user), if usable. */
    public static Optional<String> proposedToken(EventEnvelope envelope) {
        JsonNode token = envelope.payload().get("eventToken");
        return token != null && token.isTextual() && TOKEN.matcher(token.asText()).matches() ? Optional.of(token.asText())
                : Optional.empty();
    }

    /** A new row for the event, PENDING (or AWAITING_RESULT for an interactive order the user's browser carries). */
    public VendorEvent create(EventEnvelope envelope, String token, java.time.Instant now) {
        JsonNode p = envelope.payload();
        boolean ping = PING.equals(envelope.type());
        VendorEvent e = new VendorEvent();
        e.id = envelope.id();
        e.token = token;
        e.partner = envelope.partner();
        e.productId = p.path("productId").asLong();
        e.productName = text(p, "productName");
        e.eventType = ping ? Optional.ofNullable(text(p, "eventType")).orElse("SUBSCRIPTION_ORDER") : envelope.type();
        e.flag = ping ? Optional.ofNullable(text(p, "flag")).orElse("STATELESS") : null;
        e.urlTemplate = ping ? text(p, "eventUrlTemplate") : null;
        e.subscriptionId = text(p, "subscriptionId");
        e.companyName = p.path("company").isObject() ? text(p.get("company"), "name") : null;
        e.userUuid = text(p, "userUuid") != null ? text(p, "userUuid")
                : p.path("user").isObject() ? text(p.get("user"), "uuid") : null;
        e.interactive = !ping && "SUBSCRIPTION_ORDER".equals(e.eventType) && p.path("interactive").asBoolean(false);
        e.eventUrl = baseUrl(p) + EVENTS_PATH + token;
        e.document = json(document(envelope, e, ping));
        e.status = e.interactive ? VendorEventStatus.AWAITING_RESULT : VendorEventStatus.PENDING;
        e.nextAttemptAt = now;
        e.createdOn = now;
        return e;
    }

    public String baseUrl(JsonNode payload) {
        String fromEvent = payload == null ? null : text(payload.path("marketplace"), "baseUrl");
        String base = fromEvent != null ? fromEvent : config.vendor().baseUrl().toString();
        return base.replaceAll("/+$", "");
    }

    private ObjectNode document(EventEnvelope envelope, VendorEvent e, boolean ping) {
        JsonNode p = envelope.payload();
        ObjectNode doc = mapper.createObjectNode();
        doc.put("type", e.eventType);
        ObjectNode marketplace = doc.putObject("marketplace");
        marketplace.put("baseUrl", baseUrl(p));
        marketplace.put("partner", e.partner);
        doc.put("applicationUuid", text(p, "applicationUuid"));
        doc.put("flag", e.flag);
        ObjectNode payload = mapper.createObjectNode();
        if (ping) {
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
        } else {
            doc.set("creator", pick(p.path("creator"), USER_FIELDS));
            payload.set("user", pick(p.path("user"), USER_FIELDS));
            payload.set("company", pick(p.path("company"), COMPANY_FIELDS));
            JsonNode account = p.path("account");
            if (account.isObject()) {
                payload.set("account", pick(account, "accountIdentifier", "status"));
            }
            if (p.path("order").isObject() && !e.eventType.startsWith("USER_")) {
                payload.set("order", order(p.get("order")));
            }
            if (p.path("notice").isObject()) {
                payload.set("notice", pick(p.get("notice"), "type", "message"));
            }
        }
        payload.set("configuration", p.path("configuration").isObject() ? p.get("configuration").deepCopy()
                : mapper.createObjectNode());
        doc.set("payload", payload);
        String returnUrl = text(p, "returnUrl");
        if (returnUrl != null && "SUBSCRIPTION_ORDER".equals(e.eventType)) {
            doc.put("returnUrl", returnUrl);
        }
        doc.putArray("links");
        return doc;
    }

    private ObjectNode order(JsonNode order) {
        ObjectNode o = pick(order, "editionCode", "addonOfferingCode", "pricingDuration", "discountCode");
        ArrayNode items = o.putArray("items");
        order.path("items").forEach(item -> {
            if (item.isObject()) {
                ObjectNode i = items.addObject();
                i.put("unit", text(item, "unit"));
                if (item.path("quantity").canConvertToInt()) {
                    i.put("quantity", item.get("quantity").asInt());
                }
            }
        });
        return o;
    }

    private ObjectNode pick(JsonNode source, String... fields) {
        ObjectNode o = mapper.createObjectNode();
        if (source != null && source.isObject()) {
            for (String f : fields) {
                JsonNode v = source.get(f);
                if (v != null && !v.isNull() && v.isValueNode()) {
                    o.set(f, v);
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

    static String text(JsonNode node, String field) {
        JsonNode v = node == null ? null : node.get(field);
        return v == null || v.isNull() || v.isContainerNode() || v.asText().isBlank() ? null : v.asText();
    }
}
