package dev.marketplace.catalog.product.domain;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** A product (application) of one marketplace. Its developers (user uuids) may manage it. */
@Entity
@Table(name = "product")
public class Product extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    @Column(nullable = false)
    public UUID uuid;
    @Column(nullable = false)
    public String partner;
    @Column(nullable = false)
    public String name;
    public String description;
    @Column(nullable = false)
    public String productType;
    public String vendorName;
    public UUID vendorCompanyUuid;
    /** Developer user uuids, each wrapped in '|' ("|a|b|") so a LIKE '%|uuid|%' finds exact members. */
    @Column(nullable = false)
    public String developers = "";
    @Column(nullable = false)
    public Instant createdOn;
    @Column(nullable = false)
    public Instant lastModified;
    @Version
    public long version;

    public List<String> developerList() {
        return developers == null || developers.isEmpty() ? List.of()
                : List.of(developers.substring(1, developers.length() - 1).split("\\|"));
    }

    public void setDeveloperList(List<String> list) {
        developers = list == null || list.isEmpty() ? "" : "|" + String.join("|", list) + "|";
    }
}
