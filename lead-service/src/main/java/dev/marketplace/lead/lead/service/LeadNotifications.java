package dev.marketplace.lead.lead.service;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.lead.LeadConfig;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.domain.ParticipantType;

/**
 * The notifications lead events carry (CONTRIBUTING.md, "Notifications carried by events"; README, "Events and
 * notifications"): a new lead → SALES_LEAD_CREATED to the sales managers (LEAD_MANUAL_CREATED_RESELLER or
 * LEAD_MANUAL_CREATED_DEVELOPER when a reseller or a developer made it by hand) and, for a company-profile lead,
 * LEAD_REFERRED_COMPANY_RESELLER to the reseller; an assignment → SALES_LEAD_ASSIGNED to the company it is assigned to;
 * a conversion → LEAD_CONVERTED_ADMIN to the sales managers and SALES_LEAD_WON to the assignee; a conversion request
 * approved → SALES_LEAD_ACCEPTED, denied (the lead disqualified while waiting for approval) → SALES_LEAD_DENIED, any
 * other disqualification → SALES_LEAD_LOST, each to the assignee. A company is written to at the address of its profile
 * ({@code emailAddress}) and, when it has a phone number, also by SMS (sent if the marketplace has an enabled SMS
 * template of the type); nobody to write to, no notification. Anonymous leads are mailed through
 * {@link AnonymousLeadNotices}, which sends SALES_LEAD_DIGEST for the leads it held.
 * <p>
 * Locale (docs/notifications.md, "Locale"): every message to the assignee company is in the {@code locale} it had when
 * it was assigned the lead ({@link Lead#recipientLocale}); no lead message goes to a user. Messages to configured
 * addresses (the sales managers, the digests) and to a company without a locale carry none, so notification-service
 * writes them in the marketplace default.
 */
@ApplicationScoped
public class LeadNotifications {
    private final List<String> managers;

