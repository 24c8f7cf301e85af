package dev.marketplace.lead;

import static dev.marketplace.lead.Leads.anonymous;
import static dev.marketplace.lead.Leads.channel;
import static dev.marketplace.lead.Leads.partnerOnly;
import static dev.marketplace.lead.Leads.user;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import java.util.UUID;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;

/**
 * Each visibility rule, with callers of each context: a lead a caller may not see answers 404 on reads and is absent
 * from the caller's listing.
 */
@QuarkusTest
class VisibilityTest {
    String partner;
    UUID marketplace;
    UUID reseller;
    UUID resellerUser;
    UUID otherReseller;
    UUID otherResellerUser;
    UUID managers;
    UUID resellerManager;
    UUID vendorCompany;
    UUID developer;
    UUID strangerDeveloper;
    UUID referral;
    UUID referralUser;

    @BeforeEach
    void marketplace() {
        partner = Leads.partner();
        marketplace = StubAccount.company("Marketplace", false, false, true, null);
        reseller = StubAccount.company("Reseller A", true, false, false, null);
        resellerUser = StubAccount.member(reseller, "ROLE_RESELLER");
        otherReseller = StubAccount.company("Reseller B", true, false, false, null);
        otherResellerUser = StubAccount.member(otherReseller, "ROLE_RESELLER");
        managers = StubAccount.company("Channel partners", false, false, false, null);
        resellerManager = StubAccount.member(managers, "ROLE_RESELLER_MANAGER");
        vendorCompany = StubAccount.company("Vendor", false, false, false, null);
        developer = StubAccount.member(vendorCompany, "ROLE_DEVELOPER");
        strangerDeveloper = StubAccount.member(vendorCompany, "ROLE_DEVELOPER");
        referral = StubAccount.company("Referral", false, true, false, null);
        referralUser = StubAccount.member(referral, "ROLE_USER");
    }

    private void sees(RequestSpecification caller, String context, UUID company, String lead) {
        String q = "?context=" + context + "&companyId=" + company;
        caller.get("/api/lead/v2/leads/" + lead + q).then().statusCode(200);
    }

    private void listed(RequestSpecification caller, String context, UUID company, String lead) {
        caller.get("/api/lead/v2/leads?context=" + context + "&companyId=" + company).then().statusCode(200)
                .body("content.id", hasItem(lead));
    }

    private void hidden(RequestSpecification caller, String context, UUID company, String lead) {
        String q = "?context=" + context + "&companyId=" + company;
        caller.get("/api/lead/v2/leads/" + lead + q).then().statusCode(404).body("code", equalTo("NOT_FOUND"));
        caller.get("/api/lead/v2/leads" + q).then().statusCode(200).body("content.id", not(hasItem(lead)));
        caller.get("/api/lead/v2/leads/" + lead + "/activities" + q).then().statusCode(404);
    }

    @Test
    void manualLeadsOnlyToTheirCreator() {
        String lead = Leads.create(user(partner, resellerUser), "?context=RESELLER&companyId=" + reseller,
                Leads.body(partner, "MANUAL", null));
        sees(user(partner, resellerUser), "RESELLER", reseller, lead);
        listed(user(partner, resellerUser), "RESELLER", reseller, lead);
        UUID colleague = StubAccount.member(reseller, "ROLE_RESELLER");
        hidden(user(partner, colleague), "RESELLER", reseller, lead);
        hidden(user(partner, otherResellerUser), "RESELLER", otherReseller, lead);
        hidden(user(partner, resellerManager), "RESELLER_MANAGER", managers, lead);
        hidden(channel(partner), "CHANNEL_ADMIN", marketplace, lead);
        hidden(partnerOnly(partner), "PARTNER", marketplace, lead);
        hidden(user(partner, developer), "DEVELOPER", vendorCompany, lead);
        hidden(user(partner, referralUser), "REFERRAL", referral, lead);
    }

