package dev.marketplace.cli.command;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.cli.output.Printer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "marketplaces", mixinStandardHelpOptions = true,
        description = { "Marketplaces of the platform (/api/platform/v1/marketplaces), for the platform operator: sign with "
                + "the operator's credential (--profile operator, say)." },
        footer = { "", "Examples:",
                "  marketplace marketplaces create ACME --name 'Acme Market' --locale en_US --currency USD --profile operator",
                "  marketplace marketplaces list --profile operator",
                "  marketplace marketplaces disable ACME --profile operator" })
public final class MarketplacesCommand implements Runnable {
    private static final List<Printer.Column> COLUMNS = List.of(new Printer.Column("PARTNER", "/partner"),
            new Printer.Column("NAME", "/name"), new Printer.Column("LOCALE", "/defaultLocale"),
            new Printer.Column("CURRENCY", "/defaultCurrency"), new Printer.Column("ENABLED", "/enabled"),
            new Printer.Column("CREATED", "/createdOn"));

    private final CommandContext context;

    @Spec
    CommandSpec spec;

    public MarketplacesCommand(CommandContext context) {
        this.context = context;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "choose one of: create, list, show, disable, enable");
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Creates a marketplace (201; 409 when the partner code exists).")
    int create(@Parameters(paramLabel = "PARTNER", description = "Its partner code: an upper-case letter, then 1 to 31 "
            + "upper-case letters, digits or '_' (e.g. ACME).") String partner,
            @Option(names = "--name", required = true, paramLabel = "NAME", description = "Its display name.") String name,
            @Option(names = "--locale", paramLabel = "LOCALE", defaultValue = "en_US",
                    description = "Its default locale (default: ${DEFAULT-VALUE}).") String locale,
            @Option(names = "--currency", paramLabel = "CODE", defaultValue = "USD",
                    description = "Its default currency, an ISO 4217 code (default: ${DEFAULT-VALUE}).") String currency,
            @Mixin GatewayOptions gateway) {
        ObjectNode body = context.printer().mapper().createObjectNode().put("partner", partner).put("name", name)
                .put("defaultLocale", locale).put("defaultCurrency", currency);
        return context.printer().answer(context.signed(gateway, "POST", PlatformApi.MARKETPLACES,
                PlatformApi.json(context.printer(), body)), gateway.includeHeaders);
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the marketplaces, a page at a time.")
    int list(@Option(names = "--page", paramLabel = "N", description = "The page, from 0.") Integer page,
            @Option(names = "--size", paramLabel = "N", description = "Marketplaces per page.") Integer size,
            @Option(names = "--json", description = "Print the answer as JSON rather than a table.") boolean json,
            @Mixin GatewayOptions gateway) {
        return PlatformApi.printList(context.printer(),
                context.signed(gateway, "GET", PlatformApi.MARKETPLACES + PlatformApi.page(page, size), null), json,
                gateway.includeHeaders, COLUMNS);
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "Shows one marketplace.")
    int show(@Parameters(paramLabel = "PARTNER") String partner, @Mixin GatewayOptions gateway) {
        return context.printer().answer(context.signed(gateway, "GET", PlatformApi.marketplace(partner), null),
                gateway.includeHeaders);
    }

    @Command(name = "disable", mixinStandardHelpOptions = true,
            description = "Disables a marketplace: every consumer of it is refused (403) from then on.")
    int disable(@Parameters(paramLabel = "PARTNER") String partner, @Mixin GatewayOptions gateway) {
        return context.printer().answer(context.signed(gateway, "POST", PlatformApi.marketplace(partner) + "/disable", null),
                gateway.includeHeaders);
    }

    @Command(name = "enable", mixinStandardHelpOptions = true, description = "Enables a disabled marketplace again.")
    int enable(@Parameters(paramLabel = "PARTNER") String partner, @Mixin GatewayOptions gateway) {
        return context.printer().answer(context.signed(gateway, "POST", PlatformApi.marketplace(partner) + "/enable", null),
                gateway.includeHeaders);
    }
}
