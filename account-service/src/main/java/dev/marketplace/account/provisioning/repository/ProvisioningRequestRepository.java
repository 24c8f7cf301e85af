package dev.marketplace.account.provisioning.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.provisioning.domain.ProvisioningRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;

@ApplicationScoped
public class ProvisioningRequestRepository implements PanacheRepositoryBase<ProvisioningRequest, UUID> {
}
