package dev.marketplace.catalog.product.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;

/**
 * Who may do what with a product: channel administrators (ROLE_CHANNEL_ADMIN, ROLE_PARTNER) manage every product of
 * their marketplace; a user with ROLE_DEVELOPER manages the products listing them as developers; read-only partner
 * credentials read; vendor credentials read only their own product. Nobody reaches another marketplace's products:
 * {@link ProductLookup#load} finds only the caller's marketplace's, so another marketplace's id is the 404 of an unknown
 * one (ids are one sequence for every marketplace; a 403 would tell which are taken elsewhere). The 403s here are
 * permission answers inside the caller's own marketplace.
 */
@ApplicationScoped
public class ProductAccess {
    private final Caller caller;

    public ProductAccess(Caller caller) {
        this.caller = caller;
    }

    public boolean channelAdmin() {
        return caller.hasAnyRole(Roles.CHANNEL_ADMIN, Roles.PARTNER);
    }

    public boolean channelReader() {
        return channelAdmin() || caller.hasRole(Roles.PARTNER_READ);
    }

    /** The developer user of the caller, when it acts as a user with ROLE_DEVELOPER. */
    public String developer() {
        if (caller.hasRole(Roles.DEVELOPER) && caller.user().isPresent()) {
            return caller.user().get().toString();
        }
        return null;
    }

    public void requireCreate() {
        caller.partner();
        if (!channelAdmin() && developer() == null) {
            throw ApiException.forbidden();
        }
    }

    /** Marketplace-level decisions (publication): channel administrators only, not a product's developers. */
    public void requireChannelAdmin() {
        caller.partner();
        if (!channelAdmin()) {
            throw ApiException.forbidden();
        }
    }

    public void requireList() {
        caller.partner();
        if (!channelReader() && developer() == null) {
            throw ApiException.forbidden();
        }
    }

    public Product requireManage(Product product) {
        sameMarketplace(product);
        if (channelAdmin() || isDeveloperOf(product)) {
            return product;
        }
        throw ApiException.forbidden();
    }

    public Product requireRead(Product product) {
        sameMarketplace(product);
        if (channelReader() || isDeveloperOf(product) || isVendorOf(product)) {
            return product;
        }
        throw ApiException.forbidden();
    }

    /** Catalogue reads (editions): any authenticated caller of the product's marketplace. */
    public Product requireCatalogueRead(Product product) {
        sameMarketplace(product);
        return product;
    }

    /** Defence in depth: a product loaded without the partner scope is still as unknown as a missing one. */
    private void sameMarketplace(Product product) {
        if (!product.partner.equals(caller.partner())) {
            throw ApiException.notFound("Product", product.id);
        }
    }

    private boolean isDeveloperOf(Product product) {
        String developer = developer();
        return developer != null && product.developerList().contains(developer);
    }

    private boolean isVendorOf(Product product) {
        return caller.hasRole(Roles.VENDOR) && caller.product().map(id -> id.equals(product.id)).orElse(false);
    }
}
