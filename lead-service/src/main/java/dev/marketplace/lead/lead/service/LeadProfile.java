package dev.marketplace.lead.lead.service;

import dev.marketplace.lead.client.AccountClient.AccountCompany;
import dev.marketplace.lead.client.CatalogClient.CatalogProduct;

/**
 * What a new lead refers to, as the other services know it: the product (and edition) of a PRODUCT lead, the reseller
 * company of a COMPANY lead; nothing for a MANUAL one.
 */
record LeadProfile(CatalogProduct product, String editionId, String editionName, AccountCompany company) {
    static final LeadProfile NONE = new LeadProfile(null, null, null, null);
}
