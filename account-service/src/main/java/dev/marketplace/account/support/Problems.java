package dev.marketplace.account.support;

import java.util.ArrayList;
import java.util.List;

import dev.marketplace.common.error.ApiException;

/** Collects every violated field of a request so one 400 names them all. */
public final class Problems {
    private final List<String> problems = new ArrayList<>();

    public Problems add(String field, String rule) {
        problems.add(field + ": " + rule);
        return this;
    }

    public boolean isEmpty() {
        return problems.isEmpty();
    }

    public void throwIfAny() {
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("INVALID_FIELD", String.join("; ", problems));
        }
    }
}
