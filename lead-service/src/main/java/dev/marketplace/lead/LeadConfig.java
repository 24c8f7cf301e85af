package dev.marketplace.lead;

import java.util.List;
import java.util.Optional;

import io.smallrye.config.ConfigMapping;

@ConfigMapping(prefix = "marketplace.lead")
public interface LeadConfig {
    /** Addresses told about every new and every converted lead (the marketplace's sales managers); none by default. */
    Optional<List<String>> managerEmails();
}
