package dev.marketplace.lead.lead.domain;

/** Who refers or receives a lead: the customer (anonymous), a company (reseller, referral, developer) or the channel. */
public enum ParticipantType {
    CUSTOMER, COMPANY, CHANNEL
}
