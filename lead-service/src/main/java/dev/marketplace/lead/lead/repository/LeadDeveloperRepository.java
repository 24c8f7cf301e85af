package dev.marketplace.lead.lead.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.lead.lead.domain.LeadDeveloper;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class LeadDeveloperRepository implements PanacheRepositoryBase<LeadDeveloper, LeadDeveloper.Key> {

    public Uni<Boolean> isDeveloper(UUID lead, UUID user) {
        return count("leadId = ?1 and userId = ?2", lead, user).map(n -> n > 0);
    }
}
