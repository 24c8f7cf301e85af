package dev.marketplace.reseller.directory.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import com.fasterxml.jackson.databind.JsonNode;

import dev.marketplace.common.events.EventTypes;
import dev.marketplace.reseller.directory.domain.DirectoryChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.CompanyChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.CompanyColumn;
import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipColumn;
import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipRemoval;
import dev.marketplace.reseller.directory.domain.DirectoryChange.UserChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.UserColumn;
import dev.marketplace.reseller.directory.domain.DirectoryMembership;
import dev.marketplace.reseller.directory.domain.DirectoryUser;

/**
 * Reads account-service's JSON — its company view (uuid, name, externalId, phoneNumber, enabled, reseller, referral,
 * creationDate ...), its membership view ({user: {...}, company: {uuid}, enabled, roles, status, createdOn}), and the
 * smaller payloads some of its events carry ({companyUuid, userUuid, email, roles, status}) — into directory changes.
 * Only the fields present are read: a payload that leaves a field out leaves the stored value alone.
 */
public final class AccountPayloads {
    private AccountPayloads() {
    }

    /** The account-service event types the directory follows. */
    public static final Set<String> TYPES = Set.of(EventTypes.COMPANY_CREATED, EventTypes.COMPANY_UPDATED,
            EventTypes.COMPANY_PATCHED, EventTypes.COMPANY_DELETED, EventTypes.MEMBERSHIP_CREATED,
            EventTypes.MEMBERSHIP_UPDATED, EventTypes.MEMBERSHIP_ENABLED, EventTypes.MEMBERSHIP_DISABLED,
            EventTypes.MEMBERSHIP_ROLES_UPDATED, EventTypes.MEMBERSHIP_INVITED, EventTypes.MEMBERSHIP_DELETED,
            EventTypes.INVITATION_ACCEPTED);

    /** The changes one account-service event makes, or an empty list for events the directory does not follow. */
    public static List<DirectoryChange> event(String type, String partner, Instant occurredOn, JsonNode payload) {
        return switch (type) {
            case EventTypes.COMPANY_CREATED, EventTypes.COMPANY_UPDATED, EventTypes.COMPANY_PATCHED ->
                List.of(company(payload, partner, occurredOn));
            case EventTypes.COMPANY_DELETED -> List.of(new CompanyChange(uuid(payload, "uuid"), partner, occurredOn,
                    Map.of(CompanyColumn.DELETED, true)));
            case EventTypes.MEMBERSHIP_CREATED, EventTypes.MEMBERSHIP_UPDATED, EventTypes.MEMBERSHIP_ENABLED,
                    EventTypes.MEMBERSHIP_DISABLED, EventTypes.MEMBERSHIP_ROLES_UPDATED, EventTypes.MEMBERSHIP_INVITED ->
                membership(payload, partner, occurredOn);
            case EventTypes.MEMBERSHIP_DELETED -> membershipDeleted(payload, partner, occurredOn);
            case EventTypes.INVITATION_ACCEPTED -> invitationAccepted(payload, partner, occurredOn);
            default -> List.of();
        };
    }

    /** A company view (account-service's answer or event payload). */
    public static CompanyChange company(JsonNode company, String partner, Instant version) {
        Map<CompanyColumn, Object> fields = new EnumMap<>(CompanyColumn.class);
        text(company, "externalId", CompanyColumn.EXTERNAL_ID, fields);
        text(company, "name", CompanyColumn.NAME, fields);
        text(company, "phoneNumber", CompanyColumn.PHONE, fields);
        text(company, "website", CompanyColumn.WEBSITE, fields);
        text(company, "companySize", CompanyColumn.COMPANY_SIZE, fields);
        text(company, "defaultRole", CompanyColumn.DEFAULT_ROLE, fields);
        text(company, "locale", CompanyColumn.LOCALE, fields);
        bool(company, "enabled", CompanyColumn.ENABLED, fields);
        bool(company, "allowLogin", CompanyColumn.ALLOW_LOGIN, fields);
        bool(company, "vendor", CompanyColumn.VENDOR, fields);
        bool(company, "reseller", CompanyColumn.RESELLER, fields);
        bool(company, "referral", CompanyColumn.REFERRAL, fields);
        bool(company, "channelAdmin", CompanyColumn.CHANNEL_ADMIN, fields);
        if (company.has("idpUuid")) {
            fields.put(CompanyColumn.IDP_ID, optionalUuid(company.get("idpUuid")));
        }
        if (company.hasNonNull("creationDate")) {
            fields.put(CompanyColumn.CREATED_ON, Instant.ofEpochMilli(company.get("creationDate").asLong()));
        }
        return new CompanyChange(uuid(company, "uuid"), partner, version, fields);
    }

