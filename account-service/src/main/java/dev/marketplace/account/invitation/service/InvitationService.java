package dev.marketplace.account.invitation.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.access.CompanyAccess;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.invitation.domain.Invitation;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.input.Violations;
import dev.marketplace.common.paging.Paged;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/** Invitations once sent: list, revoke, accept (sending them is onboarding's, through {@link InvitationIssuer}). */
@ApplicationScoped
public class InvitationService {
    private static final Pattern LOCALE = Pattern.compile("^[a-z]{2}_[A-Z]{2}$");

    private final InvitationRepository invitations;
    private final UserService users;
    private final Members members;
    private final CompanyLookup companies;
    private final CompanyAccess access;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final Caller caller;
    private final Vertx vertx;

    public InvitationService(InvitationRepository invitations, UserService users, Members members, CompanyLookup companies,
            CompanyAccess access, DomainEventPublisher events, ActivityService activities, Caller caller, Vertx vertx) {
        this.invitations = invitations;
        this.users = users;
        this.members = members;
        this.companies = companies;
        this.access = access;
        this.events = events;
        this.activities = activities;
        this.caller = caller;
        this.vertx = vertx;
    }

    /** The accept-invitation body; {@code links} (part of AppDirect's body, a response field) is accepted and ignored. */
    @com.fasterxml.jackson.annotation.JsonIgnoreProperties("links")
    public record Accept(String externalIdentifier, String firstName, String lastName, String locale, String password,
            String title) {
    }

    @WithSession
    public Uni<PagedResponse<InvitationView>> list(String companyRef, String filter, String inviterUuid, PageRequest page,
            UriInfo uri) {
        UUID inviter = inviterUuid == null || inviterUuid.isBlank() ? null
                : dev.marketplace.common.lookup.Ids.uuid("inviterUuid", inviterUuid);
        return companies.forRead(companyRef).chain(company -> Paged.read(page,
                invitations.search(company.uuid, filter, inviter, page), () -> invitations.count(company.uuid, filter, inviter))
                .map(found -> PagedResponse.of(found.rows().stream().map(i -> InvitationView.of(i)).toList(), page, found.total(),
                        uri)));
    }

    /** How many invitations {@code inviter} sent in the company. */
    public Uni<Long> sentBy(UUID company, UUID inviter) {
        return invitations.sentBy(company, inviter);
    }

    /** Revokes the pending invitation of {@code email}; an accepted one (an active user) cannot be revoked (403). */
    @WithTransaction
    public Uni<Void> revoke(String companyRef, String email, String inviterUuid) {
        UUID inviter = inviterUuid == null || inviterUuid.isBlank() ? null
                : dev.marketplace.common.lookup.Ids.uuid("inviterUuid", inviterUuid);
        return companies.forWrite(companyRef).chain(company -> invitations.pending(company.uuid, email).chain(pending -> {
            if (pending == null || (inviter != null && !inviter.equals(pending.inviterUuid))) {
                return invitations.latest(company.uuid, email).map(latest -> {
                    if (pending == null && latest != null && latest.status == Invitation.Status.ACCEPTED) {
                        throw ApiException.forbidden();
                    }
                    throw ApiException.notFound("Invitation for", email);
                });
            }
            pending.status = Invitation.Status.REVOKED;
            pending.lastModified = Instant.now();
            return users.find(pending.userUuid).chain(user -> members.find(company.uuid, pending.userUuid)
                    .chain(m -> m != null && m.status == UserStatus.INVITED ? members.remove(m) : Uni.createFrom().voidItem())
                    .chain(() -> members.otherCompanies(pending.userUuid, company.uuid))
                    .invoke(others -> {
                        if (user != null && others == 0 && user.status == UserStatus.INVITED) {
                            user.status = UserStatus.DELETED;
                            user.lastModified = Instant.now();
                        }
                    })
                    .call(() -> events.publish(EventTypes.INVITATION_REVOKED, company.partner, "INVITATION", pending.uuid.toString(),
                            InvitationView.of(pending)))
                    .call(() -> activities.record(company, "INVITATION_REVOKED", user, null, null, null)))
                    .replaceWithVoid();
        }));
    }

