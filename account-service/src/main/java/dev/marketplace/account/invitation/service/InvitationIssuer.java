package dev.marketplace.account.invitation.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.AccountConfig;
import dev.marketplace.common.crypto.NotificationSecrets;
import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.invitation.domain.Invitation;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.common.events.payload.NotificationRequest;
import dev.marketplace.common.events.payload.NotificationTypes;
import dev.marketplace.account.support.Locales;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.lookup.Ids;
import dev.marketplace.common.security.Caller;
import dev.marketplace.common.security.Roles;
import io.smallrye.mutiny.Uni;

/**
 * Issues invitations (for the invitations API, create-membership and invite-managed-user alike): stores the invitation
 * with a secret token and emits INVITATION_CREATED carrying the INVITE_USER email for the invitee.
 */
@ApplicationScoped
public class InvitationIssuer {
    private final InvitationRepository invitations;
    private final UserService users;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final AccountConfig config;
    private final Caller caller;
    private final NotificationSecrets secrets;

    public InvitationIssuer(InvitationRepository invitations, UserService users, DomainEventPublisher events,
            ActivityService activities, AccountConfig config, Caller caller, NotificationSecrets secrets) {
        this.invitations = invitations;
        this.users = users;
        this.events = events;
        this.activities = activities;
        this.config = config;
        this.caller = caller;
        this.secrets = secrets;
    }

    /**
     * The inviter of an invite-type operation: the calling user when the call acts as one; otherwise the
     * {@code inviterUuid} query parameter, which ROLE_PARTNER credentials must give.
     */
    public Uni<AppUser> inviter(String partner, String inviterUuid) {
        UUID id;
        if (caller.user().isPresent()) {
            id = caller.user().get();
        } else if (inviterUuid != null && !inviterUuid.isBlank()) {
            id = Ids.uuid("inviterUuid", inviterUuid.trim());
        } else if (caller.hasRole(Roles.PARTNER)) {
            return Uni.createFrom().failure(ApiException.invalidField("inviterUuid",
                    "is required when the call uses ROLE_PARTNER credentials without acting as a user"));
        } else {
            return Uni.createFrom().nullItem();
        }
        return users.find(id).map(user -> {
            if (user == null || !partner.equals(user.partner)) {
                throw ApiException.notFound("Inviter", id);
            }
            return user;
        });
    }

    public Uni<Invitation> issue(Company company, AppUser invitee, String role, AppUser inviter) {
        Invitation invitation = new Invitation();
        invitation.uuid = UUID.randomUUID();
        invitation.companyUuid = company.uuid;
        invitation.email = invitee.email;
        invitation.role = role;
        invitation.token = Passwords.token();
        invitation.inviterUuid = inviter == null ? null : inviter.uuid;
        invitation.userUuid = invitee.uuid;
        invitation.status = Invitation.Status.PENDING;
        invitation.createdOn = Instant.now();
        invitation.lastModified = invitation.createdOn;
        invitation.expiresOn = invitation.createdOn.plus(config.invitation().lifetime());
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("companyName", company.name);
        parameters.put("inviterName", inviter == null ? company.name : ActivityService.fullName(inviter));
        parameters.put("email", invitee.email);
        parameters.put("role", role);
        // the link holds the invitation's secret token: sealed for notification-service, never clear in the outbox or Kafka
        parameters.put("invitationUrl", secrets.seal(company.partner, config.invitationUrl().replace("{token}", invitation.token)));
        parameters.put("partner", company.partner);
        NotificationRequest email = NotificationRequest.email(NotificationTypes.INVITE_USER, List.of(invitee.email),
                Locales.forRecipient(invitee.locale, company.locale), parameters);
        return invitations.persist(invitation)
                .call(() -> events.publish(EventTypes.INVITATION_CREATED, company.partner, "INVITATION", invitation.uuid.toString(),
                        InvitationView.of(invitation), List.of(email)))
                .call(() -> activities.record(company, "USER_INVITED", invitee, "COMPANY", null, null));
    }
}
