package dev.marketplace.account.group;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;

import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import dev.marketplace.account.Fixtures;
import dev.marketplace.account.Fixtures.Co;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class GroupApiTest {
    private final Fixtures f = new Fixtures();

    private static String groups(Co co) {
        return "/api/account/v2/companies/" + co.uuid() + "/groups";
    }

    @Test
    void createReadUpdateListAndDelete() {
        Co co = f.company("Group Co", true);
        String beta = f.asUser(co.adminUuid()).body(Map.of("name", "Beta", "description", "second")).post(groups(co)).then()
                .statusCode(201).header("Location", containsString("/groups/")).body("name", equalTo("Beta"))
                .body("memberCount", equalTo(0)).body("companyUuid", equalTo(co.uuid())).extract().path("uuid");
        String alpha = f.asPartner().body(Map.of("name", "Alpha")).post(groups(co)).then().statusCode(201).extract().path("uuid");
        Fixtures.event("GROUP_CREATED", e -> alpha.equals(e.path("aggregate").path("id").asText()));
        f.asPartner().body(Map.of("name", "alpha")).post(groups(co)).then().statusCode(409)
                .body("code", equalTo("DUPLICATE_GROUP_NAME"));
        f.asPartner().body(Map.of("name", " ")).post(groups(co)).then().statusCode(400).body("message", containsString("name"));

        // default order createdOn DESC; by name ascending; searchText; paging
        f.asPartner().get(groups(co)).then().statusCode(200).body("content.uuid", equalTo(List.of(alpha, beta)))
                .body("page.size", equalTo(50));
        f.asPartner().queryParam("sortField", "name").queryParam("sortOrder", "ASC").get(groups(co)).then()
                .body("content.name", equalTo(List.of("Alpha", "Beta")));
        f.asPartner().queryParam("searchText", "seco").get(groups(co)).then().body("content.uuid", equalTo(List.of(beta)));
        f.asPartner().queryParam("size", 1).get(groups(co)).then().body("content", hasSize(1))
                .body("page.totalElements", equalTo(2));
        f.asPartner().queryParam("sortField", "size").get(groups(co)).then().statusCode(400)
                .body("message", containsString("sortField"));

        f.asPartner().body(Map.of("name", "Beta 2", "description", "renamed")).put(groups(co) + "/" + beta).then().statusCode(200)
                .body("name", equalTo("Beta 2")).body("description", equalTo("renamed"));
        f.asPartner().body(Map.of("name", "Alpha")).put(groups(co) + "/" + beta).then().statusCode(409);
        f.asPartner().get(groups(co) + "/" + beta).then().statusCode(200).body("name", equalTo("Beta 2"));
        f.asPartner().get(groups(co) + "/" + UUID.randomUUID()).then().statusCode(404);

        // members read, only administrators change, nobody outside the marketplace
        String dev = f.member(co, "dev-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        f.asUser(dev).get(groups(co)).then().statusCode(200);
        f.asUser(dev).body(Map.of("name", "Mine")).post(groups(co)).then().statusCode(403);
        f.asUser(dev).delete(groups(co) + "/" + beta).then().statusCode(403);
        f.asReader().body(Map.of("name", "Mine")).post(groups(co)).then().statusCode(403);
        f.asOtherPartner().get(groups(co)).then().statusCode(404);
        f.asOtherPartner().get(groups(co) + "/" + beta).then().statusCode(404);

        // a group of another company is not found through this one
        Co other = f.company("Other Group Co", true);
        f.asPartner().get(groups(other) + "/" + beta).then().statusCode(404);
        // the administrator of another company of the same marketplace is a stranger here
        f.asUser(other.adminUuid()).get(groups(co)).then().statusCode(403);
        f.asUser(other.adminUuid()).body(Map.of("name", "Intruders")).post(groups(co)).then().statusCode(403);
        f.asUser(other.adminUuid()).put(groups(co) + "/" + beta + "/memberships/" + dev).then().statusCode(403);

        f.asPartner().delete(groups(co) + "/" + beta).then().statusCode(204);
        f.asPartner().get(groups(co) + "/" + beta).then().statusCode(404);
        Fixtures.event("GROUP_DELETED", e -> beta.equals(e.path("aggregate").path("id").asText()));
    }

    @Test
    void membersAddReadRemoveAndTheMembershipsGroups() {
        Co co = f.company("Members Co", true);
        String g = f.asPartner().body(Map.of("name", "Team")).post(groups(co)).then().statusCode(201).extract().path("uuid");
        String ann = f.member(co, "ann-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String members = groups(co) + "/" + g + "/memberships";
        f.asUser(co.adminUuid()).put(members + "/" + ann).then().statusCode(204);
        f.asPartner().put(members + "/" + ann).then().statusCode(204); // idempotent
        f.asPartner().put(members + "/" + UUID.randomUUID()).then().statusCode(404);
        f.asUser(ann).put(members + "/" + co.adminUuid()).then().statusCode(403);

        f.asPartner().get(members + "/" + ann).then().statusCode(200).body("user.uuid", equalTo(ann));
        f.asPartner().get(members + "/" + co.adminUuid()).then().statusCode(404);
        f.asPartner().get(members).then().statusCode(200).body("content.user.uuid", equalTo(List.of(ann)));
        f.asPartner().queryParam("member", false).get(members).then().body("content.user.uuid", equalTo(List.of(co.adminUuid())));
        f.asPartner().get(groups(co) + "/" + g).then().body("memberCount", equalTo(1));
        f.asPartner().queryParam("groupUuid", g).get(Fixtures.members(co.uuid())).then()
                .body("content.user.uuid", equalTo(List.of(ann)));

        String groupsOfAnn = Fixtures.members(co.uuid()) + "/" + ann + "/groups";
        f.asPartner().get(groupsOfAnn).then().statusCode(200).body("content.uuid", equalTo(List.of(g)));
        f.asPartner().queryParam("ldap", true).get(groupsOfAnn).then().statusCode(200).body("content", hasSize(0));
        f.asPartner().get(Fixtures.members(co.uuid()) + "/" + co.adminUuid() + "/groups").then().body("content", hasSize(0));
        f.asOtherPartner().get(groupsOfAnn).then().statusCode(404);

        f.asPartner().delete(members + "/" + ann).then().statusCode(204);
        f.asPartner().delete(members + "/" + ann).then().statusCode(404);
        f.asPartner().get(members).then().body("content", hasSize(0));
        Fixtures.event("GROUP_MEMBER_REMOVED", e -> ann.equals(e.path("payload").path("userUuid").asText()));
    }

    @Test
    void batchChangesAndValidateOnlyStoresNothing() {
        Co co = f.company("Batch Co", true);
        String g = f.asPartner().body(Map.of("name", "Batch")).post(groups(co)).then().statusCode(201).extract().path("uuid");
        String ann = f.member(co, "ann-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String bob = f.member(co, "bob-" + UUID.randomUUID() + "@x.example", List.of("ROLE_DEVELOPER"));
        String members = groups(co) + "/" + g + "/memberships";
        f.asPartner().put(members + "/" + bob).then().statusCode(204);
        String stranger = UUID.randomUUID().toString();
        Map<String, Object> batch = Map.of(
                "assignments", List.of(Map.of("userUuid", ann), Map.of("userUuid", stranger)),
                "unassignments", List.of(Map.of("userUuid", bob), Map.of("userUuid", co.adminUuid())),
                "appAssignmentRequests", List.of(Map.of("userUuid", ann, "companyEntitlementUuid", UUID.randomUUID().toString()),
                        Map.of("userUuid", ann, "companyEntitlementUuid", "x")),
                "appUnassignmentRequests", List.of(Map.of("userEntitlementId", 5)));

        f.asPartner().queryParam("validateOnly", true).body(batch).post(members).then().statusCode(200)
                .body("groupAssignmentResponse.result", equalTo(List.of("SUCCESS", "FAILURE")))
                .body("groupUnassignmentResponse.result", equalTo(List.of("SUCCESS", "FAILURE")))
                .body("appAssignmentResponses.resultStatus", equalTo(List.of("VALID", "FAILED")))
                .body("appUnassignmentResponses.resultStatus", equalTo(List.of("VALID")));
        // nothing changed
        f.asPartner().get(members).then().body("content.user.uuid", equalTo(List.of(bob)));

        f.asPartner().body(batch).post(members).then().statusCode(200)
                .body("groupAssignmentResponse[0].errorMessage", equalTo("group.membership.created"))
                .body("appAssignmentResponses.resultStatus", equalTo(List.of("ENQUEUED", "FAILED")));
        f.asPartner().get(members).then().body("content.user.uuid", equalTo(List.of(ann)))
                .body("content.user.uuid", not(hasItem(bob)));
        Fixtures.event("GROUP_APP_ASSIGNMENT_REQUESTED", e -> g.equals(e.path("aggregate").path("id").asText()));

        f.asPartner().queryParam("validateOnly", "maybe").body(batch).post(members).then().statusCode(400)
                .body("message", containsString("validateOnly"));
        f.asUser(ann).body(batch).post(members).then().statusCode(403);
        f.asOtherPartner().body(batch).post(members).then().statusCode(404);
    }
}
