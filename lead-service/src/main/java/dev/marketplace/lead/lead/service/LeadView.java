package dev.marketplace.lead.lead.service;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.lead.lead.domain.Lead;
import dev.marketplace.lead.lead.domain.LeadStatus;
import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.domain.ParticipantType;

/** A lead as the API answers it (AppDirect's LeadResponse); absent parts are left out. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LeadView(UUID id, String partner, LeadType leadType, LeadStatus status, Customer customer, String notes,
        long createdOn, long lastModified, LeadUser creator, Participant referrer, Participant recipient,
        Map<String, List<String>> customAttributes, Company convertedCompany, LeadUser convertedUser, String result,
        Company profileCompany, Product profileProduct, Edition profileProductEdition) {
    private static final TypeReference<Map<String, List<String>>> ATTRIBUTES = new TypeReference<>() {
    };

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Customer(CustomerCompany company, Contact contact) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CustomerCompany(String name, String street1, String street2, String city, String state, String zip,
            String country, String size, Boolean companyExists, Boolean linked) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Contact(String firstName, String lastName, String email, String phone, String phoneExtension) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LeadUser(UUID id, UUID companyId, String companyName, String role) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Participant(ParticipantType participantType, String partner, UUID companyId, String companyName) {
        static Participant of(ParticipantType type, String partner, UUID company, String companyName) {
            return switch (type) {
                case CHANNEL -> new Participant(type, partner, null, null);
                case COMPANY -> new Participant(type, null, company, companyName);
                case CUSTOMER -> new Participant(type, null, null, null);
            };
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Company(UUID id, String name) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Product(String id, String name, String provider) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Edition(String id, String name) {
    }

    /** The {@code {"lead": ...}} answer of assign, convert, request-conversion and approve. */
    public record Wrapped(LeadView lead) {
    }

    /** The lead with its custom attributes, stored as JSON. */
    static LeadView of(Lead lead, ObjectMapper mapper) {
        try {
            return of(lead, mapper.readValue(lead.customAttributes, ATTRIBUTES));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("custom attributes of lead " + lead.id + " are not JSON", e);
        }
    }

    private static LeadView of(Lead l, Map<String, List<String>> customAttributes) {
        boolean linked = l.convertedCompany != null;
        return new LeadView(l.id, l.partner, l.leadType, l.status,
                new Customer(new CustomerCompany(l.customerCompanyName, l.customerStreet1, l.customerStreet2, l.customerCity,
                        l.customerState, l.customerZip, l.customerCountry, l.customerSize, linked ? true : null,
                        linked ? true : null),
                        new Contact(l.contactFirstName, l.contactLastName, l.contactEmail, l.contactPhone,
                                l.contactPhoneExtension)),
                l.notes, l.createdOn.toEpochMilli(), l.lastModified.toEpochMilli(),
                l.creatorCompany == null && l.creatorUser == null ? null
                        : new LeadUser(l.creatorUser, l.creatorCompany, l.creatorCompanyName, l.creatorContext.name()),
                Participant.of(l.referrerType, l.partner, l.referrerCompany, l.referrerCompanyName),
                Participant.of(l.recipientType, l.partner, l.recipientCompany, l.recipientCompanyName),
                customAttributes,
                l.convertedCompany == null ? null : new Company(l.convertedCompany, l.convertedCompanyName),
                l.convertedUser == null ? null : new LeadUser(l.convertedUser, l.convertedCompany, null, null),
                l.result,
                l.profileCompany == null ? null : new Company(l.profileCompany, l.profileCompanyName),
                l.profileProduct == null ? null
                        : new Product(l.profileProduct.toString(), l.profileProductName, l.profileProductProvider),
                l.profileEdition == null ? null : new Edition(l.profileEdition, l.profileEditionName));
    }
}
