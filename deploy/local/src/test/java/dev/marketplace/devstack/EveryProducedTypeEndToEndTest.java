package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Issue 45's "an end-to-end test per produced template type": every type docs/notifications.md marks "produced" (the
 * types notification-service's TemplateCatalog produces, which its DefaultTemplatesTest holds the page to) has an
 * end-to-end test in this module, marked {@link Delivers}, that sees its message arrive; and no test claims a type
 * that is not produced. Needs no stack: it reads the page and this module's compiled tests.
 */
class EveryProducedTypeEndToEndTest {
    private static final Pattern PRODUCED_ROW = Pattern.compile("^\\| `([A-Z0-9_]+)` \\|.*\\| produced[^|]*\\|\\s*$");

    @Test
    void everyProducedTypeHasAnEndToEndTestThatSeesItsMessageArrive() throws Exception {
        Set<String> produced = produced();
        assertTrue(produced.size() >= 40, "docs/notifications.md lists the produced types: " + produced);
        Set<String> delivered = delivered();
        Set<String> missing = new TreeSet<>(produced);
        missing.removeAll(delivered);
        Set<String> unknown = new TreeSet<>(delivered);
        unknown.removeAll(produced);
        assertEquals(Set.of(), missing, "produced types without an end-to-end test (@Delivers)");
        assertEquals(Set.of(), unknown, "@Delivers names types that are not produced");
    }

    private static Set<String> produced() throws Exception {
        Path root = Path.of(System.getProperty("devstack.root", "../..")).toAbsolutePath().normalize();
        Set<String> types = new TreeSet<>();
        for (String line : Files.readAllLines(root.resolve("docs/notifications.md"))) {
            Matcher row = PRODUCED_ROW.matcher(line);
            if (row.matches()) {
                types.add(row.group(1));
            }
        }
        return types;
    }

    /** The types named by {@link Delivers} on the test methods of this package. */
    private static Set<String> delivered() throws URISyntaxException, Exception {
        Path classes = Path.of(EveryProducedTypeEndToEndTest.class.getResource(
                EveryProducedTypeEndToEndTest.class.getSimpleName() + ".class").toURI()).getParent();
        Set<String> types = new TreeSet<>();
        try (Stream<Path> files = Files.list(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = file.getFileName().toString().replace(".class", "");
                Class<?> type = Class.forName(EveryProducedTypeEndToEndTest.class.getPackageName() + "." + name, false,
                        EveryProducedTypeEndToEndTest.class.getClassLoader());
                for (Method method : type.getDeclaredMethods()) {
                    Delivers delivers = method.getAnnotation(Delivers.class);
                    if (delivers != null) {
                        types.addAll(Set.of(delivers.value()));
                    }
                }
            }
        }
        return types;
    }
}
