package dev.marketplace.notification.eventlog.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.paging.Link;
import dev.marketplace.notification.eventlog.domain.LoggedEvent;

/**
 * An event of the log: AppDirect's EventWS fields (uuid, type, creationDate, company, product, orderId, subscriptionId,
 * consumed, successful, asynchronous, error, manuallyResolved, links) plus the envelope this suite carries (partner,
 * source, aggregate, creator, payload).
 */
public record EventView(String uuid, String type, long creationDate, String partner, String source, Aggregate aggregate,
        JsonNode creator, JsonNode payload, Long orderId, Long subscriptionId, CompanyRef company, ProductRef product,
        Boolean consumed, Boolean successful, Boolean asynchronous, Error error, Boolean manuallyResolved,
        String vendorStatus, List<Link> links) {

    public record Aggregate(String type, String id) {
    }

    public record CompanyRef(String companyId, String name) {
    }

    public record ProductRef(Long productId, String name) {
    }

    public record Error(String code, String message) {
    }

    public static EventView of(LoggedEvent e, ObjectMapper mapper, URI baseUri) {
        JsonNode payload = read(mapper, e.payload);
        JsonNode creator = read(mapper, e.creator);
        Error error = e.errorCode == null && e.errorMessage == null ? null : new Error(e.errorCode, e.errorMessage);
        String self = baseUri == null ? "/api/channel/v1/events/" + e.id
                : baseUri.resolve("api/channel/v1/events/" + e.id).toString();
        return new EventView(e.id.toString(), e.type, e.occurredOn.toEpochMilli(), e.partner, e.source,
                new Aggregate(e.aggregateType, e.aggregateId), creator, payload, e.orderId, e.subscriptionId,
                company(e, payload), product(payload), e.consumed, e.successful, e.asynchronous, error, e.manuallyResolved, e.vendorStatus,
                List.of(new Link("self", self)));
    }

    private static JsonNode read(ObjectMapper mapper, String json) {
        if (json == null) {
            return null;
        }
        try {
            return mapper.readTree(json);
        } catch (Exception ex) {
            return null;
        }
    }

    private static CompanyRef company(LoggedEvent e, JsonNode payload) {
        if ("COMPANY".equals(e.aggregateType)) {
            return new CompanyRef(e.aggregateId, text(payload, "name"));
        }
        if (payload != null && payload.path("company").isObject()) {
            JsonNode c = payload.get("company");
            String id = firstText(c, "uuid", "companyId", "id");
            return new CompanyRef(id, text(c, "name"));
        }
        String id = firstText(payload, "companyUuid", "companyId");
        return id == null ? null : new CompanyRef(id, null);
    }

    private static ProductRef product(JsonNode payload) {
        if (payload == null) {
            return null;
        }
        if (payload.path("product").isObject()) {
            JsonNode p = payload.get("product");
            JsonNode id = p.has("productId") ? p.get("productId") : p.get("id");
            return new ProductRef(id != null && id.canConvertToLong() ? id.asLong() : null, text(p, "name"));
        }
        JsonNode id = payload.get("productId");
        return id != null && id.canConvertToLong() && id.isNumber() ? new ProductRef(id.asLong(), null) : null;
    }

    private static String text(JsonNode node, String field) {
        if (node == null) {
            return null;
        }
        JsonNode v = node.get(field);
        return v == null || v.isNull() || v.isContainerNode() ? null : v.asText();
    }

    private static String firstText(JsonNode node, String... fields) {
        for (String f : fields) {
            String v = text(node, f);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** Order and subscription ids carried by a payload, as numbers: {@code orderId} or {@code order.id}. */
    static Long number(JsonNode payload, String field, String objectField) {
        if (payload == null) {
            return null;
        }
        JsonNode v = payload.get(field);
        if ((v == null || v.isNull()) && payload.path(objectField).isObject()) {
            v = payload.get(objectField).get("id");
        }
        if (v == null || v.isNull()) {
            return null;
        }
        if (v.isIntegralNumber()) {
            return v.asLong();
        }
        if (v.isTextual()) {
            try {
                return Long.parseLong(v.asText().trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
