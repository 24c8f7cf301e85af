package dev.marketplace.testkit;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.lang.syntax.ArchRuleDefinition;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;

/**
 * The structure rules every service follows (CONTRIBUTING, "Rules a new service follows"), checked on its compiled
 * production classes. A <em>feature</em> is a package right below the service's base package
 * ({@code dev.marketplace.account.membership}, with its {@code rest}, {@code service}, {@code repository} and
 * {@code domain} layers): features may depend on each other only one way, a repository is used only inside its own
 * feature, and a resource never touches a repository type. A service's test is one class:
 *
 * <pre>
 * class ArchitectureTest {
 *     &#64;Test void featuresFormNoCycles() { Architecture.assertFeaturesFormNoCycles("dev.marketplace.account"); }
 *     &#64;Test void repositoriesStayInTheirFeature() { Architecture.assertRepositoriesStayInTheirFeature("dev.marketplace.account"); }
 * }
 * </pre>
 */
public final class Architecture {
    private Architecture() {
    }

    /** Fails when two features depend on each other, directly or through others. */
    public static void assertFeaturesFormNoCycles(String basePackage) {
        SlicesRuleDefinition.slices().matching(basePackage + ".(*)..").namingSlices("feature $1")
                .should().beFreeOfCycles()
                .allowEmptyShould(true)
                .check(production(basePackage));
    }

    /**
     * Fails when a class of one feature uses another feature's repository (or its filter and sort types), or when a
     * resource uses a repository type at all: a feature calls the other feature's service, and a resource hands request
     * values to its own service. Resources are JAX-RS ({@code rest}), Vert.x route handlers ({@code web}, the gateway's)
     * and GraphQL endpoints ({@code graphql}).
     */
    public static void assertRepositoriesStayInTheirFeature(String basePackage) {
        JavaClasses classes = production(basePackage);
        ArchRuleDefinition.classes().that().resideInAPackage(basePackage + ".*.repository..")
                .should(beUsedOnlyInsideTheirFeature(basePackage))
                .allowEmptyShould(true)
                .check(classes);
        ArchRuleDefinition.noClasses().that().resideInAnyPackage(basePackage + ".*.rest..", basePackage + ".*.web..",
                basePackage + ".graphql..", basePackage + ".*.graphql..")
                .should().dependOnClassesThat().resideInAPackage(basePackage + ".*.repository..")
                .allowEmptyShould(true)
                .check(classes);
    }

    /**
     * Fails when a method or class carries MicroProfile {@code @Timeout}, {@code @Retry} or {@code @CircuitBreaker}: the
     * fault tolerance of a call to another service is its dependency's guard, declared once in
     * {@code client.Dependencies} and applied with {@code @ApplyGuard} (CONTRIBUTING, "Calls to another service").
     */
    public static void assertFaultToleranceDeclaredOncePerDependency(String basePackage) {
        JavaClasses classes = production(basePackage);
        for (String annotation : FAULT_TOLERANCE) {
            ArchRuleDefinition.noMethods().should().beAnnotatedWith(annotation)
                    .because("a dependency's policy is declared once, as a guard applied with @ApplyGuard")
                    .allowEmptyShould(true).check(classes);
            ArchRuleDefinition.noClasses().should().beAnnotatedWith(annotation)
                    .because("a dependency's policy is declared once, as a guard applied with @ApplyGuard")
                    .allowEmptyShould(true).check(classes);
        }
    }

    private static final java.util.List<String> FAULT_TOLERANCE = java.util.List.of(
            "org.eclipse.microprofile.faulttolerance.Timeout", "org.eclipse.microprofile.faulttolerance.Retry",
            "org.eclipse.microprofile.faulttolerance.CircuitBreaker");

    /** The service's own production classes (test classes left out). */
    public static JavaClasses production(String basePackage) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(basePackage);
    }

    /** The feature a package belongs to: its first segment below {@code basePackage}, empty for the base package. */
    public static String featureOf(String basePackage, String packageName) {
        if (!packageName.startsWith(basePackage + ".")) {
            return "";
        }
        String rest = packageName.substring(basePackage.length() + 1);
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static ArchCondition<JavaClass> beUsedOnlyInsideTheirFeature(String basePackage) {
        return new ArchCondition<>("be used only inside their own feature") {
            @Override
            public void check(JavaClass repository, ConditionEvents events) {
                String feature = featureOf(basePackage, repository.getPackageName());
                for (Dependency use : repository.getDirectDependenciesToSelf()) {
                    String user = featureOf(basePackage, use.getOriginClass().getPackageName());
                    if (!feature.equals(user)) {
                        events.add(SimpleConditionEvent.violated(use, "feature " + user + " uses " + feature
                                + "'s repository: " + use.getDescription()));
                    }
                }
            }
        };
    }
}
