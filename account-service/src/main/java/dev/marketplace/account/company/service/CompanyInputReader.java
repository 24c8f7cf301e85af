package dev.marketplace.account.company.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.marketplace.account.access.MembershipRoles;
import dev.marketplace.account.support.Locales;
import dev.marketplace.common.error.ApiException;

/**
 * Turns a JSON body into a validated {@link CompanyInput} for one operation: refuses properties the operation does not
 * take, binds the rest (onto the current state for PATCH, so absent properties keep their values), and checks every
 * rule, reporting all violated fields at once.
 */
@ApplicationScoped
public class CompanyInputReader {
    private static final Set<String> COUNTRY_CODES = Set.of(Locale.getISOCountries());

    private final ObjectMapper mapper;
    private final Validator validator;

    public CompanyInputReader(ObjectMapper mapper, Validator validator) {
        this.mapper = mapper;
        this.validator = validator;
    }

    public CompanyInput read(ObjectNode body, CompanyOperation operation, CompanyInput current) {
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON company object is required as the request body");
        }
        List<String> problems = new ArrayList<>();
        ObjectNode accepted = body.deepCopy();
        for (Iterator<String> names = body.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (CompanyOperation.RESPONSE_ONLY.contains(name)) {
                accepted.remove(name);
            } else if (!CompanyOperation.KNOWN.contains(name)) {
                problems.add(name + ": is not a property of a company");
            } else if (!operation.accepts(name)) {
                problems.add(name + ": cannot be set when " + operation.verb() + " a company");
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("INVALID_FIELD", String.join("; ", problems));
        }
        CompanyInput input;
        try {
            ObjectReader reader = mapper.reader().with(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
            input = current == null ? reader.treeToValue(accepted, CompanyInput.class)
                    : reader.withValueToUpdate(current).readValue(accepted);
        } catch (JsonProcessingException e) {
            throw ApiException.invalidBody(e);
        } catch (IOException e) {
            throw ApiException.badRequest("INVALID_BODY", "body: could not be read");
        }
        validate(input, operation);
        return input;
    }

    private void validate(CompanyInput input, CompanyOperation operation) {
        Set<ConstraintViolation<CompanyInput>> violations = validator.validate(input);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
        List<String> problems = new ArrayList<>();
        if (operation != CompanyOperation.PATCH && (input.name == null || input.name.isBlank())) {
            problems.add("name: must not be blank");
        }
        if (operation == CompanyOperation.PATCH && input.name != null && input.name.isBlank()) {
            problems.add("name: must not be blank");
        }
        if (input.countryCode != null && !COUNTRY_CODES.contains(input.countryCode)) {
            problems.add("countryCode: must be an ISO 3166-1 alpha-2 code such as US or FR");
        }
        if (input.locale != null && !Locales.valid(input.locale)) {
            problems.add("locale: " + Locales.RULE);
        }
        if (input.firstUser != null && input.firstUser.locale != null && !Locales.valid(input.firstUser.locale)) {
            problems.add("firstUser.locale: " + Locales.RULE);
        }
        if (input.defaultRole != null && !"USER".equals(input.defaultRole) && !MembershipRoles.ALL.contains(input.defaultRole)) {
            problems.add("defaultRole: must be USER or a membership role such as ROLE_BILLING_ADMIN");
        }
        if (MembershipRoles.MARKETPLACE_MANAGER.equals(input.defaultRole)) {
            problems.add("defaultRole: the Marketplace Manager role (ROLE_CHANNEL_ADMIN) cannot be granted through the API");
        }
        if (input.customAttributes != null) {
            Set<String> seen = new java.util.HashSet<>();
            for (int i = 0; i < input.customAttributes.size(); i++) {
                CompanyInput.CustomAttribute attribute = input.customAttributes.get(i);
                if (attribute == null) {
                    problems.add("customAttributes[" + i + "]: must not be null");
                    continue;
                }
                if ((attribute.value == null) == (attribute.valueKeys == null)) {
                    problems.add("customAttributes[" + i + "]: exactly one of value (TEXT) or valueKeys (MULTISELECT) is required");
                }
                if (attribute.name != null && !seen.add(attribute.name)) {
                    problems.add("customAttributes[" + i + "].name: appears more than once");
                }
            }
        }
        if (input.firstUser != null && input.firstUser.roles != null) {
            for (String role : input.firstUser.roles) {
                if (MembershipRoles.MARKETPLACE_MANAGER.equals(role)) {
                    problems.add("firstUser.roles: the Marketplace Manager role (ROLE_CHANNEL_ADMIN) cannot be granted through the API");
                } else if (!MembershipRoles.ALL.contains(role)) {
                    problems.add("firstUser.roles: unknown role " + role);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.badRequest("INVALID_FIELD", String.join("; ", problems));
        }
    }

}
