package dev.marketplace.devstack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;

import org.junit.jupiter.api.Test;

import com.icegreen.greenmail.util.GreenMailUtil;

import io.restassured.http.ContentType;

/**
 * An invitation made through the account API reaches the invitee as exactly one email, rendered by notification-service
 * from the INVITE_USER template and sent over SMTP: account-service → outbox → Kafka → notifier → SMTP server.
 */
class InvitationEmailEndToEndTest {
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void anInvitationYieldsExactlyOneRenderedEmail() throws Exception {
        String externalId = "invite-e2e-" + UUID.randomUUID();
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", "Inviting Co", "externalId", externalId, "countryCode", "US", "allowLogin", true,
                        "firstUser", Map.of("email", "admin-" + externalId + "@e2e.example", "firstName", "Ida",
                                "lastName", "Admin")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String admin = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");

        String invitee = "guest-" + UUID.randomUUID() + "@e2e.example";
        String invitations = "/api/account/v2/companies/" + company + "/invitations?inviterUuid=" + admin;
        client.signed("POST", invitations).contentType(ContentType.JSON)
                .body(List.of(Map.of("email", invitee, "role", "USER")))
                .post(client.url(invitations)).then().statusCode(200)
                .body("invitationsSent", org.hamcrest.Matchers.equalTo(1));

        List<MimeMessage> received = awaitMail(invitee, 90_000);
        // a little longer: a second copy would arrive by now if the event were delivered twice
        Thread.sleep(3000);
        received = mailTo(invitee);
        assertEquals(1, received.size(), "exactly one invitation email");
        MimeMessage mail = received.get(0);
        assertTrue(mail.getSubject().contains("Inviting Co"), mail.getSubject());
        String body = GreenMailUtil.getBody(mail);
        assertTrue(body.contains("Inviting Co"), body);
        assertTrue(body.contains("/invitations/") || body.contains("invitation"), body);
        assertTrue(!body.contains("{companyName}") && !body.contains("{invitationUrl}"), "placeholders are rendered: " + body);
    }

    private List<MimeMessage> awaitMail(String recipient, long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            List<MimeMessage> found = mailTo(recipient);
            if (!found.isEmpty()) {
                return found;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no email to " + recipient + " within " + timeoutMillis + " ms");
    }

    private static List<MimeMessage> mailTo(String recipient) {
        return Arrays.stream(Suite.stack().mail().getReceivedMessages()).filter(m -> {
            try {
                return Arrays.stream(m.getRecipients(Message.RecipientType.TO)).anyMatch(a -> a.toString().contains(recipient));
            } catch (Exception e) {
                return false;
            }
        }).toList();
    }
}
