package dev.marketplace.lead.lead.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.lead.lead.domain.Lead;

class NoticeWindowTest {
    private static final Instant NOW = Instant.parse("2030-01-01T12:00:00Z");
    private static final Duration INTERVAL = Duration.ofMinutes(15);

    @Test
    void anAddressIsWrittenToOncePerInterval() {
        assertTrue(NoticeWindow.open(null, NOW, INTERVAL));
        assertTrue(NoticeWindow.open(NOW.minus(INTERVAL), NOW, INTERVAL));
        assertFalse(NoticeWindow.open(NOW.minus(INTERVAL).plusMillis(1), NOW, INTERVAL));
        assertFalse(NoticeWindow.open(NOW, NOW, INTERVAL));
        assertEquals(NOW.plus(INTERVAL), NoticeWindow.digestDue(NOW, INTERVAL));
    }

    @Test
    void recipientsAreEachOneAddressInTheSameOrder() {
        assertEquals(List.of("a@x.example", "b@x.example"),
                List.copyOf(NoticeWindow.recipients(Arrays.asList("B@x.example", " a@x.example", "b@x.example", "", null)).keySet()));
        assertEquals("B@x.example", NoticeWindow.recipients(List.of("B@x.example", "b@x.example")).get("b@x.example"));
    }

    @Test
    void theListNamesAtMostMaxListedLeadsOneLineEachAndCountsTheRest() {
        List<Lead> leads = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            leads.add(lead("Co " + i + "\nInjected: line", "x".repeat(200)));
        }
        List<String> lines = NoticeWindow.list(leads, 3).lines().toList();
        assertEquals(4, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("- Co 0 Injected: line: Ann Lee <"), lines.get(0));
        assertTrue(lines.get(0).contains("x".repeat(NoticeWindow.FIELD_MAX - 1) + "…>"), lines.get(0));
        assertTrue(lines.get(2).endsWith("(lead " + leads.get(2).id + ")"));
        assertEquals("... and 2 more: see the marketplace's leads", lines.get(3));
        assertEquals(1, NoticeWindow.list(leads.subList(0, 1), 3).lines().count());
    }

    private static Lead lead(String company, String email) {
        Lead lead = new Lead();
        lead.id = UUID.randomUUID();
        lead.customerCompanyName = company;
        lead.contactFirstName = "Ann";
        lead.contactLastName = "Lee";
        lead.contactEmail = email;
        lead.profileProductName = "Appsome";
        return lead;
    }
}
