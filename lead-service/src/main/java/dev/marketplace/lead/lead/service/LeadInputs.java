package dev.marketplace.lead.lead.service;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import com.fasterxml.jackson.annotation.JsonAlias;

import dev.marketplace.lead.lead.domain.LeadType;
import dev.marketplace.lead.lead.domain.ParticipantType;

/**
 * Request bodies of the Lead API. Bean Validation names each broken field; rules across fields and rules that need
 * other services (product and company existence) are checked in {@link LeadCreation} and {@link LeadService}.
 */
public final class LeadInputs {
    /** Present, it must hold something other than blanks. */
    static final String NOT_BLANK = ".*\\S.*";
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    private LeadInputs() {
    }

    /** An ISO 3166-1 alpha-2 code of a country that exists (the pattern checks only its shape). */
    static boolean knownCountry(String code) {
        return COUNTRIES.contains(code);
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** Employee ranges of AppDirect's LeadCustomerCompany.size. */
    public enum CompanySize {
        RANGE_1_9, RANGE_10_24, RANGE_25_49, RANGE_50_249, RANGE_250_499, RANGE_500_999, RANGE_1000_4999, RANGE_5000_PLUS,
        UNKNOWN
    }

    /**
     * LeadCreationRequest. The profile company, product and edition are accepted under the names of the lead response
     * ({@code profileCompany}, {@code profileProduct}, {@code profileProductEdition}) or the short ones.
     */
    public record Create(
            @NotBlank @Size(max = 64) String partner,
            @NotNull LeadType leadType,
            @NotNull @Valid Customer customer,
            Map<@Size(max = 255) String, Set<@Size(max = 1024) String>> customAttributes,
            @Valid LeadUser reseller,
            @Size(max = 10_000) String notes,
            @Valid LeadUser creator,
            @JsonAlias("profileCompany") @Valid LeadCompany company,
            @JsonAlias("profileProduct") @Valid LeadProduct product,
            @JsonAlias("profileProductEdition") @Valid LeadEdition edition) {
    }

    public record Customer(@NotNull @Valid CustomerCompany company, @NotNull @Valid Contact contact) {
    }

    public record CustomerCompany(
            @NotBlank @Size(max = 255) String name,
            @Size(max = 255) String street1,
            @Size(max = 255) String street2,
            @Size(max = 255) String city,
            @Size(max = 255) String state,
            @Size(max = 32) String zip,
            @Pattern(regexp = "[A-Z]{2}", message = "must be an ISO 3166-1 alpha-2 code such as US") String country,
            CompanySize size) {
    }

    public record Contact(
            @Size(max = 255) String firstName,
            @Size(max = 255) String lastName,
            @NotBlank @Email @Size(max = 320) String email,
            @Size(max = 64) String phone,
            @Size(max = 16) String phoneExtension) {
    }

    public record LeadCompany(@Size(max = 64) String id, @Size(max = 255) String name) {
    }

    public record LeadProduct(@Size(max = 64) String id, @Size(max = 255) String name, @Size(max = 255) String provider) {
    }

    public record LeadEdition(@Size(max = 64) String id, @Size(max = 255) String name) {
    }

    /** LeadUser as a client may send it (ignored on create: the creator is the caller). */
    public record LeadUser(@Size(max = 64) String id, @Size(max = 64) String companyId, @Size(max = 255) String companyName,
            @Size(max = 64) String role) {
    }

    /** LeadUpdateRequest: what is given replaces what the lead holds; what is left out stays. */
    public record Update(@Valid CustomerChange customer, @Size(max = 10_000) String notes) {
    }

    public record CustomerChange(@Valid CompanyChange company, @Valid ContactChange contact) {
    }

    public record CompanyChange(
            @Pattern(regexp = NOT_BLANK, message = "must not be blank") @Size(max = 255) String name,
            @Size(max = 255) String street1,
            @Size(max = 255) String street2,
            @Size(max = 255) String city,
            @Size(max = 255) String state,
            @Size(max = 32) String zip,
            @Pattern(regexp = "[A-Z]{2}", message = "must be an ISO 3166-1 alpha-2 code such as US") String country,
            CompanySize size) {
    }

    public record ContactChange(
            @Size(max = 255) String firstName,
            @Size(max = 255) String lastName,
            @Pattern(regexp = NOT_BLANK, message = "must not be blank") @Email @Size(max = 320) String email,
            @Size(max = 64) String phone,
            @Size(max = 16) String phoneExtension) {
    }

    /** LeadAssignmentRequest. */
    public record Assign(@NotBlank String leadId, @NotNull @Valid Participant recipient) {
    }

    /** LeadParticipant as a recipient: a COMPANY with its id. */
    public record Participant(@NotNull ParticipantType participantType, @Size(max = 64) String partner,
            @Size(max = 64) String companyId, @Size(max = 255) String companyName) {
    }

    /** LeadCompanyAssociationRequest. */
    public record Associate(@NotBlank String leadId, @NotNull @Valid AssociatedUser user) {
    }

    public record AssociatedUser(@NotBlank @Size(max = 64) String id, @NotBlank @Size(max = 64) String companyId,
            @Size(max = 255) String companyName, @Size(max = 64) String role) {
    }
}
