package dev.marketplace.lead.activity.domain;

/** The steps of a lead's history this service records (AppDirect's LeadActivityVerb names). */
public enum ActivityVerb {
    LEAD_CREATED, LEAD_UPDATED, LEAD_ASSIGNED, LEAD_COMPANY_ASSOCIATED, LEAD_CONVERSION_REQUESTED, LEAD_CONVERSION_APPROVED,
    LEAD_CONVERTED, LEAD_DELETED, LEAD_DISQUALIFIED
}
