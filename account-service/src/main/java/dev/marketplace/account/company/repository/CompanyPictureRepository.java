package dev.marketplace.account.company.repository;

import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.company.domain.CompanyPicture;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;

@ApplicationScoped
public class CompanyPictureRepository implements PanacheRepositoryBase<CompanyPicture, UUID> {
}
