package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * Issue 45, the messages of leads, resellers and add-ons through the gateway, each seen at the devstack's SMTP server
 * (and SMS sandbox) by its template type, with its parameters filled and in its recipient's language. A French reseller
 * company (locale fr_FR, with a phone number) is assigned leads a reseller manager created: it hears of each
 * assignment, acceptance, win, denial and loss in French (by SMS too where a default SMS template exists), while the
 * sales managers' configured address reads the marketplace default, English. Leads a reseller and a developer make by
 * hand, a customer's contact through the reseller's profile and the digest of the contact-form leads held meanwhile;
 * a reseller link and unlink told to a French and an English administrator each in their language; a reseller's order
 * and edition change; an add-on ordered by a French buyer.
 */
class LeadAndResellerMessagesEndToEndTest {
    /** lead-service's sales-manager address in the devstack profile. */
    private static final String MANAGERS = "leads@marketplace.localhost";
    private static final String RESELLER_API = "/api/appReseller/v1";
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static String run;
    private static String phone;
    private static long product;
    private static String productName;
    /** [company, user] of the channel team (ROLE_RESELLER_MANAGER). */
    private static String[] managers;
    /** [company, user] of the French reseller company (ROLE_RESELLER). */
    private static String[] reseller;
    private static String resellerName;
    private static String resellerEmail;

    @BeforeAll
    static void aLeadGenProductTheChannelTeamAndAFrenchReseller() {
        Suite.stack();
        run = UUID.randomUUID().toString().substring(0, 8);
        phone = "+3361" + String.format("%07d", Math.floorMod(run.hashCode(), 10_000_000));
        productName = "Prospecteur " + run;
        product = LeadSteps.leadGenProduct(client, productName);
        managers = company("Channel Team " + run, false, "ROLE_RESELLER_MANAGER", "team-" + run + "@e2e.example", null, null);
        resellerName = "Revendeur Durand " + run;
        resellerEmail = "ventes-" + run + "@revendeur.e2e.example";
        reseller = company(resellerName, true, "ROLE_RESELLER", resellerEmail, "fr_FR", phone);
    }

    @Test
    @Delivers({"SALES_LEAD_CREATED", "SALES_LEAD_ASSIGNED", "SALES_LEAD_ACCEPTED", "SALES_LEAD_WON", "LEAD_CONVERTED_ADMIN"})
    void aLeadIsAssignedAcceptedAndWonInTheResellersFrenchWhileTheManagersReadEnglish() {
        String customer = "Client Alpha " + run;
        String contactEmail = "pia-" + run + "@alpha.e2e.example";
        String lead = productLead(customer, "Pia", "Prospect", contactEmail);
        Messages.email(MANAGERS, "SALES_LEAD_CREATED", lead).assertRendered("en", lead, customer, "Pia Prospect", contactEmail,
                productName);

        assign(lead);
        Messages.email(resellerEmail, "SALES_LEAD_ASSIGNED", lead).assertRendered("fr", lead, customer, resellerName,
                "Pia Prospect", productName);

        LeadSteps.post(client, "/api/lead/v2/conversionRequest?" + asReseller() + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("PENDING_CONVERSION_APPROVAL"));
        LeadSteps.post(client, "/api/lead/v2/conversionApproval?" + asManager() + "&leadId=" + lead).then().statusCode(200)
                .body("lead.status", equalTo("CONVERSION_APPROVED"));
        Messages.email(resellerEmail, "SALES_LEAD_ACCEPTED", lead).assertRendered("fr", lead, customer, resellerName,
                "Pia Prospect", contactEmail, productName);
        Messages.sms(phone, "conversion de la piste " + customer + " approuvée");

        String converted = LeadSteps.post(client, "/api/lead/v2/conversion?" + asReseller() + "&leadId=" + lead).then()
                .statusCode(200).body("lead.result", equalTo("WON")).extract().path("lead.convertedCompany.id");
        Messages.email(resellerEmail, "SALES_LEAD_WON", lead).assertRendered("fr", lead, customer, resellerName, "Pia Prospect",
                productName);
        Messages.sms(phone, "piste gagnée, " + customer + " est désormais client");
        Messages.email(MANAGERS, "LEAD_CONVERTED_ADMIN", lead).assertRendered("en", lead, customer, converted, "Pia Prospect",
                contactEmail);
    }

