package dev.marketplace.account.activity.repository;

import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.account.activity.domain.Activity;
import dev.marketplace.common.paging.PageRequest;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;

@ApplicationScoped
public class ActivityRepository implements PanacheRepositoryBase<Activity, UUID> {
    private static final String EVERYONE = "companyUuid = :company";
    private static final String ONLY = "companyUuid = :company and (actorUuid = :user or subjectUuid = :user)";

    /** {@code user} null: every activity of the company; otherwise those the user did or was the subject of. */
    public Uni<List<Activity>> page(UUID company, UUID user, PageRequest page) {
        return find((user == null ? EVERYONE : ONLY) + " order by createdOn desc, uuid", params(company, user))
                .page(page.page(), page.size()).list();
    }

    public Uni<Long> count(UUID company, UUID user) {
        return count(user == null ? EVERYONE : ONLY, params(company, user));
    }

    private static Parameters params(UUID company, UUID user) {
        Parameters p = Parameters.with("company", company);
        return user == null ? p : p.and("user", user);
    }
}
