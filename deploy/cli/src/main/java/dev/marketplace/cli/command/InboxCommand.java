package dev.marketplace.cli.command;

import java.net.URI;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.cli.CliFailure;
import dev.marketplace.cli.ExitCodes;
import dev.marketplace.cli.credentials.CredentialResolver;
import dev.marketplace.cli.http.Answer;
import dev.marketplace.cli.http.HttpTransport;
import dev.marketplace.cli.http.Request;
import dev.marketplace.cli.output.Printer;
import dev.marketplace.common.oauth.OAuth1;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "inbox", mixinStandardHelpOptions = true,
        description = { "The devstack inbox: every email and SMS the suite sent (plain HTTP, no signature)." },
        footer = { "", "Examples:",
                "  marketplace inbox list --to ann@example.com",
                "  marketplace inbox show <id>" })
public final class InboxCommand implements Runnable {
    public static final String INBOX_VARIABLE = "MARKETPLACE_INBOX_URL";
    public static final String DEFAULT_INBOX = "http://localhost:8087";
    private static final List<Printer.Column> COLUMNS = List.of(new Printer.Column("ID", "/id"),
            new Printer.Column("KIND", "/kind"), new Printer.Column("RECEIVED", "/receivedAt"), new Printer.Column("TO", "/to"),
            new Printer.Column("SUBJECT", "/subject"));

    private final CommandContext context;

    @Spec
    CommandSpec spec;

    public InboxCommand(CommandContext context) {
        this.context = context;
    }

    /** The options of both inbox commands. */
    static final class InboxOptions {
        @Option(names = "--inbox", paramLabel = "URL",
                description = "The inbox (default: $MARKETPLACE_INBOX_URL, else " + DEFAULT_INBOX + ").")
        String inbox;

        @Option(names = "--json", description = "Print the inbox's JSON answer as it is.")
        boolean json;

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
                description = "How long to wait for the inbox (default: ${DEFAULT-VALUE}).")
        int timeoutSeconds;
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "choose one of: list, show");
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the messages, newest first.")
    int list(@Option(names = "--to", paramLabel = "ADDRESS", description = "Only those sent to this email address or "
            + "phone number.") String to, @picocli.CommandLine.Mixin InboxOptions options) {
        String query = to == null ? "" : "?to=" + OAuth1.percentEncode(to);
        Answer answer = get(options, "/api/messages" + query);
        return PlatformApi.printList(context.printer(), answer, options.json, false, COLUMNS);
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "Shows one message: its headers, its text (or HTML with --html) and the links found in it.")
    int show(@Parameters(paramLabel = "ID") String id,
            @Option(names = "--html", description = "Print the HTML body rather than the text.") boolean html,
            @picocli.CommandLine.Mixin InboxOptions options) {
        Answer answer = get(options, "/api/messages/" + OAuth1.percentEncode(id));
        Printer printer = context.printer();
        JsonNode message = printer.json(answer);
        if (options.json || !answer.succeeded() || message == null || !message.isObject()) {
            return printer.answer(answer, false);
        }
        printer.status(answer, false);
        var out = printer.out();
        out.println("Kind:     " + text(message.get("kind")));
        out.println("From:     " + text(message.get("from")));
        out.println("To:       " + text(message.get("to")));
        if (message.hasNonNull("subject")) {
            out.println("Subject:  " + text(message.get("subject")));
        }
        out.println("Received: " + text(message.get("receivedAt")));
        out.println();
        JsonNode body = html ? message.get("html") : message.get("text");
        out.println(body == null || body.isNull() ? (html ? "(no HTML part)" : "(no text)") : body.asText());
        JsonNode links = message.get("links");
        if (links != null && links.isArray() && !links.isEmpty()) {
            out.println();
            out.println("Links:");
            int n = 1;
            for (JsonNode link : links) {
                out.println("  [" + n++ + "] " + link.asText());
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private Answer get(InboxOptions options, String pathAndQuery) {
        String configured = options.inbox != null ? options.inbox
                : context.environment().variable(INBOX_VARIABLE) != null ? context.environment().variable(INBOX_VARIABLE)
                        : DEFAULT_INBOX;
        URI inbox;
        try {
            inbox = CredentialResolver.gatewayUrl(configured, options.inbox != null ? "--inbox" : INBOX_VARIABLE);
        } catch (CliFailure e) {
            throw options.inbox != null ? CliFailure.usage(e.getMessage()) : e;
        }
        return new HttpTransport(CommandContext.timeout(options.timeoutSeconds))
                .plain(Request.of("GET", CommandContext.resolve(inbox, pathAndQuery)));
    }

    private static String text(JsonNode value) {
        if (value == null || value.isNull()) {
            return "-";
        }
        if (value.isArray()) {
            List<String> parts = new java.util.ArrayList<>();
            value.forEach(v -> parts.add(v.asText()));
            return String.join(", ", parts);
        }
        return value.asText();
    }
}
