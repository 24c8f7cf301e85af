package dev.marketplace.lead;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "marketplace.lead")
public interface LeadConfig {
    /** Addresses told about every new and every converted lead (the marketplace's sales managers); none by default. */
    Optional<List<String>> managerEmails();

    /** How often anonymous leads may mail one address (lead.service.AnonymousLeadNotices). */
    AnonymousNotices anonymousNotices();

    interface AnonymousNotices {
        /** At most one message per recipient and marketplace in this interval; the other leads wait for a digest. */
        @WithDefault("15m")
        Duration interval();

        /** How often the digests whose interval ended are looked for. */
        @WithDefault("30s")
        Duration digestPoll();

        /** The most leads one message lists by name; the rest are counted. */
        @WithDefault("100")
        int maxListed();
    }
}
