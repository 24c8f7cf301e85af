package dev.marketplace.cli.command;

import java.net.URI;
import java.time.Duration;

import dev.marketplace.cli.CliEnvironment;
import dev.marketplace.cli.CliFailure;
import dev.marketplace.cli.credentials.CredentialResolver;
import dev.marketplace.cli.credentials.Credentials;
import dev.marketplace.cli.http.Answer;
import dev.marketplace.cli.http.HttpTransport;
import dev.marketplace.cli.http.Request;
import dev.marketplace.cli.output.Printer;

/** What every command shares: the environment, the credential resolver, the printer, and signed calls to the gateway. */
public final class CommandContext {
    private final CliEnvironment environment;
    private final CredentialResolver credentials;
    private final Printer printer;

    public CommandContext(CliEnvironment environment) {
        this.environment = environment;
        this.credentials = new CredentialResolver(environment);
        this.printer = new Printer(environment.out(), environment.err());
    }

    public CliEnvironment environment() {
        return environment;
    }

    public Printer printer() {
        return printer;
    }

    /** The credential to sign with, the gateway replaced by {@code --gateway} when given. */
    Credentials credentials(GatewayOptions options) {
        Credentials found = credentials.resolve(options.profile);
        if (options.gateway == null) {
            return found;
        }
        try {
            return found.withGateway(CredentialResolver.gatewayUrl(options.gateway, "--gateway"));
        } catch (CliFailure e) {
            throw CliFailure.usage(e.getMessage());
        }
    }

    /** The gateway's URL followed by {@code pathAndQuery} (which starts with '/'). */
    static URI resolve(URI gateway, String pathAndQuery) {
        String base = gateway.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        try {
            return new URI(base + pathAndQuery);
        } catch (java.net.URISyntaxException e) {
            throw CliFailure.usage("PATH: '" + pathAndQuery + "' is not a valid URL path (" + e.getReason()
                    + "; percent-encode spaces and other special characters)");
        }
    }

    /** Signs and sends {@code method path} with an optional JSON body, and returns the answer unprinted. */
    Answer signed(GatewayOptions options, String method, String pathAndQuery, byte[] json) {
        Credentials signer = credentials(options);
        Request request = Request.of(method, resolve(signer.gateway(), pathAndQuery));
        return send(options, signer, json == null ? request : request.withJson(json));
    }

    Answer send(GatewayOptions options, Credentials signer, Request request) {
        HttpTransport transport = new HttpTransport(timeout(options.timeoutSeconds));
        return transport.signed(signer, request, options.verbose ? line -> environment.err().println("> " + line) : null);
    }

    static Duration timeout(int seconds) {
        if (seconds < 1) {
            throw CliFailure.usage("--timeout: must be at least 1 second");
        }
        return Duration.ofSeconds(seconds);
    }
}
