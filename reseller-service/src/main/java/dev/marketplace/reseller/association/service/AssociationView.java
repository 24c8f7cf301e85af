package dev.marketplace.reseller.association.service;

import java.util.UUID;

/** A company association as the API answers it (AppDirect's CustomerCompanyAssociation). */
public record AssociationView(UUID id, CompanySummary resellerCompany, CompanySummary customerCompany, long createdOn) {

    /** A company reduced to its id and name. */
    public record CompanySummary(UUID id, String name) {
    }
}
