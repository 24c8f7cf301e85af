package dev.marketplace.catalog.integration.service;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.catalog.integration.domain.ProductIntegration;
import dev.marketplace.catalog.integration.repository.IntegrationRepository;
import dev.marketplace.catalog.product.domain.Product;
import dev.marketplace.catalog.product.service.ProductCredentials;
import dev.marketplace.common.crypto.SecretCipher;
import io.smallrye.mutiny.Uni;

/** A new product's integration settings: generated credentials (the secret encrypted at rest), no event URLs yet. */
@ApplicationScoped
public class CredentialsIssuer implements ProductCredentials {
    private final IntegrationRepository integrations;
    private final SecretCipher cipher;

    public CredentialsIssuer(IntegrationRepository integrations, SecretCipher cipher) {
        this.integrations = integrations;
        this.cipher = cipher;
    }

    @Override
    public Uni<Issued> issue(Product product) {
        String consumerKey = Credentials.consumerKey(product.name);
        String secret = Credentials.secret();
        ProductIntegration integration = new ProductIntegration();
        integration.productId = product.id;
        integration.consumerKey = consumerKey;
        integration.secretCiphertext = cipher.encrypt(consumerKey, secret);
        integration.secretRotatedOn = product.createdOn;
        integration.lastModified = product.createdOn;
        return integrations.persist(integration).replaceWith(new Issued(consumerKey, secret));
    }
}
