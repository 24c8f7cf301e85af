package dev.marketplace.account;

import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the account service ({@code marketplace.account.*}). */
@ConfigMapping(prefix = "marketplace.account")
public interface AccountConfig {
    /** Public address of the marketplace, used in links sent by email. */
    @WithDefault("http://localhost:8080")
    String publicBaseUrl();

    /** Where an invitee accepts an invitation; {token} is replaced. */
    @WithDefault("${marketplace.account.public-base-url}/signup/invitation/{token}")
    String invitationUrl();

    /** Where a user logs in (sent with temporary passwords). */
    @WithDefault("${marketplace.account.public-base-url}/login")
    String loginUrl();

    /** Where a user created without a password sets one (ACCOUNT_ACTIVATION); {token} is replaced. */
    @WithDefault("${marketplace.account.public-base-url}/signup/activation/{token}")
    String activationUrl();

    Activation activation();

    interface Activation {
        /** How long an activation link can be used after the user is created. */
        @WithDefault("7d")
        java.time.Duration lifetime();
    }

    Dns dns();

    Invitation invitation();

    interface Invitation {
        /** How long an invitation can be accepted after it is sent (fixed on the invitation when it is sent). */
        @WithDefault("14d")
        java.time.Duration lifetime();
    }

    Billing billing();

    interface Billing {
        /** billing-service base URL (entitlement checks before removing or disabling a membership). */
        Optional<java.net.URI> url();
    }

    /** Company pictures (read by the Companies API through {@code marketplace.account.picture.max-bytes}). */
    Picture picture();

    interface Picture {
        @WithDefault("1048576")
        long maxBytes();
    }

    interface Dns {
        /** DNS server used for domain verification TXT look-ups, host or host:port; the system resolver when absent. */
        Optional<String> server();

        /** Name prefix of the TXT record that proves domain ownership. */
        @WithDefault("_marketplace-verification")
        String recordPrefix();

        @WithDefault("3s")
        java.time.Duration timeout();
    }
}
