package dev.marketplace.cli.credentials;

import java.net.URI;

/**
 * A consumer's OAuth 1.0 credential and the gateway it is for. {@code source} says where they were found (a profile or
 * the environment), for messages; {@link #toString()} leaves the secret out so that no message can print it.
 */
public record Credentials(URI gateway, String consumerKey, String consumerSecret, String source) {

    public Credentials withGateway(URI other) {
        return new Credentials(other, consumerKey, consumerSecret, source);
    }

    @Override
    public String toString() {
        return "Credentials[gateway=" + gateway + ", consumerKey=" + consumerKey + ", source=" + source + "]";
    }
}
