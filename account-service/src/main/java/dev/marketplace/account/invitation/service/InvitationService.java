package dev.marketplace.account.invitation.service;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import dev.marketplace.account.activity.service.ActivityService;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.repository.CompanyRepository;
import dev.marketplace.account.company.service.CompanyAccess;
import dev.marketplace.account.invitation.domain.Invitation;
import dev.marketplace.account.invitation.repository.InvitationRepository;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.domain.MembershipRoles;
import dev.marketplace.account.membership.repository.MembershipRepository;
import dev.marketplace.account.membership.service.MembershipService;
import dev.marketplace.common.events.DomainEventPublisher;
import dev.marketplace.common.events.EventTypes;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Passwords;
import dev.marketplace.common.input.Violations;
import dev.marketplace.account.support.Seq;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.repository.UserRepository;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;

/** Invitations: invite (JSON or CSV), list, revoke, accept. */
@ApplicationScoped
public class InvitationService {
    /** Role spelling of invitations (AppDirect's names without the ROLE_ prefix). */
    public static final Set<String> ROLE_ENUM = Set.of("USER", "APPLICATION", "PARTNER", "PARTNER_READ", "COMPANY", "CLIENT",
            "CHECKOUT_USER", "BILLING_ADMIN", "SYS_ADMIN", "DEVELOPER", "CHANNEL_PRODUCT_SUPPORT", "CHANNEL_SUPPORT",
            "CHANNEL_ADMIN", "CORPORATE_ADMIN", "SUPERUSER", "SUPER_SUPPORT", "ANALYTICS_ADMIN", "LAYOUT_DESIGNER",
            "SALES_SUPPORT", "RESTRICTED_SALES_SUPPORT", "RESELLER", "RESELLER_MANAGER", "TESTER", "MONITORING", "SYSTEM");
    private static final Pattern LOCALE = Pattern.compile("^[a-z]{2}_[A-Z]{2}$");

    private final InvitationRepository invitations;
    private final InvitationIssuer issuer;
    private final UserRepository users;
    private final MembershipRepository memberships;
    private final CompanyRepository companies;
    private final CompanyAccess access;
    private final DomainEventPublisher events;
    private final ActivityService activities;
    private final Caller caller;
    private final Vertx vertx;

    public InvitationService(InvitationRepository invitations, InvitationIssuer issuer, UserRepository users,
            MembershipRepository memberships, CompanyRepository companies, CompanyAccess access, DomainEventPublisher events,
            ActivityService activities, Caller caller, Vertx vertx) {
        this.invitations = invitations;
        this.issuer = issuer;
        this.users = users;
        this.memberships = memberships;
        this.companies = companies;
        this.access = access;
        this.events = events;
        this.activities = activities;
        this.caller = caller;
        this.vertx = vertx;
    }

    public record Item(String email, String role) {
    }

    public record InviteError(int index, String type, String email, String externalIdentifier, String role, String message) {
    }

    public record InviteResult(int invitationsSent, List<InviteError> errors) {
    }

    /** The accept-invitation body; {@code links} (part of AppDirect's body, a response field) is accepted and ignored. */
    @com.fasterxml.jackson.annotation.JsonIgnoreProperties("links")
    public record Accept(String externalIdentifier, String firstName, String lastName, String locale, String password,
            String title) {
    }

