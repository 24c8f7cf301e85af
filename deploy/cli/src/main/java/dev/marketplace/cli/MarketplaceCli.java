package dev.marketplace.cli;

import dev.marketplace.cli.command.CallCommand;
import dev.marketplace.cli.command.CommandContext;
import dev.marketplace.cli.command.ConsumersCommand;
import dev.marketplace.cli.command.InboxCommand;
import dev.marketplace.cli.command.MarketplacesCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code marketplace} command: {@code deploy/cli/marketplace} runs it. */
@Command(name = "marketplace", mixinStandardHelpOptions = true, versionProvider = MarketplaceCli.Version.class,
        description = "The marketplace platform's command-line client: signed calls to the gateway, the platform operator's "
                + "marketplaces and consumers, the devstack inbox. '<command> --help' describes each command.",
        footer = { "",
                "Credentials, never on the command line; the first found is used:",
                "  1. --profile NAME (or $MARKETPLACE_PROFILE): a profile of the profile file",
                "  2. $MARKETPLACE_CONSUMER_KEY and $MARKETPLACE_CONSUMER_SECRET, with",
                "     $MARKETPLACE_GATEWAY_URL (default http://localhost:8080)",
                "  3. the profile 'default' of the profile file",
                "The profile file: $MARKETPLACE_CLI_CONFIG, else",
                "~/.config/marketplace/profiles.properties (keep it chmod 600):",
                "  default.gateway-url=http://localhost:8080",
                "  default.consumer-key=marketplace-admin",
                "  default.consumer-secret=...",
                "  operator.consumer-key=...",
                "  operator.consumer-secret=...",
                "",
                ExitCodes.HELP })
public final class MarketplaceCli implements Runnable {
    /** Anything else going wrong: the message is printed, never a stack trace. */
    static final int UNEXPECTED = 1;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, CliEnvironment.system()));
    }

    /** Runs one command line and returns its exit code; tests call this with an environment of their own. */
    public static int run(String[] args, CliEnvironment environment) {
        CommandLine line = commandLine(environment);
        int exit = line.execute(args);
        environment.out().flush();
        environment.err().flush();
        return exit;
    }

    /** The command tree, ready to execute. */
    public static CommandLine commandLine(CliEnvironment environment) {
        CommandContext context = new CommandContext(environment);
        CommandLine line = new CommandLine(new MarketplaceCli())
                .addSubcommand(new CallCommand(context))
                .addSubcommand(new MarketplacesCommand(context))
                .addSubcommand(new ConsumersCommand(context))
                .addSubcommand(new InboxCommand(context));
        // "@file" is a body to read (call's BODY|@file), not one of picocli's argument files
        line.setExpandAtFiles(false);
        line.setOut(environment.out()).setErr(environment.err());
        line.setExecutionExceptionHandler((failure, command, parsed) -> {
            if (failure instanceof CliFailure known) {
                command.getErr().println("error: " + known.getMessage());
                if (known.exitCode() == ExitCodes.USAGE) {
                    command.getErr().println("(see '" + command.getCommandSpec().qualifiedName() + " --help')");
                }
                command.getErr().flush();
                return known.exitCode();
            }
            command.getErr().println("error: " + (failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName()));
            command.getErr().flush();
            return UNEXPECTED;
        });
        return line;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "choose a command: call, marketplaces, consumers, inbox");
    }

    /** The version the jar's manifest carries (none when run from classes). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = MarketplaceCli.class.getPackage().getImplementationVersion();
            return new String[] { "marketplace " + (version != null ? version : "(development build)") };
        }
    }
}
