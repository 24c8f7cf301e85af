package dev.marketplace.cli.command;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.cli.http.Answer;
import dev.marketplace.cli.output.Printer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "consumers", mixinStandardHelpOptions = true,
        description = { "A marketplace's channel consumers (OAuth 1.0 credentials), for the platform operator. A consumer's "
                + "secret is printed once, by create and rotate; list never shows it." },
        footer = { "", "Examples:",
                "  marketplace consumers create ACME --name 'Acme back office' --profile operator",
                "  marketplace consumers create ACME --name support --authority ROLE_SUPER_SUPPORT --profile operator",
                "  marketplace consumers rotate ACME <consumerKey> --profile operator",
                "  marketplace consumers revoke ACME <consumerKey> --profile operator" })
public final class ConsumersCommand implements Runnable {
    private static final List<Printer.Column> COLUMNS = List.of(new Printer.Column("CONSUMER KEY", "/consumerKey"),
            new Printer.Column("NAME", "/name"), new Printer.Column("AUTHORITIES", "/authorities"),
            new Printer.Column("CREATED", "/createdOn"));

    private final CommandContext context;

    @Spec
    CommandSpec spec;

    public ConsumersCommand(CommandContext context) {
        this.context = context;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "choose one of: create, list, rotate, revoke");
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Creates a consumer of the marketplace and prints its key and secret (the secret only this once).")
    int create(@Parameters(paramLabel = "PARTNER") String partner,
            @Option(names = "--name", required = true, paramLabel = "NAME", description = "What the consumer is for.") String name,
            @Option(names = "--authority", paramLabel = "ROLE", description = "An authority of the consumer (repeatable), "
                    + "e.g. ROLE_CHANNEL_ADMIN. Default: those of the bootstrap consumer (ROLE_PARTNER, ROLE_CHANNEL_ADMIN, "
                    + "ROLE_SUPER_SUPPORT).") List<String> authorities,
            @Mixin GatewayOptions gateway) {
        ObjectNode body = context.printer().mapper().createObjectNode().put("name", name);
        if (authorities != null && !authorities.isEmpty()) {
            authorities.forEach(body.putArray("authorities")::add);
        }
        return printWithSecret(context.signed(gateway, "POST", PlatformApi.consumers(partner),
                PlatformApi.json(context.printer(), body)), gateway);
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the marketplace's consumers (no secrets).")
    int list(@Parameters(paramLabel = "PARTNER") String partner,
            @Option(names = "--json", description = "Print the answer as JSON rather than a table.") boolean json,
            @Mixin GatewayOptions gateway) {
        return PlatformApi.printList(context.printer(), context.signed(gateway, "GET", PlatformApi.consumers(partner), null),
                json, gateway.includeHeaders, COLUMNS);
    }

    @Command(name = "rotate", mixinStandardHelpOptions = true,
            description = "Gives the consumer a new secret (printed this once); the old one is refused at once.")
    int rotate(@Parameters(paramLabel = "PARTNER") String partner, @Parameters(paramLabel = "CONSUMER_KEY") String key,
            @Mixin GatewayOptions gateway) {
        return printWithSecret(context.signed(gateway, "POST",
                PlatformApi.consumers(partner) + "/" + PlatformApi.segment(key) + "/rotate", null), gateway);
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true,
            description = "Deletes the consumer (204): its calls are refused at once.")
    int revoke(@Parameters(paramLabel = "PARTNER") String partner, @Parameters(paramLabel = "CONSUMER_KEY") String key,
            @Mixin GatewayOptions gateway) {
        return context.printer().answer(context.signed(gateway, "DELETE",
                PlatformApi.consumers(partner) + "/" + PlatformApi.segment(key), null), gateway.includeHeaders);
    }

    private int printWithSecret(Answer answer, GatewayOptions gateway) {
        int exit = context.printer().answer(answer, gateway.includeHeaders);
        PlatformApi.secretShownOnce(context.printer(), answer);
        return exit;
    }
}
