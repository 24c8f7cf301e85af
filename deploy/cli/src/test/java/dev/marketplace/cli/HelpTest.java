package dev.marketplace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

/** Every command and subcommand answers --help (exit 0, its usage on standard output), without credentials. */
class HelpTest {
    @TempDir
    Path home;

    @Test
    void everyCommandHasItsHelp() {
        List<List<String>> paths = new ArrayList<>();
        collect(MarketplaceCli.commandLine(new CliEnvironment(Map.of(), home, System.in,
                new java.io.PrintWriter(java.io.Writer.nullWriter()), new java.io.PrintWriter(java.io.Writer.nullWriter()))),
                new ArrayList<>(), paths);
        assertEquals(16, paths.size(), paths.toString());

        for (List<String> path : paths) {
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            CliRun run = CliRun.run(Map.of(), home, args.toArray(String[]::new));
            assertEquals(0, run.exit(), String.join(" ", args) + ": " + run);
            String usage = "Usage: marketplace" + (path.isEmpty() ? "" : " " + String.join(" ", path));
            assertTrue(run.out().startsWith(usage), run.out());
            assertEquals("", run.err());
        }
    }

    @Test
    void theTopHelpDescribesCredentialsAndExitCodes() {
        CliRun run = CliRun.run(Map.of(), home, "--help");

        assertTrue(run.out().contains("MARKETPLACE_CONSUMER_KEY"), run.out());
        assertTrue(run.out().contains("~/.config/marketplace/profiles.properties"), run.out());
        assertTrue(run.out().contains("Exit codes: 0 success"), run.out());
        CliRun none = CliRun.run(Map.of(), home);
        assertEquals(2, none.exit());
        assertTrue(none.err().contains("choose a command: call, marketplaces, consumers, inbox"), none.err());
    }

    private static void collect(CommandLine command, List<String> path, List<List<String>> paths) {
        paths.add(List.copyOf(path));
        command.getSubcommands().forEach((name, sub) -> {
            List<String> deeper = new ArrayList<>(path);
            deeper.add(name);
            collect(sub, deeper, paths);
        });
    }
}