    /**
     * A membership view, or a smaller membership payload: the user's fields and the membership's. A smaller payload's
     * {@code status} is the membership's; the user takes it only when not known yet.
     */
    public static List<DirectoryChange> membership(JsonNode payload, String partner, Instant version) {
        JsonNode user = payload.path("user");
        UUID companyId = payload.has("company") ? uuid(payload.path("company"), "uuid") : uuid(payload, "companyUuid");
        UUID userId = user.isObject() ? uuid(user, "uuid") : uuid(payload, "userUuid");
        Map<UserColumn, Object> userFields = new EnumMap<>(UserColumn.class);
        Map<UserColumn, Object> userDefaults = new EnumMap<>(UserColumn.class);
        if (user.isObject()) {
            text(user, "email", UserColumn.EMAIL, userFields);
            text(user, "firstName", UserColumn.FIRST_NAME, userFields);
            text(user, "lastName", UserColumn.LAST_NAME, userFields);
            text(user, "externalId", UserColumn.EXTERNAL_ID, userFields);
            text(user, "status", UserColumn.STATUS, userFields);
            text(user, "locale", UserColumn.LOCALE, userFields);
            if (user.hasNonNull("creationDate")) {
                userFields.put(UserColumn.CREATED_ON, Instant.ofEpochMilli(user.get("creationDate").asLong()));
            }
        } else {
            text(payload, "email", UserColumn.EMAIL, userFields);
            text(payload, "status", UserColumn.STATUS, userDefaults);
        }
        Map<MembershipColumn, Object> membership = new EnumMap<>(MembershipColumn.class);
        bool(payload, "enabled", MembershipColumn.ENABLED, membership);
        text(payload, "status", MembershipColumn.STATUS, membership);
        if (payload.path("roles").isArray()) {
            List<String> roles = new ArrayList<>();
            payload.get("roles").forEach(role -> roles.add(role.asText()));
            membership.put(MembershipColumn.ROLES, DirectoryMembership.encodeRoles(roles));
        }
        if (payload.hasNonNull("createdOn")) {
            membership.put(MembershipColumn.CREATED_ON, Instant.ofEpochMilli(payload.get("createdOn").asLong()));
        }
        return List.of(new UserChange(userId, partner, version, userFields, userDefaults),
                new MembershipChange(companyId, userId, partner, version, membership));
    }

    private static List<DirectoryChange> membershipDeleted(JsonNode payload, String partner, Instant version) {
        UUID companyId = uuid(payload, "companyUuid");
        UUID userId = uuid(payload, "userUuid");
        List<DirectoryChange> changes = new ArrayList<>();
        changes.add(new MembershipRemoval(companyId, userId, partner, version));
        if (payload.path("userDeleted").asBoolean(false)) {
            changes.add(new UserChange(userId, partner, version, Map.of(UserColumn.STATUS, DirectoryUser.DELETED), Map.of()));
        }
        return changes;
    }

    /** The invitee activated their account; their membership of the inviting company is active. */
    private static List<DirectoryChange> invitationAccepted(JsonNode payload, String partner, Instant version) {
        UUID companyId = uuid(payload, "companyUuid");
        UUID userId = uuid(payload, "userUuid");
        Map<UserColumn, Object> user = new EnumMap<>(UserColumn.class);
        user.put(UserColumn.STATUS, DirectoryUser.ACTIVE);
        text(payload, "email", UserColumn.EMAIL, user);
        return List.of(new UserChange(userId, partner, version, user, Map.of()),
                new MembershipChange(companyId, userId, partner, version,
                        Map.of(MembershipColumn.STATUS, DirectoryUser.ACTIVE)));
    }

    private static <C extends Enum<C>> void text(JsonNode node, String field, C column, Map<C, Object> into) {
        if (node.has(field)) {
            JsonNode value = node.get(field);
            into.put(column, value.isNull() ? null : value.asText());
        }
    }

    private static <C extends Enum<C>> void bool(JsonNode node, String field, C column, Map<C, Object> into) {
        if (node.has(field) && node.get(field).isBoolean()) {
            into.put(column, node.get(field).asBoolean());
        }
    }

    private static UUID uuid(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return UUID.fromString(value.asText());
    }

    private static UUID optionalUuid(JsonNode value) {
        return value == null || value.isNull() ? null : UUID.fromString(value.asText());
    }
}
