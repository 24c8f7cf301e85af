package dev.marketplace.catalog.product.service;

import dev.marketplace.catalog.product.domain.Product;
import io.smallrye.mutiny.Uni;

/**
 * Issues a new product's vendor credentials, in the creation's transaction. The credentials and their storage are the
 * integration feature's, which implements this: the product feature declares what it needs instead of depending on it
 * (CONTRIBUTING, rule 10).
 */
public interface ProductCredentials {

    /** The consumer key and the plain secret, shown once in the creation response. */
    record Issued(String consumerKey, String consumerSecret) {
    }

    /** Stores the credentials of {@code product} (already persisted, so it has its id). */
    Uni<Issued> issue(Product product);
}
