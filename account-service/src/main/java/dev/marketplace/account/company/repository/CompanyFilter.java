package dev.marketplace.account.company.repository;

import java.util.List;
import java.util.Map;

/**
 * What the companies list asks for. {@code excludedCustomValues} maps a TEXT custom attribute name to the values whose
 * companies are left out ({@code custom.<name>=notIn(a, b)}).
 */
public record CompanyFilter(String partner, String name, Boolean vendor, Map<String, List<String>> excludedCustomValues,
        boolean ascending) {
}