    /** Invite users from a JSON array of {email, role}; bad items are reported in {@code errors}, good ones are sent. */
    @WithTransaction
    public Uni<InviteResult> inviteJson(String companyRef, boolean usesExternalIds, String inviterUuid, JsonNode body) {
        if (body == null || !body.isArray()) {
            throw ApiException.badRequest("INVALID_BODY", "body: must be a JSON array of {email, role}");
        }
        List<Item> items = new ArrayList<>();
        List<InviteError> errors = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            JsonNode node = body.get(i);
            if (!node.isObject()) {
                errors.add(new InviteError(i, "PARSE_ERROR", null, "", null, "item must be an object {email, role}"));
                items.add(null);
                continue;
            }
            items.add(new Item(text(node.get("email")), text(node.get("role"))));
        }
        String ref = usesExternalIds && !companyRef.startsWith("externalId:") ? "externalId:" + companyRef : companyRef;
        return invite(ref, inviterUuid, items, errors);
    }

    /** Invite users from CSV rows {@code email[,role]} (an optional header row {@code email,role} is skipped). */
    @WithTransaction
    public Uni<InviteResult> inviteCsv(String companyRef, String inviterUuid, String csv) {
        if (csv == null || csv.isBlank()) {
            throw ApiException.invalidField("invitations", "must be a CSV file with rows email,role");
        }
        List<Item> items = new ArrayList<>();
        List<InviteError> errors = new ArrayList<>();
        CsvMapper mapper = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY).enable(CsvParser.Feature.TRIM_SPACES)
                .enable(CsvParser.Feature.SKIP_EMPTY_LINES);
        try (MappingIterator<String[]> rows = mapper.readerFor(String[].class).readValues(csv.strip())) {
            boolean first = true;
            while (rows.hasNextValue()) {
                String[] row;
                try {
                    row = rows.nextValue();
                } catch (RuntimeException e) {
                    errors.add(new InviteError(items.size(), "PARSE_ERROR", null, "", null, "row is not valid CSV"));
                    items.add(null);
                    continue;
                }
                if (first && row.length > 0 && "email".equalsIgnoreCase(row[0].trim())) {
                    first = false;
                    continue;
                }
                first = false;
                if (row.length == 0 || row.length > 2) {
                    errors.add(new InviteError(items.size(), "PARSE_ERROR", row.length > 0 ? row[0] : null, "",
                            row.length > 1 ? row[1] : null, "row must be email[,role]"));
                    items.add(null);
                    continue;
                }
                items.add(new Item(row[0], row.length > 1 && !row[1].isBlank() ? row[1] : null));
            }
        } catch (IOException | RuntimeException e) {
            throw ApiException.invalidField("invitations", "is not a readable CSV file");
        }
        return invite(companyRef, inviterUuid, items, errors);
    }

    private Uni<InviteResult> invite(String companyRef, String inviterUuid, List<Item> items, List<InviteError> errors) {
        return access.loadForWrite(companyRef).chain(company -> {
            if (!company.allowLogin) {
                throw ApiException.conflict("COMPANY_DOES_NOT_ALLOW_LOGIN",
                        "The company is managed (allowLogin=false): invite its managed users with .../memberships/{userUuid}/invite");
            }
            return issuer.inviter(company.partner, inviterUuid).chain(inviter -> access.callerIsCompanyAdmin(company)
                    .chain(admin -> {
                        boolean channel = access.channelWriter();
                        int[] sent = { 0 };
                        Set<String> seen = new HashSet<>();
                        List<Integer> indexes = new ArrayList<>();
                        for (int i = 0; i < items.size(); i++) {
                            indexes.add(i);
                        }
                        return Seq.each(indexes, i -> {
                            Item item = items.get(i);
                            if (item == null) {
                                return Uni.createFrom().voidItem();
                            }
                            String role = item.role() == null
                                    ? MembershipRoles.shortName(MembershipRoles.defaultRole(company.defaultRole))
                                    : MembershipRoles.shortName(item.role().trim().toUpperCase(Locale.ROOT));
                            String problem = null;
                            String type = null;
                            if (!Emails.valid(item.email())) {
                                type = "PARSE_ERROR";
                                problem = "email is not an email address";
                            } else if (!ROLE_ENUM.contains(role)) {
                                type = "PARSE_ERROR";
                                problem = "unknown role " + item.role();
                            } else if ("CHANNEL_ADMIN".equals(role)) {
                                type = "ROLE_NOT_ALLOWED";
                                problem = "the Marketplace Manager role (CHANNEL_ADMIN) cannot be set through the API";
                            } else if (!MembershipRoles.ALL.contains("ROLE_" + role)) {
                                type = "ROLE_NOT_ALLOWED";
                                problem = role + " is not a company membership role";
                            } else if (!channel && !(admin && MembershipRoles.COMPANY_GRANTABLE.contains("ROLE_" + role))) {
                                type = "ROLE_NOT_ALLOWED";
                                problem = "you may not grant " + role;
                            } else if (!seen.add(item.email().trim().toLowerCase(Locale.ROOT))) {
                                type = "DUPLICATE";
                                problem = "the email appears more than once";
                            }
                            if (problem != null) {
                                errors.add(new InviteError(i, type, item.email(), "", item.role(), problem));
                                return Uni.createFrom().voidItem();
                            }
                            String email = item.email().trim();
                            return users.findByEmail(company.partner, email).chain(existing -> {
                                boolean reuse = existing != null && existing.status != UserStatus.DELETED;
                                Uni<Membership> current = reuse ? memberships.find(company.uuid, existing.uuid)
                                        : Uni.createFrom().nullItem();
                                return current.chain(found -> {
                                    if (found != null) {
                                        errors.add(new InviteError(i, "ALREADY_MEMBER", email, "", item.role(),
                                                "the user is already a member of the company"));
                                        return Uni.createFrom().voidItem();
                                    }
                                    if (reuse && existing.status == UserStatus.MANAGED) {
                                        errors.add(new InviteError(i, "LOGIN_ACCESS_MISMATCH", email, "", item.role(),
                                                "the user is a managed user elsewhere"));
                                        return Uni.createFrom().voidItem();
                                    }
                                    AppUser user = reuse ? existing : existing != null ? existing : newUser(company.partner, email);
                                    if (!reuse) {
                                        user.status = UserStatus.INVITED;
                                        user.lastModified = Instant.now();
                                    }
                                    Membership m = MembershipService.newMembership(company, user, List.of("ROLE_" + role),
                                            UserStatus.INVITED);
                                    sent[0]++;
                                    return (existing == null ? users.persist(user) : Uni.createFrom().item(user))
                                            .call(() -> memberships.persist(m))
                                            .call(() -> issuer.issue(company, user, role, inviter));
                                });
                            });
                        }).map(v -> new InviteResult(sent[0], errors.stream()
                                .sorted(java.util.Comparator.comparingInt(InviteError::index)).toList()));
                    }));
        });
    }

    @WithSession
    public Uni<PagedResponse<InvitationView>> list(String companyRef, String filter, String inviterUuid, PageRequest page,
            UriInfo uri) {
        UUID inviter = inviterUuid == null || inviterUuid.isBlank() ? null
                : dev.marketplace.common.lookup.Ids.uuid("inviterUuid", inviterUuid);
        return access.loadForRead(companyRef).chain(company -> invitations.count(company.uuid, filter, inviter)
                .chain(total -> invitations.search(company.uuid, filter, inviter, page).map(found -> PagedResponse.of(
                        found.stream().map(i -> InvitationView.of(i)).toList(), page, total, uri))));
    }

    /** Revokes the pending invitation of {@code email}; an accepted one (an active user) cannot be revoked (403). */
    @WithTransaction
    public Uni<Void> revoke(String companyRef, String email, String inviterUuid) {
        UUID inviter = inviterUuid == null || inviterUuid.isBlank() ? null
                : dev.marketplace.common.lookup.Ids.uuid("inviterUuid", inviterUuid);
        return access.loadForWrite(companyRef).chain(company -> invitations.pending(company.uuid, email).chain(pending -> {
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
            return users.findById(pending.userUuid).chain(user -> memberships.find(company.uuid, pending.userUuid)
                    .chain(m -> m != null && m.status == UserStatus.INVITED ? memberships.delete(m) : Uni.createFrom().voidItem())
                    .chain(() -> memberships.count("userUuid = ?1 and companyUuid <> ?2", pending.userUuid, company.uuid))
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
            return companies.findById(invitation.companyUuid).chain(company -> {
                caller.requirePartner(company.partner);
                if (invitation.status == Invitation.Status.REVOKED) {
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
                return users.findById(invitation.userUuid).chain(user -> {
                    if (user.passwordHash == null && body.password() == null) {
                        throw ApiException.invalidField("password", "is required to activate the account");
                    }
                    Uni<Void> externalIdFree = body.externalIdentifier() == null ? Uni.createFrom().voidItem()
                            : users.count("partner = ?1 and externalId = ?2 and uuid <> ?3", company.partner,
                                    body.externalIdentifier(), user.uuid).invoke(n -> {
                                        if (n > 0) {
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
                        return memberships.find(company.uuid, user.uuid).invoke(m -> {
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
        return users.findById(invitation.inviterUuid).map(u -> u == null ? null : u.externalId);
    }

    private static AppUser newUser(String partner, String email) {
        AppUser user = new AppUser();
        user.uuid = UUID.randomUUID();
        user.partner = partner;
        user.email = email;
        user.createdOn = Instant.now();
        user.lastModified = user.createdOn;
        return user;
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }

}
