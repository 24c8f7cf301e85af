package dev.marketplace.account.group.service;

import java.net.URI;
import java.util.List;
import java.util.UUID;

import dev.marketplace.account.group.domain.CompanyGroup;
import dev.marketplace.common.paging.Link;

/** A group as the API answers it. Groups made through the API are never system- or externally managed. */
public record GroupView(UUID uuid, String name, String description, long memberCount, boolean companyDefault,
        boolean systemManaged, boolean externallyManaged, UUID companyUuid, long createdOn, List<Link> links) {

    public static GroupView of(CompanyGroup g, long members, URI baseUri) {
        String company = baseUri.resolve("api/account/v2/companies/" + g.companyUuid).toString();
        String self = company + "/groups/" + g.uuid;
        return new GroupView(g.uuid, g.name, g.description, members, false, false, false, g.companyUuid,
                g.createdOn.toEpochMilli(), List.of(new Link("self", self), new Link("company", company),
                        new Link("memberships", self + "/memberships?member=true&page=0&size=50")));
    }
}
