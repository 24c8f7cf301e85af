package dev.marketplace.billing.subscription.service;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.error.ApiException;

/** Request bodies of the subscription API, bound strictly and checked field by field (every violation listed). */
@ApplicationScoped
public class SubscriptionInputs {
    private static final Pattern UNIT = Pattern.compile("[A-Z][A-Z0-9_]{0,63}");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern UUID_TEXT = Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final ObjectMapper mapper;

    public SubscriptionInputs(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public record Item(String unit, Integer quantity) {
    }

    public record CompanyInfo(String name, String email, String phoneNumber, String website, String country,
            String externalId) {
    }

    public record UserInfo(String email, String firstName, String lastName, String locale, String language) {
    }

    public record OrderInput(Long productId, Long editionId, Long paymentPlanId, List<Item> items, CompanyInfo company,
            UserInfo user) {
    }

    public record ChangeInput(Long editionId, Long paymentPlanId, List<Item> items) {
    }

    public record AssignInput(String uuid, String email, String firstName, String lastName, String locale) {
    }

    public record ResultInput(String eventType, Boolean success, String accountIdentifier, String errorCode, String message,
            String userUuid) {
    }

    public OrderInput order(JsonNode body) {
        OrderInput in = bind(body, OrderInput.class);
        List<String> problems = new ArrayList<>();
        if (in.productId() == null || in.productId() < 1) {
            problems.add("productId: is required, a product id");
        }
        if (in.editionId() == null || in.editionId() < 1) {
            problems.add("editionId: is required, an edition id of the product");
        }
        items(problems, in.items());
        if (in.company() == null || blank(in.company().name())) {
            problems.add("company.name: is required (the vendor receives the buying company)");
        } else if (in.company().email() != null && !EMAIL.matcher(in.company().email()).matches()) {
            problems.add("company.email: must be an email address");
        }
        if (in.user() == null || blank(in.user().email()) || !EMAIL.matcher(in.user().email()).matches()) {
            problems.add("user.email: is required, an email address (the vendor receives the buying user)");
        }
        fail(problems);
        return in;
    }

    public ChangeInput change(JsonNode body) {
        ChangeInput in = bind(body, ChangeInput.class);
        List<String> problems = new ArrayList<>();
        if (in.editionId() != null && in.editionId() < 1) {
            problems.add("editionId: must be an edition id of the product");
        }
        if (in.editionId() == null && in.paymentPlanId() == null && in.items() == null) {
            problems.add("body: give at least one of editionId, paymentPlanId, items");
        }
        items(problems, in.items());
        fail(problems);
        return in;
    }

    public AssignInput assign(JsonNode body) {
        AssignInput in = bind(body, AssignInput.class);
        List<String> problems = new ArrayList<>();
        if (in.uuid() == null || !UUID_TEXT.matcher(in.uuid()).matches()) {
            problems.add("uuid: is required, the UUID of the user to assign");
        }
        if (in.email() == null || !EMAIL.matcher(in.email()).matches()) {
            problems.add("email: is required, an email address");
        }
        fail(problems);
        return in;
    }

    public ResultInput result(JsonNode body) {
        ResultInput in = bind(body, ResultInput.class);
        List<String> problems = new ArrayList<>();
        if (in.eventType() == null || !VendorResults.EVENT_TYPES.contains(in.eventType())) {
            problems.add("eventType: must be one of " + VendorResults.EVENT_TYPES);
        }
        if (in.success() == null) {
            problems.add("success: is required");
        }
        if (in.eventType() != null && in.eventType().startsWith("USER_")
                && (in.userUuid() == null || !UUID_TEXT.matcher(in.userUuid()).matches())) {
            problems.add("userUuid: is required for " + in.eventType() + ", a user UUID");
        }
        fail(problems);
        return in;
    }

    private static void items(List<String> problems, List<Item> items) {
        if (items == null) {
            return;
        }
        java.util.Set<String> units = new java.util.HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            if (item == null || item.unit() == null || !UNIT.matcher(item.unit()).matches()) {
                problems.add("items[" + i + "].unit: is required, a pricing unit such as USER");
            } else if (!units.add(item.unit())) {
                problems.add("items[" + i + "].unit: appears twice");
            }
            if (item == null || item.quantity() == null || item.quantity() < 1) {
                problems.add("items[" + i + "].quantity: is required, at least 1");
            }
        }
    }

    private <T> T bind(JsonNode body, Class<T> type) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("INVALID_BODY", "body: a JSON object is required");
        }
        try {
            return mapper.reader().with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).treeToValue(body, type);
        } catch (JsonProcessingException e) {
            throw ApiException.invalidBody(e);
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    static void fail(List<String> problems) {
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("INVALID_FIELD", String.join("; ", problems));
        }
    }
}