    public LeadNotifications(LeadConfig config) {
        this.managers = config.managerEmails().orElse(List.of()).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    List<NotificationRequest> created(Lead lead, String resellerEmail) {
        return created(lead, createdRecipients(resellerEmail), resellerEmail);
    }

    /** Who hears of a new lead: the sales managers and, for a company-profile lead, the reseller. */
    List<String> createdRecipients(String resellerEmail) {
        List<String> to = new ArrayList<>(managers);
        if (resellerEmail != null && !resellerEmail.isBlank()) {
            to.add(resellerEmail);
        }
        return to;
    }

    /**
     * The messages of a new lead to {@code to}: the reseller whose profile the lead came from ({@code resellerEmail})
     * hears that a customer was referred to it; the others that a lead was created, by hand by a reseller or a
     * developer, or otherwise.
     */
    List<NotificationRequest> created(Lead lead, List<String> to, String resellerEmail) {
        List<String> others = new ArrayList<>();
        boolean reseller = false;
        for (String address : to) {
            if (resellerEmail != null && address.trim().equalsIgnoreCase(resellerEmail.trim())) {
                reseller = true;
            } else {
                others.add(address);
            }
        }
        List<NotificationRequest> all = new ArrayList<>(createdByWhom(lead, others));
        if (reseller) {
            all.addAll(toCompany("LEAD_REFERRED_COMPANY_RESELLER", resellerEmail, lead.recipientPhone, lead.recipientLocale,
                    common(lead)));
        }
        return all;
    }

    private static List<NotificationRequest> createdByWhom(Lead lead, List<String> to) {
        boolean manual = lead.leadType == LeadType.MANUAL;
        if (manual && (lead.creatorContext == LeadContext.RESELLER || lead.creatorContext == LeadContext.DEVELOPER)) {
            Map<String, Object> parameters = common(lead);
            parameters.put("creatorName", lead.creatorCompanyName);
            return one(lead.creatorContext == LeadContext.RESELLER ? "LEAD_MANUAL_CREATED_RESELLER"
                    : "LEAD_MANUAL_CREATED_DEVELOPER", to, parameters);
        }
        return one("SALES_LEAD_CREATED", to, common(lead));
    }

    /** SALES_LEAD_ACCEPTED: a manager approved the assignee's request to convert the lead. */
    List<NotificationRequest> accepted(Lead lead) {
        return toAssignee("SALES_LEAD_ACCEPTED", lead);
    }

    /** SALES_LEAD_DENIED: a manager disqualified the lead whose conversion the assignee had asked for. */
    List<NotificationRequest> denied(Lead lead) {
        return toAssignee("SALES_LEAD_DENIED", lead);
    }

    /** SALES_LEAD_WON: the lead was converted into a customer company. */
    List<NotificationRequest> won(Lead lead) {
        return toAssignee("SALES_LEAD_WON", lead);
    }

    /** SALES_LEAD_LOST: the lead was disqualified. */
    List<NotificationRequest> lost(Lead lead) {
        return toAssignee("SALES_LEAD_LOST", lead);
    }

    private static List<NotificationRequest> toAssignee(String type, Lead lead) {
        if (lead.recipientType != ParticipantType.COMPANY) {
            return List.of();
        }
        Map<String, Object> parameters = common(lead);
        parameters.put("recipientName", lead.recipientCompanyName);
        return toCompany(type, lead.recipientEmail, lead.recipientPhone, lead.recipientLocale, parameters);
    }

    /** The email and, with a phone number, the SMS to a company, in its locale (null: none, the marketplace default). */
    private static List<NotificationRequest> toCompany(String type, String email, String phone, String locale,
            Map<String, Object> parameters) {
        return NotificationRequest.emailAndSms(type, email, phone, null, parameters).stream()
                .map(n -> inLocale(n, locale)).toList();
    }

    /**
     * {@code n} in {@code locale}, or in none: the shared factories fill in {@code en_US} for a missing locale, while a
     * message lead-service knows no language for is left to the marketplace default.
     */
    private static NotificationRequest inLocale(NotificationRequest n, String locale) {
        return new NotificationRequest(n.type(), n.channel(), n.recipients(), locale, n.parameters());
    }

    /** SALES_LEAD_DIGEST: the leads of one message to {@code recipient}, oldest first, listed as {@link NoticeWindow#list}. */
    NotificationRequest digest(List<Lead> leads, String recipient, int maxListed) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("leadCount", String.valueOf(leads.size()));
        parameters.put("leads", NoticeWindow.list(leads, maxListed));
        return inLocale(NotificationRequest.email("SALES_LEAD_DIGEST", List.of(recipient), null, parameters), null);
    }

    List<NotificationRequest> assigned(Lead lead, String recipientEmail) {
        Map<String, Object> parameters = common(lead);
        parameters.put("recipientName", lead.recipientCompanyName);
        return recipientEmail == null || recipientEmail.isBlank() ? List.of()
                : List.of(inLocale(NotificationRequest.email("SALES_LEAD_ASSIGNED", List.of(recipientEmail), null, parameters),
                        lead.recipientLocale));
    }

    /** LEAD_CONVERTED_ADMIN to the sales managers, SALES_LEAD_WON to the assignee. */
    List<NotificationRequest> converted(Lead lead) {
        Map<String, Object> parameters = common(lead);
        parameters.put("convertedCompanyId", String.valueOf(lead.convertedCompany));
        parameters.put("convertedCompanyName", lead.convertedCompanyName);
        List<NotificationRequest> all = new ArrayList<>(one("LEAD_CONVERTED_ADMIN", managers, parameters));
        all.addAll(won(lead));
        return all;
    }

    /** One email to configured addresses: no locale, the marketplace default. */
    private static List<NotificationRequest> one(String type, List<String> to, Map<String, Object> parameters) {
        return to.isEmpty() ? List.of()
                : List.of(inLocale(NotificationRequest.email(type, List.copyOf(to), null, parameters), null));
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
