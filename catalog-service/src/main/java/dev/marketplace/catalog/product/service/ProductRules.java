package dev.marketplace.catalog.product.service;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.marketplace.catalog.product.service.ProductInputs.Cost;
import dev.marketplace.catalog.product.service.ProductInputs.EditionInput;
import dev.marketplace.catalog.product.service.ProductInputs.PlanInput;
import dev.marketplace.catalog.product.service.ProductInputs.ProductInput;
import dev.marketplace.common.input.Violations;

/** The rules of catalogue bodies that span fields (the field rules are annotations on {@link ProductInputs}). */
public final class ProductRules {
    private ProductRules() {
    }

    /** A product body: editions only on creation, edition codes unique within it. */
    public static void check(ProductInput product, boolean create) {
        Violations v = Violations.start();
        if (product.editions() != null) {
            v.when(!create, "editions", "cannot be changed here; use the editions endpoints");
            Set<String> codes = new HashSet<>();
            for (int i = 0; i < product.editions().size(); i++) {
                EditionInput edition = product.editions().get(i);
                String prefix = "editions[" + i + "].";
                v.when(edition.code() != null && !codes.add(edition.code()), prefix + "code", "is used by another edition of the product");
                edition(v, prefix, edition, create);
            }
        }
        v.throwIfAny();
    }

    /** An edition body: plans only on creation (afterwards through the paymentPlans endpoint). */
    public static void check(EditionInput edition, boolean create) {
        Violations v = Violations.start();
        edition(v, "", edition, create);
        v.throwIfAny();
    }

    public static void check(PlanInput plan) {
        Violations v = Violations.start();
        plan(v, "", plan);
        v.throwIfAny();
    }

    private static void edition(Violations v, String prefix, EditionInput edition, boolean create) {
        if (edition.plans() == null) {
            return;
        }
        v.when(!create, prefix + "plans", "cannot be changed here; add plans through the paymentPlans endpoint");
        for (int i = 0; i < edition.plans().size(); i++) {
            plan(v, prefix + "plans[" + i + "].", edition.plans().get(i));
        }
    }

    private static void plan(Violations v, String prefix, PlanInput plan) {
        List<Cost> costs = plan.costs() == null ? List.of() : plan.costs();
        for (int i = 0; i < costs.size(); i++) {
            Cost cost = costs.get(i);
            v.when(cost.minUnits() != null && cost.maxUnits() != null && cost.maxUnits() < cost.minUnits(),
                    prefix + "costs[" + i + "].maxUnits", "must not be below minUnits");
        }
    }
}