    @Test
    @Delivers({"SALES_LEAD_DENIED", "SALES_LEAD_LOST"})
    void aDeniedRequestAndALostLeadAreToldToTheResellerInFrench() {
        String deniedCustomer = "Client Bravo " + run;
        String denied = productLead(deniedCustomer, "Bruno", "Berger", "bruno-" + run + "@bravo.e2e.example");
        assign(denied);
        LeadSteps.post(client, "/api/lead/v2/conversionRequest?" + asReseller() + "&leadId=" + denied).then().statusCode(200);
        discard(denied);
        Messages.email(resellerEmail, "SALES_LEAD_DENIED", denied).assertRendered("fr", denied, deniedCustomer, resellerName,
                "Bruno Berger", productName);

        String lostCustomer = "Client Charlie " + run;
        String lost = productLead(lostCustomer, "Chloé", "Carré", "chloe-" + run + "@charlie.e2e.example");
        assign(lost);
        discard(lost);
        Messages.email(resellerEmail, "SALES_LEAD_LOST", lost).assertRendered("fr", lost, lostCustomer, resellerName,
                "Chloé Carré", productName);
        // each disqualification has its own type: the denied request is no loss, the lost lead no denial
        assertTrue(Messages.mentioning(resellerEmail, "SALES_LEAD_LOST", denied).isEmpty(), "a denied request is not told as lost");
        assertTrue(Messages.mentioning(resellerEmail, "SALES_LEAD_DENIED", lost).isEmpty(), "a lost lead is not told as denied");
    }

    @Test
    @Delivers({"LEAD_MANUAL_CREATED_RESELLER", "LEAD_MANUAL_CREATED_DEVELOPER"})
    void leadsResellersAndDevelopersMakeByHandAreToldToTheSalesManagersWithTheirMaker() {
        String byReseller = manualLead(asReseller(), "Client Delta " + run, "Dora", "Dumas", "dora-" + run + "@delta.e2e.example");
        Messages.email(MANAGERS, "LEAD_MANUAL_CREATED_RESELLER", byReseller).assertRendered("en", byReseller,
                "Client Delta " + run, "Dora Dumas", "dora-" + run + "@delta.e2e.example", resellerName);

        String studio = "Studio Logiciel " + run;
        String[] developer = company(studio, false, "ROLE_DEVELOPER", "studio-" + run + "@e2e.example", null, null);
        String asDeveloper = "context=DEVELOPER&companyId=" + developer[0] + "&xoauth_requestor_id=" + developer[1];
        String byDeveloper = manualLead(asDeveloper, "Client Echo " + run, "Émile", "Roux", "emile-" + run + "@echo.e2e.example");
        Messages.email(MANAGERS, "LEAD_MANUAL_CREATED_DEVELOPER", byDeveloper).assertRendered("en", byDeveloper,
                "Client Echo " + run, "Émile Roux", studio);
        // neither is announced as an ordinary new lead
        assertTrue(Messages.mentioning(MANAGERS, "SALES_LEAD_CREATED", byReseller).isEmpty(), "the reseller's lead has its own type");
        assertTrue(Messages.mentioning(MANAGERS, "SALES_LEAD_CREATED", byDeveloper).isEmpty(), "the developer's lead has its own type");
    }