    /** Accepts an invitation through its token: the user becomes active, the membership too. */
    @WithTransaction
    public Uni<InvitationView> accept(String token, boolean usesExternalIds, Accept body) {
        if (!access.channelWriter() && caller.user().isEmpty()) {
            throw ApiException.forbidden();
        }
        Violations problems = Violations.start();
        if (body == null) {
            throw ApiException.badRequest("INVALID_BODY", "A JSON registration object is required");
        }
        if (body.firstName() == null || body.firstName().isBlank()) {
            problems.add("firstName", "must not be blank");
        }
        if (body.locale() != null && !LOCALE.matcher(body.locale()).matches()) {
            problems.add("locale", "must be an ISO 639-1 language and ISO 3166-1 country such as en_US");
        }
        if (body.password() != null && body.password().length() < 8) {
            problems.add("password", "must have at least 8 characters");
        }
        problems.throwIfAny();
        return invitations.byToken(token).chain(invitation -> {
            if (invitation == null) {
                return Uni.createFrom().failure(ApiException.notFound("Invitation", "with this token"));
            }
            return companies.find(invitation.companyUuid).chain(company -> {
                // another marketplace's invitation is as unknown as a revoked or missing one
                if (invitation.status == Invitation.Status.REVOKED || !company.partner.equals(caller.partner())) {
                    throw ApiException.notFound("Invitation", "with this token");
                }
                if (invitation.status == Invitation.Status.ACCEPTED) {
                    throw ApiException.badRequest("INVITATION_ALREADY_ACCEPTED",
                            "The invitation was already accepted; the invitee is an active user");
                }
                if (invitation.expired(Instant.now())) {
                    throw ApiException.badRequest("INVITATION_EXPIRED", "invitationToken: the invitation expired on "
                            + invitation.expiresOn + " (an invitation can be accepted for "
                            + lifetime(invitation) + " after it is sent); ask the company for a new invitation");
                }
                return users.find(invitation.userUuid).chain(user -> {
                    if (user.passwordHash == null && body.password() == null) {
                        throw ApiException.invalidField("password", "is required to activate the account");
                    }
                    Uni<Void> externalIdFree = body.externalIdentifier() == null ? Uni.createFrom().voidItem()
                            : users.externalIdTakenByOther(company.partner, body.externalIdentifier(), user.uuid).invoke(taken -> {
                                        if (taken) {
                                            throw ApiException.badRequest("DUPLICATE_EXTERNAL_ID",
                                                    "externalIdentifier: another user already has " + body.externalIdentifier());
                                        }
                                    }).replaceWithVoid();
                    Uni<String> hash = body.password() == null ? Uni.createFrom().item(user.passwordHash)
                            : Passwords.hash(vertx, body.password());
                    return externalIdFree.chain(() -> hash).chain(passwordHash -> {
                        user.firstName = body.firstName().trim();
                        user.lastName = body.lastName();
                        user.title = body.title();
                        if (body.locale() != null) {
                            user.locale = body.locale();
                        }
                        if (body.externalIdentifier() != null) {
                            user.externalId = body.externalIdentifier();
                        }
                        user.passwordHash = passwordHash;
                        user.passwordTemporary = false;
                        user.status = UserStatus.ACTIVE;
                        user.lastModified = Instant.now();
                        invitation.status = Invitation.Status.ACCEPTED;
                        invitation.lastModified = Instant.now();
                        return members.find(company.uuid, user.uuid).invoke(m -> {
                            if (m != null) {
                                m.status = UserStatus.ACTIVE;
                            }
                        }).chain(() -> inviterName(invitation, usesExternalIds)).chain(inviter -> {
                            InvitationView view = InvitationView.of(invitation, inviter);
                            Map<String, Object> payload = new LinkedHashMap<>();
                            payload.put("invitation", view);
                            payload.put("userUuid", user.uuid);
                            payload.put("email", user.email);
                            payload.put("companyUuid", company.uuid);
                            return events.publish(EventTypes.INVITATION_ACCEPTED, company.partner, "INVITATION",
                                    invitation.uuid.toString(), payload)
                                    .call(() -> activities.record(company, "USER_JOINED", user, null, null, null))
                                    .replaceWith(view);
                        });
                    });
                });
            });
        });
    }

    /** The lifetime the invitation was sent with, in days when whole. */
    private static String lifetime(Invitation invitation) {
        java.time.Duration d = java.time.Duration.between(invitation.createdOn, invitation.expiresOn);
        return d.toHours() % 24 == 0 && d.toMinutesPart() == 0 && d.toSecondsPart() == 0 ? d.toDays() + " days"
                : d.toString();
    }

    private Uni<String> inviterName(Invitation invitation, boolean usesExternalIds) {
        if (invitation.inviterUuid == null) {
            return Uni.createFrom().nullItem();
        }
        if (!usesExternalIds) {
            return Uni.createFrom().item(invitation.inviterUuid.toString());
        }
        return users.find(invitation.inviterUuid).map(u -> u == null ? null : u.externalId);
    }


}
