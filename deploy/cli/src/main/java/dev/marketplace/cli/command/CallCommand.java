package dev.marketplace.cli.command;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.marketplace.cli.CliFailure;
import dev.marketplace.cli.credentials.Credentials;
import dev.marketplace.cli.http.Request;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "call", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
                "Sends one request to the gateway, signed with OAuth 1.0 (HMAC-SHA1, two-legged), and prints the answer: "
                        + "its status line on standard error, its body (JSON pretty-printed) on standard output.",
                "A body is sent as application/json unless -H gives another Content-Type; a form-encoded body "
                        + "(-H 'Content-Type: application/x-www-form-urlencoded') is signed with the request, as OAuth 1.0 requires.",
                "The exit code is 0 for 1xx-3xx, 4 for 4xx, 5 for 5xx." },
        footer = { "", "Examples:",
                "  marketplace call GET '/api/account/v2/companies?size=5'",
                "  marketplace call POST /api/account/v2/companies '{\"name\": \"Acme\", \"countryCode\": \"US\"}'",
                "  marketplace call PUT /api/account/v2/companies/<uuid> @company.json -H 'Idempotency-Key: 42'",
                "  marketplace --help   (credentials, profiles and exit codes)" })
public final class CallCommand implements Callable<Integer> {
    private final CommandContext context;

    @Parameters(index = "0", paramLabel = "METHOD", description = "GET, POST, PUT, PATCH, DELETE, HEAD...")
    String method;

    @Parameters(index = "1", paramLabel = "PATH",
            description = "The path and query string, e.g. '/api/account/v2/companies?size=5' (joined to the gateway URL); "
                    + "an absolute http(s) URL is called as it is.")
    String path;

    @Parameters(index = "2", arity = "0..1", paramLabel = "BODY|@file",
            description = "The request body: the text itself, @file for a file's content, @- for standard input.")
    String body;

    @Option(names = { "-H", "--header" }, paramLabel = "'Name: value'",
            description = "An extra request header (repeatable). Authorization is the client's own and is refused.")
    List<String> headers = new ArrayList<>();

    @Mixin
    GatewayOptions gateway;

    public CallCommand(CommandContext context) {
        this.context = context;
    }

    @Override
    public Integer call() {
        String verb = method.toUpperCase(Locale.ROOT);
        if (!verb.matches("[A-Z]{1,20}")) {
            throw CliFailure.usage("METHOD: '" + method + "' is not an HTTP method (letters only, e.g. GET)");
        }
        List<Request.Header> extra = headers.stream().map(CallCommand::header).toList();
        byte[] content = body == null ? null : content(body);
        Credentials signer;
        URI uri;
        if (path.startsWith("http://") || path.startsWith("https://")) {
            // an absolute URL names its own server (as deploy/local/oauth-curl's callers write it)
            uri = parse(path);
            signer = context.credentials(gateway);
        } else if (path.startsWith("/")) {
            signer = context.credentials(gateway);
            uri = CommandContext.resolve(signer.gateway(), path);
        } else {
            throw CliFailure.usage("PATH: '" + path + "' must start with '/' (e.g. /api/account/v2/companies) or be an "
                    + "absolute http(s) URL");
        }
        return context.printer().answer(context.send(gateway, signer, new Request(verb, uri, extra, content)),
                gateway.includeHeaders);
    }

    private static URI parse(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() != null) {
                return uri;
            }
            throw CliFailure.usage("PATH: '" + url + "' names no host");
        } catch (java.net.URISyntaxException e) {
            throw CliFailure.usage("PATH: '" + url + "' is not a valid URL (" + e.getReason() + ")");
        }
    }

    private static Request.Header header(String raw) {
        int colon = raw.indexOf(':');
        if (colon <= 0) {
            throw CliFailure.usage("-H: '" + raw + "' is not a header (write it 'Name: value')");
        }
        String name = raw.substring(0, colon).trim();
        if (name.equalsIgnoreCase("Authorization")) {
            throw CliFailure.usage("-H: Authorization is written by the client, which signs every call; credentials come "
                    + "from a profile or the environment (see 'marketplace --help')");
        }
        return new Request.Header(name, raw.substring(colon + 1).trim());
    }

    private byte[] content(String raw) {
        if (!raw.startsWith("@")) {
            return raw.getBytes(StandardCharsets.UTF_8);
        }
        String source = raw.substring(1);
        try {
            return source.equals("-") ? context.environment().in().readAllBytes() : Files.readAllBytes(Path.of(source));
        } catch (IOException | java.nio.file.InvalidPathException e) {
            throw CliFailure.usage("BODY: cannot read " + (source.equals("-") ? "standard input" : "file '" + source + "'")
                    + " (" + e.getMessage() + ")");
        }
    }
}