    /**
     * Two customers contact the reseller through its profile's contact form (unsigned): the first is told at once, the
     * second is held for the reseller's address until its interval ends (the devstack's lead-service runs with a short
     * interval, Suite.LEAD), then listed in the digest, in the marketplace default since the digest goes to an address.
     */
    @Test
    @Delivers({"LEAD_REFERRED_COMPANY_RESELLER", "SALES_LEAD_DIGEST"})
    void aCustomerReferredThroughTheResellersProfileIsToldAtOnceAndTheNextOneInTheDigest() {
        String first = profileLead("Client Foxtrot " + run, "Fanny", "Faure", "fanny-" + run + "@foxtrot.e2e.example");
        String second = profileLead("Client Golf " + run, "Gaston", "Girard", "gaston-" + run + "@golf.e2e.example");
        Messages.email(resellerEmail, "LEAD_REFERRED_COMPANY_RESELLER", first).assertRendered("fr", first,
                "Client Foxtrot " + run, "Fanny Faure", "fanny-" + run + "@foxtrot.e2e.example", resellerName);

        Messages.Email digest = Messages.email(resellerEmail, "SALES_LEAD_DIGEST", second).assertRendered("en", second,
                "Client Golf " + run, "Gaston Girard", "gaston-" + run + "@golf.e2e.example");
        assertTrue(!digest.text().contains(first), "the digest lists only the lead held since the first message: " + digest.text());
        assertTrue(Messages.mentioning(resellerEmail, "LEAD_REFERRED_COMPANY_RESELLER", second).isEmpty(),
                "the second lead was held for the digest, not told on its own");
    }

    @Test
    @Delivers({"RESELLER_LINKED", "RESELLER_UNLINKED"})
    void aLinkAndItsRemovalAreToldToEachAdministratorInTheirOwnLanguage() {
        String resellerCompany = "Revendeur Lien " + run;
        String customerCompany = "Client Lié " + run;
        String rita = "rita-" + run + "@lien.e2e.example";
        String domain = "client-lie-" + run + ".e2e.example";
        String ada = "ada@" + domain;
        String camille = "camille@" + domain;
        // Rita and Ada, the first users, have no locale: the marketplace default, English
        String resellerId = companyWithAdmin(resellerCompany, true, rita, "Rita");
        String customerId = companyWithAdmin(customerCompany, false, ada, "Ada");
        // Camille, a second Company Administrator of the customer, reads French
        secondFrenchAdministrator(customerId, domain, camille, "Camille");
        // reseller-service hears of both companies and their administrators by events (a manager lists any company's
        // members with companyId)
        for (String[] known : new String[][] { { resellerId, rita }, { customerId, ada }, { customerId, camille } }) {
            Messages.await("reseller-service knows " + known[1], () -> {
                String users = RESELLER_API + "/users?context=RESELLER_MANAGER&companyId=" + known[0];
                List<String> emails = client.signed("GET", users).get(client.url(users)).then().extract().jsonPath()
                        .getList("content.email");
                String companyPath = RESELLER_API + "/companies/" + known[0] + "?context=RESELLER_MANAGER";
                boolean company = client.signed("GET", companyPath).get(client.url(companyPath)).statusCode() == 200;
                return company && emails != null && emails.contains(known[1]) ? true : null;
            });
        }

        String associations = RESELLER_API + "/companyAssociations";
        String association = client.signed("POST", associations).contentType(ContentType.JSON)
                .body(Map.of("resellerCompanyId", resellerId, "customerCompanyId", customerId)).post(client.url(associations))
                .then().statusCode(200).body("customerCompany.name", equalTo(customerCompany)).extract().path("id");
        Messages.email(camille, "RESELLER_LINKED").assertRendered("fr", customerCompany, resellerCompany);
        Messages.email(ada, "RESELLER_LINKED").assertRendered("en", customerCompany, resellerCompany);
        Messages.email(rita, "RESELLER_LINKED").assertRendered("en", customerCompany, resellerCompany);

        client.signed("DELETE", associations + "/" + association).delete(client.url(associations + "/" + association)).then()
                .statusCode(204);
        Messages.email(camille, "RESELLER_UNLINKED").assertRendered("fr", customerCompany, resellerCompany);
        Messages.email(ada, "RESELLER_UNLINKED").assertRendered("en", customerCompany, resellerCompany);
        Messages.email(rita, "RESELLER_UNLINKED").assertRendered("en", customerCompany, resellerCompany);
    }

