package dev.marketplace.lead.lead.service;

import java.time.Instant;
import java.util.UUID;

import dev.marketplace.lead.access.Actor;
import dev.marketplace.lead.access.LeadContext;
import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.domain.ParticipantType;

/**
 * A lead as its creation request makes it: the customer, who created and referred it, whom it goes to first and what
 * it refers to (service README, "Statuses").
 */
final class NewLead {
    private NewLead() {
    }

    static Lead of(Actor actor, LeadInputs.Create in, LeadProfile profile, String customAttributesJson) {
        Instant now = Instant.now();
        Lead lead = new Lead();
        lead.id = UUID.randomUUID();
        lead.partner = actor.partner();
        lead.leadType = in.leadType();
        customer(lead, in.customer());
        lead.notes = in.notes();
        lead.customAttributes = customAttributesJson;
        lead.creatorContext = actor.context();
        lead.creatorUser = actor.user();
        lead.creatorCompany = actor.company();
        lead.creatorCompanyName = actor.companyName();
        boolean byCompany = actor.company() != null && !actor.isManager();
        lead.referrerType = byCompany ? ParticipantType.COMPANY
                : actor.isAnonymous() ? ParticipantType.CUSTOMER : ParticipantType.CHANNEL;
        lead.referrerCompany = byCompany ? actor.company() : null;
        lead.referrerCompanyName = byCompany ? actor.companyName() : null;
        boolean ownManual = in.leadType() == LeadType.MANUAL
                && (actor.context() == LeadContext.RESELLER || actor.context() == LeadContext.REFERRAL);
        if (ownManual) {
            // a reseller's or referral's own lead is theirs to work: assigned to their company from the start
            lead.assignTo(actor.company(), actor.companyName(), actor.companyEmail(), actor.companyPhone(),
                    actor.companyLocale());
        } else if (profile.company() != null) {
            lead.profileCompany = profile.company().uuid();
            lead.profileCompanyName = profile.company().name();
            lead.assignTo(profile.company().uuid(), profile.company().name(), profile.company().emailAddress(),
                    profile.company().phoneNumber(), profile.company().locale());
        } else {
            lead.recipientType = ParticipantType.CHANNEL;
            lead.status = LeadStatus.SUBMITTED;
        }
        if (profile.product() != null) {
            lead.profileProduct = profile.product().id();
            lead.profileProductName = profile.product().name();
            lead.profileProductProvider = lead.partner;
            lead.profileEdition = profile.editionId();
            lead.profileEditionName = profile.editionName();
            lead.developersSeeLead = profile.product().developersSeeLeads();
        }
        lead.createdOn = now;
        lead.lastModified = now;
        return lead;
    }

    private static void customer(Lead lead, LeadInputs.Customer customer) {
        LeadInputs.CustomerCompany c = customer.company();
        lead.customerCompanyName = c.name().trim();
        lead.customerStreet1 = c.street1();
        lead.customerStreet2 = c.street2();
        lead.customerCity = c.city();
        lead.customerState = c.state();
        lead.customerZip = c.zip();
        lead.customerCountry = c.country();
        lead.customerSize = c.size() == null ? null : c.size().name();
        LeadInputs.Contact contact = customer.contact();
        lead.contactFirstName = contact.firstName();
        lead.contactLastName = contact.lastName();
        lead.contactEmail = contact.email().trim();
        lead.contactPhone = contact.phone();
        lead.contactPhoneExtension = contact.phoneExtension();
    }
}
