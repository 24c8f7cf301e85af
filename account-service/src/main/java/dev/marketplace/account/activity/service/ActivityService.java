package dev.marketplace.account.activity.service;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

import dev.marketplace.account.activity.domain.Activity;
import dev.marketplace.account.activity.repository.ActivityRepository;
import dev.marketplace.account.company.domain.Company;
import dev.marketplace.account.company.service.CompanyLookup;
import dev.marketplace.account.user.domain.AppUser;
import dev.marketplace.account.user.service.UserService;
import dev.marketplace.common.error.ApiException;
import dev.marketplace.common.paging.Link;
import dev.marketplace.common.paging.PageRequest;
import dev.marketplace.common.paging.PagedResponse;
import dev.marketplace.common.security.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;

/** Records company activities as changes happen (in the change's transaction) and lists them. */
@ApplicationScoped
public class ActivityService {
    private final ActivityRepository activities;
    private final UserService users;
    private final CompanyLookup companies;
    private final Caller caller;

    public ActivityService(ActivityRepository activities, UserService users, CompanyLookup companies, Caller caller) {
        this.activities = activities;
        this.users = users;
        this.companies = companies;
        this.caller = caller;
    }

    public enum DisplayType {
        EVERYONE, ONLY_ME
    }

    public record Party(UUID uuid, String name, String email, String type) {
    }

    public record ActivityView(String verb, long timestamp, Party object, Party subject, Party actor, String origin,
            List<Link> links) {
    }

    /** Records {@code verb} in {@code company}, done by the caller, about {@code subject} (may be null). */
    public Uni<Void> record(Company company, String verb, AppUser subject, String objectType, UUID objectUuid, String objectName) {
        Activity a = new Activity();
        a.uuid = UUID.randomUUID();
        a.companyUuid = company.uuid;
        a.verb = verb;
        a.createdOn = Instant.now();
        a.origin = caller.user().isPresent() ? "MARKETPLACE" : "API";
        if (subject != null) {
            a.subjectUuid = subject.uuid;
            a.subjectName = fullName(subject);
            a.subjectEmail = subject.email;
        }
        a.objectType = objectType == null ? "COMPANY" : objectType;
        a.objectUuid = objectUuid == null ? company.uuid : objectUuid;
        a.objectName = objectName == null ? company.name : objectName;
        Uni<AppUser> actor = caller.user().isPresent() ? users.find(caller.user().get()) : Uni.createFrom().nullItem();
        return actor.chain(user -> {
            a.actorUuid = user == null ? null : user.uuid;
            a.actorName = user == null ? caller.consumerKey() : fullName(user);
            return activities.persist(a);
        }).replaceWithVoid();
    }

    @WithSession
    public Uni<PagedResponse<ActivityView>> list(String companyRef, DisplayType displayType, PageRequest page, UriInfo uri) {
        UUID user = null;
        if (displayType == DisplayType.ONLY_ME) {
            user = caller.user().orElseThrow(() -> ApiException.invalidField("displayType",
                    "ONLY_ME needs a calling user (xoauth_requestor_id); use EVERYONE for the whole company"));
        }
        UUID me = user;
        return companies.forRead(companyRef).chain(company -> activities.count(company.uuid, me)
                .chain(total -> activities.page(company.uuid, me, page)
                        .map(found -> PagedResponse.of(found.stream().map(ActivityService::view).toList(), page, total, uri))));
    }

    private static ActivityView view(Activity a) {
        return new ActivityView(a.verb, a.createdOn.toEpochMilli(),
                new Party(a.objectUuid, a.objectName, null, a.objectType),
                a.subjectUuid == null ? null : new Party(a.subjectUuid, a.subjectName, a.subjectEmail, "USER"),
                new Party(a.actorUuid, a.actorName, null, a.actorUuid == null ? "API_CLIENT" : "USER"), a.origin, List.of());
    }

    public static String fullName(AppUser user) {
        String name = ((user.firstName == null ? "" : user.firstName) + " " + (user.lastName == null ? "" : user.lastName)).trim();
        return name.isEmpty() ? user.email : name;
    }

}
