package dev.marketplace.account.company.domain;

import java.util.List;
import java.util.UUID;

import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import dev.marketplace.account.support.StringListConverter;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;

/** One custom attribute value of a company: TEXT carries {@code value}, MULTISELECT carries {@code valueKeys}. */
@Entity
@Table(name = "company_custom_attribute")
public class CompanyCustomAttribute extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;
    public UUID companyUuid;
    public String name;
    @Enumerated(EnumType.STRING)
    public AttributeType attributeType;
    public String value;
    @Convert(converter = StringListConverter.class)
    public List<String> valueKeys;
}
