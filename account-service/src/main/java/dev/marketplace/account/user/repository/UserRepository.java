package dev.marketplace.account.user.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.user.domain.AppUser;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class UserRepository implements PanacheRepositoryBase<AppUser, UUID> {

    public Uni<AppUser> findByEmail(String partner, String email) {
        return find("partner = ?1 and lower(email) = lower(?2)", partner, email).firstResult();
    }
}
