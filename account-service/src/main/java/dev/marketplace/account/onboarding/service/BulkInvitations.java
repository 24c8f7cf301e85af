package dev.marketplace.account.onboarding.service;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

import dev.marketplace.account.access.RolePolicy;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.invitation.service.InvitationIssuer;
import dev.marketplace.account.membership.domain.Membership;
import dev.marketplace.account.membership.service.Members;
import dev.marketplace.account.onboarding.service.OnboardingInputs.InviteError;
import dev.marketplace.account.onboarding.service.OnboardingInputs.InviteResult;
import dev.marketplace.account.onboarding.service.OnboardingInputs.Item;
import dev.marketplace.account.support.Emails;
import dev.marketplace.account.support.Seq;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.domain.UserStatus;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;

/**
 * Invite users by email (a JSON array or a CSV file): every good item becomes an invited member with an invitation;
 * bad items are reported in {@code errors} without stopping the others.
 */
@ApplicationScoped
public class BulkInvitations {
    private final CompanyLookup companies;
    private final RolePolicy roles;
    private final UserService users;
    private final Members members;
    private final InvitationIssuer issuer;

    public BulkInvitations(CompanyLookup companies, RolePolicy roles, UserService users, Members members,
            InvitationIssuer issuer) {
        this.companies = companies;
        this.roles = roles;
        this.users = users;
        this.members = members;
        this.issuer = issuer;
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
        return companies.forWrite(companyRef).chain(company -> {
            if (!company.allowLogin) {
                throw ApiException.conflict("COMPANY_DOES_NOT_ALLOW_LOGIN",
                        "The company is managed (allowLogin=false): invite its managed users with .../memberships/{userUuid}/invite");
            }
            return issuer.inviter(company.partner, inviterUuid).chain(inviter -> roles.grantable(company.uuid)
                    .chain(grantable -> {
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
                            String role = RolePolicy.invitationRole(item.role(), company.defaultRole);
                            RolePolicy.Refusal refusal = Emails.valid(item.email())
                                    ? RolePolicy.invitationRefusal(role, item.role(), grantable)
                                    : new RolePolicy.Refusal("PARSE_ERROR", "email is not an email address");
                            if (refusal == null && !seen.add(item.email().trim().toLowerCase(Locale.ROOT))) {
                                refusal = new RolePolicy.Refusal("DUPLICATE", "the email appears more than once");
                            }
                            if (refusal != null) {
                                errors.add(new InviteError(i, refusal.type(), item.email(), "", item.role(), refusal.message()));
                                return Uni.createFrom().voidItem();
                            }
                            String email = item.email().trim();
                            return users.findByEmail(company.partner, email).chain(existing -> {
                                boolean reuse = existing != null && existing.status != UserStatus.DELETED;
                                Uni<Membership> current = reuse ? members.find(company.uuid, existing.uuid)
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
                                    AppUser user = existing != null ? existing : NewUsers.of(company.partner, email);
                                    if (!reuse) {
                                        user.status = UserStatus.INVITED;
                                        user.lastModified = Instant.now();
                                    }
                                    sent[0]++;
                                    return (existing == null ? users.add(user) : Uni.createFrom().item(user))
                                            .call(() -> members.add(company, user, List.of("ROLE_" + role), UserStatus.INVITED))
                                            .call(() -> issuer.issue(company, user, role, inviter));
                                });
                            });
                        }).map(v -> new InviteResult(sent[0], errors.stream()
                                .sorted(Comparator.comparingInt(InviteError::index)).toList()));
                    }));
        });
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }
}
