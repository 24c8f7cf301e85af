package dev.marketplace.catalog.product.service;

import java.math.BigDecimal;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.catalog.product.service.ProductInputs.Cost;
import dev.marketplace.catalog.product.service.ProductInputs.EditionInput;
import dev.marketplace.catalog.product.service.ProductInputs.PlanInput;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.common.error.ApiException;

/** Binds and checks catalogue bodies, reporting every violated field at once (400 INVALID_FIELD). */
@ApplicationScoped
public class InputValidator {
    /** Currencies of the spec's currency enumeration (§2 exchange rates). */
    public static final Set<String> CURRENCIES = Set.of("USD", "CAD", "EUR", "JPY", "GBP", "KRW", "CHF", "SEK", "SGD", "MYR",
            "AUD", "MXN", "INR", "BRL", "DKK", "NZD", "NOK", "ZAR", "PHP", "CNY", "SAR", "GTQ", "IDR", "ARS", "COP", "PEN");
    private static final Pattern UNIT = Pattern.compile("[A-Z][A-Z0-9_]{0,63}");
    private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_\\-.]{1,64}");

    private final ObjectMapper mapper;

    public InputValidator(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public <T> T bind(JsonNode body, Class<T> type) {
        if (body == null || !body.isObject()) {
            throw ApiException.badRequest("INVALID_BODY", "body: a JSON object is required");
        }
        try {
            return mapper.reader().with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).treeToValue(body, type);
        } catch (JsonProcessingException e) {
            throw ApiException.invalidBody(e);
        }
    }

    public void check(ProductInput p, boolean create) {
        List<String> problems = new ArrayList<>();
        requireText(problems, "name", p.name(), 255);
        if (p.description() != null && p.description().length() > 10000) {
            problems.add("description: must be at most 10000 characters");
        }
        if (p.productType() != null && !UNIT.matcher(p.productType()).matches()) {
            problems.add("productType: must be an upper-case identifier such as WEB_APP");
        }
        if (p.vendorCompanyUuid() != null && !isUuid(p.vendorCompanyUuid())) {
            problems.add("vendorCompanyUuid: must be a UUID");
        }
        if (p.developers() != null) {
            for (int i = 0; i < p.developers().size(); i++) {
                if (!isUuid(p.developers().get(i))) {
                    problems.add("developers[" + i + "]: must be a user UUID");
                }
            }
        }
        if (!create && p.editions() != null) {
            problems.add("editions: cannot be changed here; use the editions endpoints");
        }
        if (p.editions() != null) {
            Set<String> codes = new java.util.HashSet<>();
            for (int i = 0; i < p.editions().size(); i++) {
                EditionInput e = p.editions().get(i);
                check(problems, "editions[" + i + "].", e, true);
                if (e != null && e.code() != null && !codes.add(e.code())) {
                    problems.add("editions[" + i + "].code: is used by another edition of the product");
                }
            }
        }
        fail(problems);
    }

    public void check(EditionInput e, boolean create) {
        List<String> problems = new ArrayList<>();
        check(problems, "", e, create);
        fail(problems);
    }

    public void check(PlanInput plan) {
        List<String> problems = new ArrayList<>();
        check(problems, "", plan);
        fail(problems);
    }

    private void check(List<String> problems, String prefix, EditionInput e, boolean create) {
        if (e == null) {
            problems.add(prefix.isEmpty() ? "body: an edition is required" : prefix + ": an edition is required");
            return;
        }
        requireText(problems, prefix + "name", e.name(), 255);
        if (e.code() == null || !CODE.matcher(e.code()).matches()) {
            problems.add(prefix + "code: is required, 1 to 64 letters, digits, '_', '-' or '.'");
        }
        nonNegative(problems, prefix + "rank", e.rank());
        nonNegative(problems, prefix + "expiredTrialGracePeriod", e.expiredTrialGracePeriod());
        nonNegative(problems, prefix + "freeTrialDuration", e.freeTrialDuration());
        if (e.trial() != null && (e.trial().length() == null || e.trial().length() < 1 || e.trial().unit() == null)) {
            problems.add(prefix + "trial: needs a positive length and a unit");
        }
        if (e.bullets() != null) {
            for (int i = 0; i < e.bullets().size(); i++) {
                if (e.bullets().get(i) == null || e.bullets().get(i).content() == null) {
                    problems.add(prefix + "bullets[" + i + "].content: is required");
                }
            }
        }
        if (e.items() != null) {
            for (int i = 0; i < e.items().size(); i++) {
                var item = e.items().get(i);
                if (item == null || item.unit() == null || !UNIT.matcher(item.unit()).matches()) {
                    problems.add(prefix + "items[" + i + "].unit: is required, a pricing unit such as USER");
                }
            }
        }
        if (e.plans() != null) {
            if (!create) {
                problems.add(prefix + "plans: cannot be changed here; add plans through the paymentPlans endpoint");
            }
            for (int i = 0; i < e.plans().size(); i++) {
                check(problems, prefix + "plans[" + i + "].", e.plans().get(i));
            }
        }
    }

    private void check(List<String> problems, String prefix, PlanInput plan) {
        if (plan == null) {
            problems.add((prefix.isEmpty() ? "body" : prefix) + ": a plan is required");
            return;
        }
        if (plan.frequency() == null) {
            problems.add(prefix + "frequency: is required (DAILY, MONTHLY, QUARTERLY, SIX_MONTHS, YEARLY, TWO_YEARS, THREE_YEARS, ONE_TIME)");
        }
        if (plan.contract() != null && !plan.contract().isObject()) {
            problems.add(prefix + "contract: must be an object");
        }
        if (plan.costs() == null || plan.costs().isEmpty()) {
            problems.add(prefix + "costs: at least one cost is required");
            return;
        }
        for (int i = 0; i < plan.costs().size(); i++) {
            String p = prefix + "costs[" + i + "].";
            Cost cost = plan.costs().get(i);
            if (cost == null) {
                problems.add(p + ": a cost is required");
                continue;
            }
            if (cost.unit() == null || !UNIT.matcher(cost.unit()).matches()) {
                problems.add(p + "unit: is required, a pricing unit such as USER");
            }
            nonNegative(problems, p + "minUnits", cost.minUnits());
            if (cost.maxUnits() != null && (cost.maxUnits() < 1
                    || (cost.minUnits() != null && cost.maxUnits() < cost.minUnits()))) {
                problems.add(p + "maxUnits: must be positive and not below minUnits");
            }
            if (cost.increment() != null && cost.increment() < 1) {
                problems.add(p + "increment: must be at least 1");
            }
            if (cost.amount() == null || cost.amount().isEmpty()) {
                problems.add(p + "amount: at least one currency amount is required");
            } else {
                cost.amount().forEach((currency, value) -> {
                    if (!CURRENCIES.contains(currency)) {
                        problems.add(p + "amount." + currency + ": is not a supported currency");
                    } else if (value == null || value.compareTo(BigDecimal.ZERO) < 0) {
                        problems.add(p + "amount." + currency + ": must be zero or more");
                    }
                });
            }
        }
    }

    public static boolean isUuid(String value) {
        if (value == null || value.length() != 36) {
            return false;
        }
        try {
            UUID.fromString(value);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    public static boolean isHttpUrl(String value) {
        try {
            URI uri = new URI(value);
            return uri.isAbsolute() && ("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null;
        } catch (Exception e) {
            return false;
        }
    }

    private static void requireText(List<String> problems, String field, String value, int max) {
        if (value == null || value.isBlank()) {
            problems.add(field + ": is required");
        } else if (value.length() > max) {
            problems.add(field + ": must be at most " + max + " characters");
        }
    }

    private static void nonNegative(List<String> problems, String field, Integer value) {
        if (value != null && value < 0) {
            problems.add(field + ": must be zero or more");
        }
    }

    public static void fail(List<String> problems) {
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("INVALID_FIELD", String.join("; ", problems));
        }
    }
}
