package dev.marketplace.billing;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.Architecture;

/** Features depend on each other one way only, and a repository stays inside its feature (CONTRIBUTING). */
class ArchitectureTest {
    private static final String BASE = "dev.marketplace.billing";

    @Test
    void featuresFormNoCycles() {
        Architecture.assertFeaturesFormNoCycles(BASE);
    }

    @Test
    void repositoriesStayInTheirFeature() {
        Architecture.assertRepositoriesStayInTheirFeature(BASE);
    }
}