    @Test
    @Delivers({"SUBSCRIPTION_ORDER_RESELLER", "SUBSCRIPTION_CHANGE_RESELLER"})
    void aResellersOrderAndItsEditionChangeAreToldAsTheResellersInFrench() throws Exception {
        String name = "Tableur Revendu " + run;
        JsonPath sold = BillingSteps.sdkProduct(client, VendorApp.get(), Map.of("name", name, "description", "Resold",
                "vendorName", "SDK Vendor Inc", "editions", List.of(edition("BASIC", "Basique", 1, null),
                        edition("PREMIUM", "Premium", 2, null))),
                "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE");
        String customerCompany = "Client Revendu " + run;
        String remi = "remi-" + run + "@revendu.e2e.example";
        // the buyer holds ROLE_RESELLER in the customer company: billing records buyerRole RESELLER
        String[] customer = company(customerCompany, false, "ROLE_RESELLER", "contact-" + run + "@revendu.e2e.example", null, null,
                remi, "Rémi");
        String subscription = order(customer, sold.getLong("id"), sold.getLong("editions[0].id"), null, customerCompany, remi,
                "Rémi");
        long orderId = VendorEndToEndTest.awaitStatus(subscription, "ACTIVE", Duration.ofSeconds(90)).getLong("orderId");
        Messages.email(remi, "SUBSCRIPTION_ORDER_RESELLER").assertRendered("fr", "Rémi", customerCompany, name, "Basique",
                String.valueOf(orderId));

        String path = "/api/billing/v1/subscriptions/" + subscription;
        client.signed("PUT", path).contentType(ContentType.JSON).body(Map.of("editionId", sold.getLong("editions[1].id")))
                .put(client.url(path)).then().statusCode(202);
        Messages.email(remi, "SUBSCRIPTION_CHANGE_RESELLER").assertRendered("fr", "Rémi", customerCompany, name, "Basique",
                "Premium");
        // instead of, not besides, the customer's own messages
        assertEquals(List.of(), Messages.emails(remi, "SUBSCRIPTION_ORDER"), "a reseller's order is not a customer's");
        assertEquals(List.of(), Messages.emails(remi, "SUBSCRIPTION_UPGRADE"), "a reseller's change is not a customer's");
    }

    @Test
    @Delivers("SUBSCRIPTION_ORDER_MODULE")
    void anAddOnOrderedAgainstAnActiveParentIsToldToItsFrenchBuyer() throws Exception {
        VendorApp vendor = VendorApp.get();
        String[] events = { "SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE" };
        String parentName = "Suite Bureautique " + run;
        JsonPath parent = BillingSteps.sdkProduct(client, vendor, Map.of("name", parentName, "description", "The parent",
                "vendorName", "SDK Vendor Inc", "editions", List.of(edition("SUITE", "Suite Complète", 1, null))), events);
        String addonName = "Stockage " + run;
        JsonPath addon = BillingSteps.sdkProduct(client, vendor, Map.of("name", addonName, "description", "An add-on",
                "vendorName", "SDK Vendor Inc",
                "editions", List.of(edition("STORAGE", "Stockage Plus", 1, parent.getLong("id")))), events);
        String buyerCompany = "Cabinet Lefèvre " + run;
        String lea = "lea-" + run + "@lefevre.e2e.example";
        String[] buyer = company(buyerCompany, false, "ROLE_SYS_ADMIN", "accueil-" + run + "@lefevre.e2e.example", null, null,
                lea, "Léa");

        String parentSubscription = order(buyer, parent.getLong("id"), parent.getLong("editions[0].id"), null, buyerCompany,
                lea, "Léa");
        VendorEndToEndTest.awaitStatus(parentSubscription, "ACTIVE", Duration.ofSeconds(90));
        String addonSubscription = order(buyer, addon.getLong("id"), addon.getLong("editions[0].id"), parentSubscription,
                buyerCompany, lea, "Léa");
        long orderId = VendorEndToEndTest.awaitStatus(addonSubscription, "ACTIVE", Duration.ofSeconds(90)).getLong("orderId");
        Messages.email(lea, "SUBSCRIPTION_ORDER_MODULE").assertRendered("fr", "Léa", buyerCompany, addonName, "Stockage Plus",
                parentName, String.valueOf(orderId));
        // the add-on is told as a module, never as an order of its own
        assertTrue(Messages.emails(lea, "SUBSCRIPTION_ORDER").stream().noneMatch(e -> e.subject().contains(addonName)
                || e.text().contains(addonName)), "the add-on is not told as a plain order");
    }

