package dev.marketplace.cli.command;

import picocli.CommandLine.Option;

/** The options of every command that calls the gateway. None of them takes a secret. */
public final class GatewayOptions {
    @Option(names = "--profile", paramLabel = "NAME",
            description = "The profile (of the profile file) to sign with. Default: $MARKETPLACE_PROFILE, else the "
                    + "environment's MARKETPLACE_CONSUMER_KEY and MARKETPLACE_CONSUMER_SECRET, else the profile 'default'.")
    String profile;

    @Option(names = "--gateway", paramLabel = "URL",
            description = "The gateway to call instead of the profile's (or $MARKETPLACE_GATEWAY_URL).")
    String gateway;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for a connection, then for the answer (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = { "-v", "--verbose" },
            description = "Print the request line and headers on standard error (the signature left out).")
    boolean verbose;

    @Option(names = { "-i", "--include" }, description = "Print the answer's headers after its status line (standard error).")
    boolean includeHeaders;
}
