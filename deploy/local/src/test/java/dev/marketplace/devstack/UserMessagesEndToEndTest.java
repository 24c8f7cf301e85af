package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jakarta.mail.BodyPart;
import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

/**
 * account-service's user messages and USER_UPDATED through the gateway (issue 45): a company's first user, French,
 * created without a password, receives NEW_USER and ACCOUNT_ACTIVATION in French at the SMTP server, and the
 * activation link's token sets their password; once they hold a product of AppDirect's SDK vendor app, a change of
 * their name reaches that vendor as USER_UPDATED (at the app's own USER_UPDATED endpoint: SDK 1.42 has no handler for
 * it), signed, fetched and recorded, and the event log lists it under its own type.
 */
class UserMessagesEndToEndTest {
    private static final GatewayClient client = GatewayClient.bootstrapConsumer();
    private static final Pattern ACTIVATION = Pattern.compile("/signup/activation/([A-Za-z0-9_-]+)");

    @Test
    void aFrenchFirstUserIsWelcomedAndActivatesThenTheirRenameReachesTheSdkVendor() throws Exception {
        Suite.stack();
        VendorApp vendor = VendorApp.get();
        String externalId = "users-e2e-" + UUID.randomUUID();
        String email = "zoe-" + externalId + "@e2e.example";
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Société Lyonnaise", "externalId", externalId, "countryCode", "FR", "allowLogin", true,
                        "firstUser", Map.of("email", email, "firstName", "Zoé", "lastName", "Premier", "locale", "fr_FR")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String user = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");

        // NEW_USER and ACCOUNT_ACTIVATION, in French, their parameters filled
        MimeMessage created = awaitMail(email, "a été créé");
        assertTrue(created.getSubject().startsWith("Bienvenue sur "), created.getSubject());
        String createdText = text(created);
        assertTrue(createdText.contains("Bonjour Zoé Premier") && createdText.contains("Société Lyonnaise")
                && createdText.contains(email), createdText);
        MimeMessage activation = awaitMail(email, "Activer votre compte");
        assertTrue(activation.getSubject().startsWith("Veuillez activer votre compte"), activation.getSubject());
        String activationText = text(activation);
        assertTrue(!activationText.contains("{") && !activationText.contains("sealed:"), "rendered and opened: " + activationText);
        Matcher link = ACTIVATION.matcher(activationText);
        assertTrue(link.find(), activationText);
        String activate = "/api/account/v2/inactiveUsers/" + link.group(1);
        client.signed("PATCH", activate).contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", "Mot-de-passe-e2e", "activated", true)).patch(client.url(activate))
                .then().statusCode(200).body("activated", org.hamcrest.Matchers.equalTo(true));
        client.signed("PATCH", activate).contentType(ContentType.JSON).body(Map.of("password", "Encore-une-fois"))
                .patch(client.url(activate)).then().statusCode(404);

        // the user buys a product of the SDK vendor, which asked for USER_UPDATED at its own endpoint
        JsonPath product = client.signed("POST", "/api/marketplace/v1/products").contentType(ContentType.JSON)
                .body(Map.of("name", "SDK Users", "description", "Hears of its users", "vendorName", "SDK Vendor Inc",
                        "editions", List.of(Map.of("code", "BASIC", "name", "Basic", "rank", 1, "primary", true,
                                "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(
                                        Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100, "amount", Map.of("USD", 10)))))))))
                .post(client.url("/api/marketplace/v1/products")).then().statusCode(201).extract().jsonPath();
        vendor.trust(product.getString("integration.consumerKey"), product.getString("integration.consumerSecret"));
        String template = vendor.eventUrlTemplate();
        String integration = "/api/marketplace/v1/products/" + product.getLong("id") + "/integration";
        client.signed("PUT", integration).contentType(ContentType.JSON)
                .body(Map.of("interactive", false, "eventUrls", Map.of("SUBSCRIPTION_ORDER", template,
                        "SUBSCRIPTION_CANCEL", template, "USER_UPDATED", template.replace("/processEvent?", "/userUpdated?"))))
                .put(client.url(integration)).then().statusCode(200);
        String orders = "/api/billing/v1/companies/" + company + "/users/" + user + "/subscriptions";
        String subscription = client.signed("POST", orders).contentType(ContentType.JSON)
                .body(Map.of("productId", product.getLong("id"), "editionId", product.getLong("editions[0].id"),
                        "items", List.of(Map.of("unit", "USER", "quantity", 1)),
                        "company", Map.of("name", "Société Lyonnaise", "country", "FR"),
                        "user", Map.of("email", email, "firstName", "Zoé", "lastName", "Premier")))
                .post(client.url(orders)).then().statusCode(201).extract().path("id");
        String account = await("subscription ACTIVE", () -> {
            JsonPath s = client.signed("GET", "/api/billing/v1/subscriptions/" + subscription)
                    .get(client.url("/api/billing/v1/subscriptions/" + subscription)).then().statusCode(200).extract().jsonPath();
            return "ACTIVE".equals(s.getString("status")) ? s.getString("accountIdentifier") : null;
        });
        // account-service holds the assignment once billing's result reached it
        String assignments = memberships + "/" + user + "/assignments";
        await("the assignment in account-service", () -> {
            List<String> statuses = client.signed("GET", assignments).get(client.url(assignments)).then().statusCode(200)
                    .extract().jsonPath().getList("content.status");
            return statuses != null && statuses.contains("ACTIVE") ? "yes" : null;
        });

        // a new first name reaches the vendor
        String users = "/api/account/v2/users/" + user;
        client.signed("PATCH", users).contentType(ContentType.JSON).body(Map.of("firstName", "Zoéline"))
                .patch(client.url(users)).then().statusCode(200).body("firstName", org.hamcrest.Matchers.equalTo("Zoéline"));
        String line = await("the SDK vendor's USER_UPDATED", () -> vendor.log().lines()
                .filter(l -> l.contains("VENDOR USER_UPDATED ") && l.contains("user=" + user)).findFirst().orElse(null));
        assertTrue(line.contains("accountIdentifier=" + account) && line.contains("firstName=Zoéline")
                && line.contains("email=" + email) && line.contains("locale=fr_FR"), line);
        JsonPath logged = await("USER_UPDATED in the event log", () -> {
            String events = "/api/channel/v1/events?type=USER_UPDATED&searchText=" + user;
            JsonPath page = client.signed("GET", events).get(client.url(events)).then().statusCode(200).extract().jsonPath();
            return "SUCCEEDED".equals(page.getString("content[0].vendorStatus")) ? page : null;
        });
        assertEquals("USER_UPDATED", logged.getString("content[0].type"));
        assertEquals(1, logged.getList("content").size(), "one product held: one vendor told");
    }

    private interface Probe<T> {
        T get() throws Exception;
    }

    private static <T> T await(String what, Probe<T> probe) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (true) {
            T found = probe.get();
            if (found != null) {
                return found;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + ": not within 90 s");
            }
            Thread.sleep(300);
        }
    }

    /** The email to {@code recipient} whose text contains {@code part}. */
    private static MimeMessage awaitMail(String recipient, String part) throws Exception {
        return await("an email to " + recipient + " with \"" + part + "\"", () -> {
            for (MimeMessage m : Suite.stack().mail().getReceivedMessages()) {
                boolean to = Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient));
                if (to && text(m).contains(part)) {
                    return m;
                }
            }
            return null;
        });
    }

    /** The decoded text of a message (its HTML), whatever the transfer encoding. */
    private static String text(MimeMessage message) throws Exception {
        Object content = message.getContent();
        if (content instanceof String s) {
            return s;
        }
        List<String> parts = new ArrayList<>();
        Multipart multipart = (Multipart) content;
        for (int i = 0; i < multipart.getCount(); i++) {
            BodyPart part = multipart.getBodyPart(i);
            parts.add(String.valueOf(part.getContent()));
        }
        return String.join("\n", parts);
    }
}