    private static String asManager() {
        return "context=RESELLER_MANAGER&companyId=" + managers[0] + "&xoauth_requestor_id=" + managers[1];
    }

    private static String asReseller() {
        return "context=RESELLER&companyId=" + reseller[0] + "&xoauth_requestor_id=" + reseller[1];
    }

    /** A lead of the product, created by the channel team (signed: neither held nor counted like contact forms). */
    private static String productLead(String customer, String firstName, String lastName, String email) {
        String path = "/api/lead/v2/leads?" + asManager();
        return client.signed("POST", path).contentType(ContentType.JSON)
                .body(Map.of("partner", DevStack.PARTNER, "leadType", "PRODUCT", "product", Map.of("id", String.valueOf(product)),
                        "customer", customer(customer, firstName, lastName, email)))
                .post(client.url(path)).then().statusCode(201).body("status", equalTo("SUBMITTED")).extract().path("id");
    }

    /** A lead made by hand in the context {@code as}. */
    private static String manualLead(String as, String customer, String firstName, String lastName, String email) {
        String path = "/api/lead/v2/leads?" + as;
        return client.signed("POST", path).contentType(ContentType.JSON)
                .body(Map.of("partner", DevStack.PARTNER, "leadType", "MANUAL", "customer", customer(customer, firstName,
                        lastName, email)))
                .post(client.url(path)).then().statusCode(201).extract().path("id");
    }

