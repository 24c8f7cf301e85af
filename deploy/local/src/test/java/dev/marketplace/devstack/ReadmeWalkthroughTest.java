package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the walkthrough runner reads a README and runs its blocks (no devstack: a README of its own, plain bash). */
class ReadmeWalkthroughTest {
    @TempDir
    Path root;

    @Test
    void theBlocksOfTheSectionRunInOrderAndTheVariablesOneSetsReachTheNext() throws Exception {
        Files.writeString(root.resolve("README.md"), """
                # Project

                ```sh
                echo not this section
                ```

                ## Walk

                1. First.

                   ```sh
                   GREETING=hello
                   read LEFT RIGHT < <(echo "a b")
                   ```

                2. Second.

                   ```sh
                   echo "$GREETING $RIGHT $LEFT $FROM_TEST"
                   ```

                3. Broken.

                   ```sh
                   false
                   echo never
                   ```

                ## Next

                ```sh
                echo nor this one
                ```
                """);
        ReadmeWalkthrough walk = ReadmeWalkthrough.section(root, "Walk");
        assertEquals(3, walk.blocks().size(), walk.blocks().toString());
        assertEquals("GREETING=hello\nread LEFT RIGHT < <(echo \"a b\")", walk.blocks().get(0));

        walk.set("FROM_TEST", "it's set");
        assertEquals(0, walk.run(0, Duration.ZERO, run -> true).exitCode());
        assertEquals("hello", walk.variable("GREETING"));
        ReadmeWalkthrough.Run second = walk.run(1, Duration.ZERO, run -> true);
        assertEquals("hello b a it's set\n", second.output());

        ReadmeWalkthrough.Run broken = walk.run(2, Duration.ZERO, run -> true);
        assertNotEquals(0, broken.exitCode());
        assertTrue(!broken.output().contains("never"), broken.output());
    }

    @Test
    void aMissingSectionIsNamed() throws Exception {
        Files.writeString(root.resolve("README.md"), "# Project\n");
        AssertionError missing = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> ReadmeWalkthrough.section(root, "Walk"));
        assertTrue(missing.getMessage().contains("\"Walk\""), missing.getMessage());
    }
}