    @Test
    void companyProfileLeadsToTheOwningResellerAndTheManagers() {
        String lead = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.companyLead(partner, reseller));
        sees(user(partner, resellerUser), "RESELLER", reseller, lead);
        listed(user(partner, resellerUser), "RESELLER", reseller, lead);
        sees(user(partner, resellerManager), "RESELLER_MANAGER", managers, lead);
        listed(user(partner, resellerManager), "RESELLER_MANAGER", managers, lead);
        sees(channel(partner), "CHANNEL_ADMIN", marketplace, lead);
        listed(channel(partner), "CHANNEL_ADMIN", marketplace, lead);
        sees(partnerOnly(partner), "PARTNER", marketplace, lead);
        hidden(user(partner, otherResellerUser), "RESELLER", otherReseller, lead);
        hidden(user(partner, developer), "DEVELOPER", vendorCompany, lead);
        hidden(user(partner, referralUser), "REFERRAL", referral, lead);
        hidden(channel("ELSEWHERE"), "CHANNEL_ADMIN", marketplace, lead);
    }

    @Test
    void productProfileLeadsToManagersAndToTheProductsDevelopersWhenItAllowsIt() {
        long open = StubCatalog.product("Open to developers", true, developer);
        long closed = StubCatalog.product("Closed to developers", false, developer);
        String visible = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, open));
        String notForDevelopers = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.productLead(partner, closed));
        for (String lead : new String[] {visible, notForDevelopers}) {
            sees(channel(partner), "CHANNEL_ADMIN", marketplace, lead);
            sees(user(partner, resellerManager), "RESELLER_MANAGER", managers, lead);
            listed(user(partner, resellerManager), "RESELLER_MANAGER", managers, lead);
            hidden(user(partner, resellerUser), "RESELLER", reseller, lead);
            hidden(user(partner, referralUser), "REFERRAL", referral, lead);
            hidden(user(partner, strangerDeveloper), "DEVELOPER", vendorCompany, lead);
        }
        sees(user(partner, developer), "DEVELOPER", vendorCompany, visible);
        listed(user(partner, developer), "DEVELOPER", vendorCompany, visible);
        hidden(user(partner, developer), "DEVELOPER", vendorCompany, notForDevelopers);
        // a developer reads but does not change the product's leads
        user(partner, developer).delete("/api/lead/v2/leads/" + visible + "?context=DEVELOPER&companyId=" + vendorCompany).then()
                .statusCode(403);
    }

    @Test
    void aClaimedContextMustBeBackedByTheMembership() {
        String lead = Leads.create(anonymous(partner), "?context=ANONYMOUS", Leads.companyLead(partner, reseller));
        // a reseller user claiming to be a reseller manager, a developer, or a reseller of another company
        user(partner, resellerUser).get("/api/lead/v2/leads/" + lead + "?context=RESELLER_MANAGER&companyId=" + reseller)
                .then().statusCode(403).body("code", equalTo("FORBIDDEN"));
        user(partner, resellerUser).get("/api/lead/v2/leads?context=DEVELOPER&companyId=" + reseller).then().statusCode(403);
        user(partner, resellerUser).get("/api/lead/v2/leads?context=RESELLER&companyId=" + otherReseller).then().statusCode(403);
        // a disabled membership counts for nothing
        UUID former = UUID.randomUUID();
        StubAccount.member(reseller, former, false, "ROLE_RESELLER");
        user(partner, former).get("/api/lead/v2/leads/" + lead + "?context=RESELLER&companyId=" + reseller).then().statusCode(403);
        // user contexts need a user; channel credentials without CHANNEL_ADMIN authority are no Marketplace Manager
        partnerOnly(partner).get("/api/lead/v2/leads?context=RESELLER&companyId=" + reseller).then().statusCode(403);
        partnerOnly(partner).get("/api/lead/v2/leads?context=CHANNEL_ADMIN&companyId=" + marketplace).then().statusCode(403);
        // an unknown company
        channel(partner).get("/api/lead/v2/leads?context=CHANNEL_ADMIN&companyId=" + UUID.randomUUID()).then().statusCode(404);
    }
}
