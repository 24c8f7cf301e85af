package dev.marketplace.account;

import org.junit.jupiter.api.Test;

import dev.marketplace.testkit.Architecture;
import dev.marketplace.testkit.MeshTrust;

/**
 * Features depend on each other one way only, a repository stays inside its feature, and each dependency's fault
 * tolerance is declared once, as a guard (CONTRIBUTING); who may call it inside the mesh is what docs/architecture.md
 * says ("Who trusts whom").
 */
class ArchitectureTest {
    private static final String BASE = "dev.marketplace.account";

    @Test
    void featuresFormNoCycles() {
        Architecture.assertFeaturesFormNoCycles(BASE);
    }

    @Test
    void repositoriesStayInTheirFeature() {
        Architecture.assertRepositoriesStayInTheirFeature(BASE);
    }

    @Test
    void faultToleranceIsDeclaredOncePerDependency() {
        Architecture.assertFaultToleranceDeclaredOncePerDependency(BASE);
    }

    @Test
    void itsMeshTrustIsTheOneDocumented() {
        MeshTrust.assertDocumented("account-service", BASE);
    }
}
