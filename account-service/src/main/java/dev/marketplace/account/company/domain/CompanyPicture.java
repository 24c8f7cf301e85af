package dev.marketplace.account.company.domain;

import java.util.UUID;

import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

@Entity
@Table(name = "company_picture")
public class CompanyPicture extends PanacheEntityBase {
    @Id
    public UUID companyUuid;
    public String contentType;
    public byte[] data;
}
