package dev.marketplace.lead.lead.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.lead.LeadConfig;
import dev.marketplace.lead.lead.domain.Lead;

/**
 * The notifications lead events carry (CONTRIBUTING.md, "Notifications carried by events"): a new lead → SALES_LEAD_CREATED
 * to the sales managers and, for a company-profile lead, to the reseller; an assignment → SALES_LEAD_ASSIGNED to the
 * company it is assigned to; a conversion → LEAD_CONVERTED_ADMIN to the sales managers. A company is written to at the
 * address of its profile ({@code emailAddress}); nobody to write to, no notification. Anonymous leads are mailed through
 * {@link AnonymousLeadNotices}, which sends SALES_LEAD_DIGEST for the leads it held.
 */
@ApplicationScoped
public class LeadNotifications {
    private final List<String> managers;

    public LeadNotifications(LeadConfig config) {
        this.managers = config.managerEmails().orElse(List.of()).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    List<NotificationRequest> created(Lead lead, String resellerEmail) {
        return created(lead, createdRecipients(resellerEmail));
    }

    /** Who hears of a new lead: the sales managers and, for a company-profile lead, the reseller. */
    List<String> createdRecipients(String resellerEmail) {
        List<String> to = new ArrayList<>(managers);
        if (resellerEmail != null && !resellerEmail.isBlank()) {
            to.add(resellerEmail);
        }
        return to;
    }

    List<NotificationRequest> created(Lead lead, List<String> to) {
        return one("SALES_LEAD_CREATED", to, common(lead));
    }

    /** SALES_LEAD_DIGEST: the leads of one message to {@code recipient}, oldest first, listed as {@link NoticeWindow#list}. */
    NotificationRequest digest(List<Lead> leads, String recipient, int maxListed) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("leadCount", String.valueOf(leads.size()));
        parameters.put("leads", NoticeWindow.list(leads, maxListed));
        return NotificationRequest.email("SALES_LEAD_DIGEST", List.of(recipient), null, parameters);
    }

    List<NotificationRequest> assigned(Lead lead, String recipientEmail) {
        Map<String, Object> parameters = common(lead);
        parameters.put("recipientName", lead.recipientCompanyName);
        return one("SALES_LEAD_ASSIGNED", recipientEmail == null || recipientEmail.isBlank() ? List.of() : List.of(recipientEmail),
                parameters);
    }

    List<NotificationRequest> converted(Lead lead) {
        Map<String, Object> parameters = common(lead);
        parameters.put("convertedCompanyId", String.valueOf(lead.convertedCompany));
        parameters.put("convertedCompanyName", lead.convertedCompanyName);
        return one("LEAD_CONVERTED_ADMIN", managers, parameters);
    }

    private static List<NotificationRequest> one(String type, List<String> to, Map<String, Object> parameters) {
        return to.isEmpty() ? List.of() : List.of(NotificationRequest.email(type, List.copyOf(to), null, parameters));
    }

    private static Map<String, Object> common(Lead lead) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("leadId", lead.id.toString());
        p.put("companyName", lead.customerCompanyName);
        p.put("contactName", contactName(lead));
        p.put("contactEmail", lead.contactEmail);
        p.put("productName", lead.profileProductName != null ? lead.profileProductName
                : lead.profileCompanyName != null ? lead.profileCompanyName : "");
        return p;
    }

    static String contactName(Lead lead) {
        String name = ((lead.contactFirstName == null ? "" : lead.contactFirstName) + " "
                + (lead.contactLastName == null ? "" : lead.contactLastName)).trim();
        return name.isEmpty() ? lead.contactEmail : name;
    }
}
