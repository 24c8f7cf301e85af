package dev.marketplace.account.user.service;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.access.Grants;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.common.input.Violations;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Changes to a user's own details (PUT / PATCH {@code /api/account/v2/users/{userUuid}}). A call that changes nothing
 * writes nothing and tells no one. Otherwise, in the change's transaction: USER_CHANGED (with the fields changed);
 * PRIMARY_EMAIL_CHANGED_NOTICE to the old and the new address when the email changed; and, when the name, email or
 * locale changed, USER_UPDATED to the vendor of every application the user holds ({@link UserUpdatedEvents}).
 */
@ApplicationScoped
public class UserChanges {
    private final UserService users;
    private final CompanyAccess access;
    private final Grants grants;
    private final CompanyLookup companies;
    private final UserUpdatedEvents vendorEvents;
    private final DomainEventPublisher events;

    public UserChanges(UserService users, CompanyAccess access, Grants grants,
            CompanyLookup companies, UserUpdatedEvents vendorEvents, DomainEventPublisher events) {
        this.users = users;
        this.access = access;
        this.grants = grants;
        this.companies = companies;
        this.vendorEvents = vendorEvents;
        this.events = events;
    }

    @WithTransaction
    public Uni<UserView> update(String ref, UserInputs.Update body, URI baseUri) {
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON user object {firstName, lastName, email, locale, externalId} is required");
        }
        Violations.start()
                .when(body.firstName() != null && body.firstName().isBlank(), "firstName", "must not be blank")
                .when(body.email() != null && !Emails.valid(body.email()), "email", "must be an email address")
                .when(body.locale() != null && !Locales.valid(body.locale()), "locale", Locales.RULE)
                .throwIfAny();
        if (body.externallyManaged() != null && !access.channelWriter()) {
            // a directory synchronisation runs with the channel's credentials; a user cannot exempt themselves
            throw ApiException.forbidden();
        }
        return users.load(ref).call(user -> access.requireUserWritable(user.partner, user.uuid)).chain(user -> {
            if (user.status == UserStatus.DELETED) {
                throw ApiException.notFound("User", ref);
            }
            String email = body.email() == null ? user.email : body.email().trim();
            boolean emailChanged = !email.equals(user.email);
            return uniqueEmail(user, email, emailChanged).chain(() -> uniqueExternalId(user, body.externalId())).chain(() -> {
                String oldEmail = user.email;
                List<String> changed = new ArrayList<>();
                set(changed, "firstName", user.firstName, body.firstName() == null ? null : body.firstName().trim(), v -> user.firstName = v);
                set(changed, "lastName", user.lastName, body.lastName(), v -> user.lastName = v);
                set(changed, "email", user.email, body.email() == null ? null : email, v -> user.email = v);
                set(changed, "locale", user.locale, body.locale(), v -> user.locale = v);
                set(changed, "externalId", user.externalId, body.externalId(), v -> user.externalId = v);
                if (body.externallyManaged() != null && body.externallyManaged() != user.externallyManaged) {
                    user.externallyManaged = body.externallyManaged();
                    changed.add("externallyManaged");
                }
                if (changed.isEmpty()) {
                    return Uni.createFrom().item(UserView.of(user, false, baseUri));
                }
                user.lastModified = Instant.now();
                UserView view = UserView.of(user, false, baseUri);
                return companyLocale(user).chain(companyLocale -> {
                    List<NotificationRequest> notices = emailChanged
                            ? List.of(emailChangedNotice(user, oldEmail, Locales.forRecipient(user.locale, companyLocale)))
                            : List.of();
                    Map<String, Object> payload = new LinkedHashMap<>();
                    payload.put("user", view);
                    payload.put("changed", changed);
                    return events.publish(EventTypes.USER_CHANGED, user.partner, "USER", user.uuid.toString(), payload, notices);
                }).chain(() -> UserUpdatedEvents.concernsVendors(changed) ? vendorEvents.publish(user)
                        : Uni.createFrom().voidItem())
                        .replaceWith(view);
            });
        });
    }

    private Uni<Void> uniqueEmail(AppUser user, String email, boolean changed) {
        if (!changed || email.equalsIgnoreCase(user.email)) {
            return Uni.createFrom().voidItem();
        }
        return users.findByEmail(user.partner, email).invoke(other -> {
            if (other != null && !other.uuid.equals(user.uuid)) {
                throw ApiException.conflict("DUPLICATE_EMAIL", "email: another user already has " + email);
            }
        }).replaceWithVoid();
    }

    private Uni<Void> uniqueExternalId(AppUser user, String externalId) {
        if (externalId == null || externalId.equals(user.externalId)) {
            return Uni.createFrom().voidItem();
        }
        return users.externalIdTakenByOther(user.partner, externalId, user.uuid).invoke(taken -> {
            if (taken) {
                throw ApiException.conflict("DUPLICATE_EXTERNAL_ID", "externalId: another user already has " + externalId);
            }
        }).replaceWithVoid();
    }

    /** The locale of the user's first company (by membership), the fallback of their own. */
    private Uni<String> companyLocale(AppUser user) {
        if (Locales.valid(user.locale)) {
            return Uni.createFrom().item((String) null);
        }
        return grants.ofUser(user.uuid).chain(memberships -> memberships.isEmpty() ? Uni.createFrom().nullItem()
                : companies.find(memberships.get(0).company()).map(c -> c == null ? null : c.locale));
    }

    private static NotificationRequest emailChangedNotice(AppUser user, String oldEmail, String locale) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("firstName", user.firstName);
        parameters.put("oldEmail", oldEmail);
        parameters.put("email", user.email);
        parameters.put("partner", user.partner);
        // both addresses hear of it: the old one in case the change was not the owner's doing
        return NotificationRequest.email(NotificationTypes.PRIMARY_EMAIL_CHANGED_NOTICE, List.of(oldEmail, user.email),
                locale, parameters);
    }

    private static void set(List<String> changed, String field, String current, String wanted,
            java.util.function.Consumer<String> apply) {
        if (wanted != null && !Objects.equals(current, wanted)) {
            apply.accept(wanted);
            changed.add(field);
        }
    }
}
