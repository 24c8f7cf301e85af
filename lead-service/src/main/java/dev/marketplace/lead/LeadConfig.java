package dev.marketplace.lead;

import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "marketplace.lead")
public interface LeadConfig {
    /** Addresses told about every new and every converted lead (the marketplace's sales managers); none by default. */
    Optional<List<String>> managerEmails();

    /** A listing counts matching leads up to this many; beyond, its total says this number (README, "Totals"). */
    @WithDefault("10000")
    long countLimit();
}
