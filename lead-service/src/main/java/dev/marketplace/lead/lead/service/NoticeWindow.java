package dev.marketplace.lead.lead.service;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.marketplace.lead.lead.domain.Lead;

/**
 * The rules of anonymous leads' mail (README, "Anonymous leads: one message per interval"): whether an address may be
 * written to now, and the text that lists the leads a message gathers.
 */
final class NoticeWindow {
    /** Each field of a listed lead is cut to this many characters: the form's fields are the public's. */
    static final int FIELD_MAX = 80;

    private NoticeWindow() {
    }

    /** An address never written to, or last written to an interval ago or more, may be written to now. */
    static boolean open(Instant lastSent, Instant now, Duration interval) {
        return lastSent == null || !lastSent.plus(interval).isAfter(now);
    }

    /** When the digest of leads held now is due: the end of the interval that began with the last message. */
    static Instant digestDue(Instant lastSent, Duration interval) {
        return lastSent.plus(interval);
    }

    /**
     * The addresses of {@code given}, each once (compared without case, the first spelling kept), in the order their
     * windows are locked: always the same order, so that two leads never wait for each other's locks.
     */
    static Map<String, String> recipients(Collection<String> given) {
        Map<String, String> byKey = new LinkedHashMap<>();
        given.stream().filter(a -> a != null && !a.isBlank()).map(String::trim)
                .forEach(a -> byKey.putIfAbsent(a.toLowerCase(Locale.ROOT), a));
        Map<String, String> sorted = new LinkedHashMap<>();
        byKey.keySet().stream().sorted().forEach(k -> sorted.put(k, byKey.get(k)));
        return sorted;
    }

    /**
     * One line per lead, oldest first, at most {@code maxListed} of them, then how many more there are: a flood of
     * leads makes a longer count, never a message too large to be sent.
     */
    static String list(List<Lead> leads, int maxListed) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < leads.size() && i < maxListed; i++) {
            lines.add(line(leads.get(i)));
        }
        if (leads.size() > maxListed) {
            lines.add("... and " + (leads.size() - maxListed) + " more: see the marketplace's leads");
        }
        return String.join("\n", lines);
    }

    private static String line(Lead lead) {
        String profile = lead.profileProductName != null ? lead.profileProductName
                : lead.profileCompanyName != null ? lead.profileCompanyName : "";
        return "- " + cut(lead.customerCompanyName) + ": " + cut(LeadNotifications.contactName(lead)) + " <"
                + cut(lead.contactEmail) + ">" + (profile.isEmpty() ? "" : ", " + cut(profile)) + " (lead " + lead.id + ")";
    }

    private static String cut(String value) {
        if (value == null) {
            return "";
        }
        String oneLine = value.replaceAll("[\\r\\n\\t]+", " ").trim();
        return oneLine.length() <= FIELD_MAX ? oneLine : oneLine.substring(0, FIELD_MAX - 1) + "…";
    }
}
