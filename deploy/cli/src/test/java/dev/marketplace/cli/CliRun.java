package dev.marketplace.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/** One run of the client as a user's shell makes it: arguments, environment, home directory and standard input. */
record CliRun(int exit, String out, String err) {

    static CliRun run(Map<String, String> environment, Path home, String... args) {
        return runWithInput(environment, home, "", args);
    }

    static CliRun runWithInput(Map<String, String> environment, Path home, String stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = MarketplaceCli.run(args, new CliEnvironment(environment, home,
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), new PrintWriter(out, true),
                new PrintWriter(err, true)));
        return new CliRun(exit, out.toString(), err.toString());
    }

    /** Both outputs, for assertions that something appears nowhere. */
    String all() {
        return out + err;
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out:\n" + out + "--- err:\n" + err;
    }
}