    /** A customer's request through the French reseller's profile: the unsigned contact form. */
    private static String profileLead(String customer, String firstName, String lastName, String email) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("partner", DevStack.PARTNER, "leadType", "COMPANY", "company", Map.of("id", reseller[0]),
                        "customer", customer(customer, firstName, lastName, email)))
                .post(client.url("/api/lead/v2/leads?context=ANONYMOUS")).then().statusCode(201)
                .body("status", equalTo("ASSIGNED")).extract().path("id");
    }

    private static Map<String, Object> customer(String company, String firstName, String lastName, String email) {
        return Map.of("company", Map.of("name", company, "country", "FR"),
                "contact", Map.of("firstName", firstName, "lastName", lastName, "email", email));
    }

    private static void assign(String lead) {
        String path = "/api/lead/v2/assignment?" + asManager();
        client.signed("POST", path).contentType(ContentType.JSON)
                .body(Map.of("leadId", lead, "recipient", Map.of("participantType", "COMPANY", "companyId", reseller[0])))
                .post(client.url(path)).then().statusCode(201).body("lead.status", equalTo("ASSIGNED"));
    }

    /** The manager discards the lead: it is disqualified. */
    private static void discard(String lead) {
        String path = "/api/lead/v2/leads/" + lead + "?" + asManager();
        client.signed("DELETE", path).delete(client.url(path)).then().statusCode(204);
        String read = "/api/lead/v2/leads/" + lead + "?" + asReseller();
        client.signed("GET", read).get(client.url(read)).then().statusCode(200).body("status", equalTo("DISQUALIFIED"));
    }

    /** A company (reseller or not, in {@code locale}, with {@code phone}) whose first user holds {@code role}: [company, user]. */
    private static String[] company(String name, boolean isReseller, String role, String email, String locale, String phone) {
        return company(name, isReseller, role, email, locale, phone, "u-" + UUID.randomUUID() + "@e2e.example", "Una");
    }

    private static String[] company(String name, boolean isReseller, String role, String email, String locale, String phone,
            String userEmail, String firstName) {
        Map<String, Object> body = new HashMap<>(Map.of("name", name, "countryCode", "FR", "reseller", isReseller,
                "emailAddress", email, "firstUser", Map.of("email", userEmail, "firstName", firstName, "lastName", "Martin",
                        "roles", List.of(role))));
        if (locale != null) {
            body.put("locale", locale);
        }
        if (phone != null) {
            body.put("phoneNumber", phone);
        }
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON).body(body)
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        return new String[] {company, user};
    }

    /** A company whose first user is its Company Administrator; answers the company's uuid. */
    private static String companyWithAdmin(String name, boolean isReseller, String email, String firstName) {
        return client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", name, "countryCode", "FR", "reseller", isReseller,
                        "firstUser", Map.of("email", email, "firstName", firstName, "lastName", "Martin")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
    }

    /**
     * A second Company Administrator whose own locale is French, added as an active user of the company's verified
     * domain: its MEMBERSHIP_CREATED carries the user's locale to reseller-service's directory.
     */
    private static void secondFrenchAdministrator(String company, String domain, String email, String firstName) {
        String domains = "/api/account/v2/companies/" + company + "/domains";
        client.signed("POST", domains).contentType(ContentType.JSON).body(Map.of("name", domain)).post(client.url(domains))
                .then().statusCode(201);
        String verify = domains + "/" + domain + "/verification?method=MANUAL";
        client.signed("POST", verify).post(client.url(verify)).then().statusCode(200).body("status", equalTo("VERIFIED"));
        String active = "/api/account/v2/companies/" + company + "/memberships/active";
        client.signed("POST", active).contentType(ContentType.JSON)
                .body(Map.of("user", Map.of("email", email, "firstName", firstName, "lastName", "Martin", "locale", "fr_FR",
                        "roles", List.of("ROLE_SYS_ADMIN")), "temporaryPassword", "Temp-" + run))
                .post(client.url(active)).then().statusCode(200).body("status", equalTo("ACTIVE"));
    }

    /** An order by the company's first user, whose order names French; answers the subscription's id. */
    private static String order(String[] buyer, long productId, long editionId, String parentSubscription, String companyName,
            String email, String firstName) {
        String orders = "/api/billing/v1/companies/" + buyer[0] + "/users/" + buyer[1] + "/subscriptions";
        Map<String, Object> body = new HashMap<>(Map.of("productId", productId, "editionId", editionId,
                "items", List.of(Map.of("unit", "USER", "quantity", 2)),
                "company", Map.of("name", companyName, "country", "FR"),
                "user", Map.of("email", email, "firstName", firstName, "lastName", "Martin", "locale", "fr_FR")));
        if (parentSubscription != null) {
            body.put("parentSubscriptionId", parentSubscription);
        }
        return client.signed("POST", orders).contentType(ContentType.JSON).body(body).post(client.url(orders)).then()
                .statusCode(201).extract().path("id");
    }

    private static Map<String, Object> edition(String code, String name, int rank, Long parentProduct) {
        Map<String, Object> edition = new HashMap<>(Map.of("code", code, "name", name, "rank", rank, "primary", rank == 1,
                "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(Map.of("unit",
                        "USER", "minUnits", 1, "maxUnits", 100, "amount", Map.of("USD", 10)))))));
        if (parentProduct != null) {
            edition.put("parentProductId", parentProduct);
        }
        return edition;
    }
}
