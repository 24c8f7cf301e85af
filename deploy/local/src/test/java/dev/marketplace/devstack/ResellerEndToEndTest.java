package dev.marketplace.devstack;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * The indirect sales channel through the gateway: a reseller company and its reseller user made with the account API;
 * the reseller (the partner's signed calls acting as that user) creates a customer company and a user in it, which
 * are account-service's; the marketplace manager associates another customer with the reseller; both contexts list
 * them; once the association is removed the reseller no longer sees that customer. The RESELLER_LINKED email reaches
 * the reseller; the customer's user activates the account the reseller created through the
 * ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES email.
 */
class ResellerEndToEndTest {
    private static final String RESELLER_API = "/api/appReseller/v1";
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    private static String as(String path, String user) {
        return path + (path.contains("?") ? "&" : "?") + "xoauth_requestor_id=" + user;
    }

    private Response get(String path) {
        return client.signed("GET", path).get(client.url(path));
    }

    private Response post(String path, Object body) {
        return client.signed("POST", path).contentType(ContentType.JSON).body(body).post(client.url(path));
    }

    /** Retries {@code call} until it answers {@code status}: reseller-service hears of account changes by events. */
    private static Response await(Supplier<Response> call, int status) {
        long deadline = System.currentTimeMillis() + 60_000;
        Response response = call.get();
        while (response.statusCode() != status && System.currentTimeMillis() < deadline) {
            sleep(250);
            response = call.get();
        }
        response.then().statusCode(status);
        return response;
    }

    @Test
    @Delivers("ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES")
    void aResellerWorksWithItsCustomersAndLosesSightOfARemovedAssociation() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String resellerEmail = "rita-" + run + "@e2e.example";
        String reseller = post("/api/account/v2/companies", Map.of("name", "Reseller " + run, "countryCode", "US",
                "reseller", true, "firstUser", Map.of("email", resellerEmail, "firstName", "Rita", "lastName", "Reseller")))
                .then().statusCode(201).extract().path("uuid");
        String members = "/api/account/v2/companies/" + reseller + "/memberships";
        String rita = get(members).then().statusCode(200).extract().path("content[0].user.uuid");
        client.signed("PATCH", members + "/roles").contentType(ContentType.JSON)
                .body(List.of(Map.of("userUuid", rita, "rolesToAdd", List.of("ROLE_RESELLER"))))
                .patch(client.url(members + "/roles")).then().statusCode(200);

        // Rita acts as a reseller once reseller-service has heard of her role
        String resellerCompanies = as(RESELLER_API + "/companies?context=RESELLER", rita);
        await(() -> get(resellerCompanies), 200).then().body("$", hasSize(0));

        // a customer company linked to the reseller: an account-service company
        String customer = post(as(RESELLER_API + "/companies", rita), Map.of("name", "Customer " + run,
                "externalId", "cust-" + run, "phone", "555-0100", "companyAccess", "CUSTOMER")).then().statusCode(200)
                .body("externalId", equalTo("cust-" + run)).extract().path("id");
        get("/api/account/v2/companies/" + customer).then().statusCode(200).body("name", equalTo("Customer " + run))
                .body("externalId", equalTo("cust-" + run));
        post(as(RESELLER_API + "/companies", rita), Map.of("name", "Again", "externalId", "cust-" + run)).then()
                .statusCode(409).body("code", equalTo("DUPLICATE_EXTERNAL_ID"));

        // a user of that customer: an account-service user, member of the customer
        String userEmail = "una-" + run + "@e2e.example";
        String user = post(as(RESELLER_API + "/users?context=RESELLER", rita), Map.of("companyId", customer,
                "email", userEmail, "firstName", "Una", "lastName", "User", "externalId", "una-" + run)).then()
                .statusCode(200).body("companyId", equalTo(customer)).extract().path("id");
        get("/api/account/v2/companies/" + customer + "/memberships/" + user).then().statusCode(200)
                .body("user.email", equalTo(userEmail));
        // assisted sales: Una is asked, in English (no locale anywhere), to activate the account the reseller created
        // for her, the reseller named; the link's token sets her password once
        Messages.Email activation = Messages.email(userEmail, "ACCOUNT_ACTIVATION_CREATED_BY_ASSISTED_SALES")
                .assertRendered("en", "Una", "Customer " + run, userEmail, "Reseller " + run);
        String token = activation.links().stream().filter(l -> l.contains("/activation/")).findFirst()
                .map(l -> l.substring(l.lastIndexOf('/') + 1)).orElseThrow(() -> new AssertionError(activation.text()));
        String activate = "/api/account/v2/inactiveUsers/" + token;
        client.signed("PATCH", activate).contentType(ContentType.JSON)
                .body(Map.of("email", userEmail, "password", "Una-pass-e2e", "activated", true)).patch(client.url(activate))
                .then().statusCode(200).body("activated", equalTo(true));
        client.signed("PATCH", activate).contentType(ContentType.JSON).body(Map.of("password", "Una-again-e2e"))
                .patch(client.url(activate)).then().statusCode(404);

        // another customer made with the account API, associated by the marketplace manager
        String associated = post("/api/account/v2/companies", Map.of("name", "Associated " + run, "countryCode", "US"))
                .then().statusCode(201).extract().path("uuid");
        await(() -> get(RESELLER_API + "/companies/" + associated + "?context=RESELLER_MANAGER"), 200);
        get(as(RESELLER_API + "/companies/" + associated + "?context=RESELLER", rita)).then().statusCode(403);
        String association = post(RESELLER_API + "/companyAssociations", Map.of("resellerCompanyId", reseller,
                "customerCompanyId", associated)).then().statusCode(200)
                .body("customerCompany.name", equalTo("Associated " + run)).extract().path("id");
        post(RESELLER_API + "/companyAssociations", Map.of("resellerCompanyId", reseller, "customerCompanyId", associated))
                .then().statusCode(409).body("code", equalTo("ASSOCIATION_ALREADY_EXISTS"));

        // both contexts
        get(resellerCompanies).then().statusCode(200).body("id", hasItems(customer, associated)).body("$", hasSize(2));
        get(RESELLER_API + "/companies?context=RESELLER_MANAGER&searchText=" + run).then().statusCode(200)
                .body("id", equalTo(List.of(reseller)));
        get(as(RESELLER_API + "/users?context=RESELLER", rita)).then().statusCode(200).body("content.id", hasItem(user));
        get(as(RESELLER_API + "/users/" + user + "?context=RESELLER&companyId=" + customer, rita)).then().statusCode(200)
                .body("email", equalTo(userEmail));
        get(RESELLER_API + "/users?context=RESELLER_MANAGER&searchText=rita-" + run).then().statusCode(200)
                .body("content.id", equalTo(List.of(rita)));
        get(RESELLER_API + "/companyAssociations?resellerCompanyId=" + reseller).then().statusCode(200)
                .body("content.customerCompany.id", hasItems(customer, associated));

        // removing the association takes the customer out of the reseller's sight
        client.signed("DELETE", RESELLER_API + "/companyAssociations/" + association)
                .delete(client.url(RESELLER_API + "/companyAssociations/" + association)).then().statusCode(204);
        get(resellerCompanies).then().statusCode(200).body("id", equalTo(List.of(customer)))
                .body("id", not(hasItem(associated)));
        get(as(RESELLER_API + "/companies/" + associated + "?context=RESELLER", rita)).then().statusCode(403);

        // the reseller heard of the links by email (RESELLER_LINKED, sent by notification-service)
        List<MimeMessage> mail = awaitMail(resellerEmail, 2, 90_000);
        assertTrue(mail.stream().anyMatch(m -> subject(m).contains("Associated " + run)), "an email about the association");
        assertTrue(mail.stream().anyMatch(m -> subject(m).contains("Customer " + run)), "an email about the created company");
    }

    private static List<MimeMessage> awaitMail(String recipient, int count, long timeoutMillis) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            List<MimeMessage> found = Arrays.stream(Suite.stack().mail().getReceivedMessages()).filter(m -> {
                try {
                    return Arrays.stream(m.getAllRecipients()).anyMatch(a -> a.toString().contains(recipient));
                } catch (Exception e) {
                    return false;
                }
            }).toList();
            if (found.size() >= count || System.currentTimeMillis() > deadline) {
                if (found.size() < count) {
                    throw new AssertionError(found.size() + " email(s) to " + recipient + " within " + timeoutMillis + " ms");
                }
                return found;
            }
            sleep(500);
        }
    }

    private static String subject(MimeMessage m) {
        try {
            return m.getSubject();
        } catch (Exception e) {
            return "";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
