package dev.marketplace.common.input;

import java.util.ArrayList;
import java.util.List;

import dev.marketplace.common.error.ApiException;

/**
 * Collects the rules a request breaks that Bean Validation cannot express (rules across fields, rules that need the
 * stored state), so that one 400 {@code INVALID_FIELD} names every field at once, in the same shape as an annotation
 * failure: {@code field: rule; field: rule}.
 */
public final class Violations {
    private final List<String> violations = new ArrayList<>();

    public static Violations start() {
        return new Violations();
    }

    public Violations add(String field, String rule) {
        violations.add(field + ": " + rule);
        return this;
    }

    /** Adds the violation when {@code broken} is true. */
    public Violations when(boolean broken, String field, String rule) {
        return broken ? add(field, rule) : this;
    }

    public boolean isEmpty() {
        return violations.isEmpty();
    }

    public void throwIfAny() {
        if (!violations.isEmpty()) {
            throw ApiException.invalidFields(violations);
        }
    }
}
