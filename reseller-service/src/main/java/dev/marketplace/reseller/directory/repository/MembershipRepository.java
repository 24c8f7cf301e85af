package dev.marketplace.reseller.directory.repository;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipChange;
import dev.marketplace.reseller.directory.domain.DirectoryChange.MembershipRemoval;
import dev.marketplace.reseller.directory.domain.DirectoryMembership;
import dev.marketplace.reseller.directory.domain.Recipient;
import dev.marketplace.reseller.directory.domain.DirectoryUser;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import dev.marketplace.reseller.support.Sql;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class MembershipRepository implements PanacheRepositoryBase<DirectoryMembership, DirectoryMembership.Key> {
    /** At most this many people are notified about one company. */
    private static final int MAX_RECIPIENTS = 100;

    public Uni<Integer> apply(MembershipChange change) {
        Upsert upsert = new Upsert("directory_membership", "company_id, user_id").key("company_id", change.companyId())
                .key("user_id", change.userId()).key("partner", change.partner()).set("source_version", change.version())
                .set("deleted", false);
        change.fields().forEach((column, value) -> upsert.set(column.column(), value));
        upsert.onInsert("created_on", change.version());
        return upsert.execute();
    }

    /** Keeps a tombstone: an older state of the membership arriving later does not bring it back. */
    public Uni<Integer> remove(MembershipRemoval removal) {
        return new Upsert("directory_membership", "company_id, user_id").key("company_id", removal.companyId())
                .key("user_id", removal.userId()).key("partner", removal.partner()).onInsert("created_on", removal.version())
                .set("source_version", removal.version()).set("deleted", true).execute();
    }

    public Uni<DirectoryMembership> current(UUID company, UUID user) {
        return find("companyId = ?1 and userId = ?2 and deleted = false", company, user).firstResult();
    }

    /** The roles {@code user} holds in the enabled memberships of the marketplace's companies. */
    public Uni<Set<String>> rolesOf(String partner, UUID user) {
        return list("partner = ?1 and userId = ?2 and enabled = true and deleted = false", partner, user)
                .map(found -> {
                    Set<String> roles = new java.util.HashSet<>();
                    found.forEach(m -> roles.addAll(m.roleList()));
                    return roles;
                });
    }

    /**
     * The current memberships of {@code users}: within {@code visibleResellers} and the customers linked to them, or
     * all of them when {@code visibleResellers} is null.
     */
    public Uni<List<DirectoryMembership>> ofUsers(Collection<UUID> users, Set<UUID> visibleResellers) {
        if (users.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        Map<String, Object> params = new HashMap<>();
        params.put("users", List.copyOf(users));
        String scope = "";
        if (visibleResellers != null) {
            scope = " and (m.company_id in (:resellers) or m.company_id in (select a.customer_company_id"
                    + " from company_association a where a.reseller_company_id in (:resellers)))";
            params.put("resellers", List.copyOf(visibleResellers));
        }
        // the entity's columns (the row also carries its user's copied sort keys, V2 migration)
        return Sql.list("select m.company_id, m.user_id, m.partner, m.roles, m.enabled, m.status, m.created_on, m.deleted,"
                + " m.source_version from directory_membership m where m.user_id in (:users) and not m.deleted" + scope
                + " order by m.created_on, m.company_id", params, DirectoryMembership.class);
    }

    /**
     * People to notify about {@code company}: its enabled members holding one of {@code roles} whose user is not
     * removed, at most {@value #MAX_RECIPIENTS}.
     */
    public Uni<List<Recipient>> holdersOf(UUID company, List<String> roles) {
        Map<String, Object> params = new HashMap<>();
        params.put("company", company);
        StringBuilder any = new StringBuilder();
        for (int i = 0; i < roles.size(); i++) {
            any.append(i == 0 ? "" : " or ").append("m.roles like :role").append(i);
            params.put("role" + i, DirectoryMembership.rolePattern(roles.get(i)));
        }
        params.put("deleted", DirectoryUser.DELETED);
        // the member's own locale, else their company's (the language the company chose for its people)
        return Sql.list("select u.email, coalesce(u.locale, c.locale) from directory_membership m"
                + " join directory_user u on u.id = m.user_id join directory_company c on c.id = m.company_id"
                + " where m.company_id = :company and m.enabled and not m.deleted and (" + any + ")"
                + " and u.status <> :deleted and u.email is not null order by m.created_on, u.id limit " + MAX_RECIPIENTS,
                params, Object[].class).map(rows -> rows.stream().map(r -> new Recipient((String) r[0], (String) r[1])).toList());
    }
}
