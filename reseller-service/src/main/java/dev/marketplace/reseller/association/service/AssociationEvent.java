package dev.marketplace.reseller.association.service;

import dev.marketplace.reseller.association.domain.AssociationOrigin;

/**
 * Payload of RESELLER_COMPANY_LINKED / _UNLINKED and COMPANY_ASSOCIATION_CREATED / _REMOVED: the association, how it
 * came about, and for a company the reseller created the access it was given.
 */
public record AssociationEvent(AssociationView association, AssociationOrigin origin, String companyAccess) {
}
