package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.restassured.http.ContentType;

/**
 * The devstack inbox with the real services, over plain HTTP: an invitation email reaches it with its link to the
 * devstack's sign-up page, and an SMS notification-service sends through the devstack's SMS provider appears there too,
 * both in the JSON contract's shape.
 */
class InboxEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final GatewayClient client = GatewayClient.bootstrapConsumer();

    @Test
    void anInvitationEmailIsListedWithItsLinkToTheSignUpPage() throws Exception {
        String invitee = "inbox-" + UUID.randomUUID() + "@e2e.example";
        invite(client, "Inbox Co", invitee);
        String inbox = Suite.stack().inbox().url();
        assertEquals("http://localhost:" + (Suite.stack().gatewayUrl().replaceAll(".*:", "").transform(Integer::parseInt)
                + DevStack.INBOX_PORT_OFFSET), inbox, "the inbox listens on the gateway's port + 7");

        JsonNode listed = awaitMessage(inbox, invitee);
        assertEquals(List.of("id", "kind", "from", "to", "subject", "receivedAt"), names(listed));
        assertEquals("EMAIL", listed.path("kind").asText());
        assertEquals("marketplace@localhost", listed.path("from").asText());
        assertEquals(invitee, listed.path("to").get(0).asText());
        assertTrue(listed.path("subject").asText().contains("Inbox Co"), listed.toString());
        assertTrue(Instant.parse(listed.path("receivedAt").asText()).isAfter(Instant.now().minusSeconds(300)));

        JsonNode message = JSON.readTree(given().get(inbox + "/api/messages/" + listed.path("id").asText()).then()
                .statusCode(200).extract().asString());
        assertTrue(message.path("html").asText().contains("Inbox Co"), message.toString());
        assertTrue(message.path("text").asText().contains("Inbox Co"), message.toString());
        List<String> signup = texts(message.path("links")).stream().filter(l -> l.startsWith(inbox + "/signup/invitation/"))
                .toList();
        assertEquals(1, signup.size(), "the invitation links to the devstack's sign-up page: " + message.path("links"));
        given().get(signup.get(0)).then().statusCode(200).body(org.hamcrest.Matchers.containsString("name=\"password\""));
    }

    @Test
    void anSmsNotificationServiceSendsIsKeptAndListed() throws Exception {
        String phone = "+1555" + String.format("%07d", (int) (Math.random() * 10_000_000));
        String invoice = "INV-" + UUID.randomUUID().toString().substring(0, 8);
        // an event carrying an SMS notification, as a producer writes it (no producer asks for SMS yet: issue 45)
        publish(Map.of("type", "PAYMENT_SUCCESSFUL", "channel", "SMS", "recipients", List.of(phone), "locale", "en_US",
                "parameters", Map.of("companyName", "Texting Co", "invoiceNumber", invoice, "amount", "12.50", "currency", "USD")));

        String inbox = Suite.stack().inbox().url();
        JsonNode listed = awaitMessage(inbox, phone);
        assertEquals("SMS", listed.path("kind").asText());
        assertTrue(listed.path("subject").isNull(), listed.toString());
        assertEquals(List.of(phone), texts(listed.path("to")));
        String id = listed.path("id").asText();
        String text = given().get(inbox + "/api/messages/" + id).then().statusCode(200)
                .body("html", nullValue()).body("kind", equalTo("SMS")).extract().path("text");
        assertTrue(text.contains(invoice) && text.contains("12.50"), text);
        assertEquals(1, Suite.stack().sms().kept().stream().filter(s -> s.to().equals(phone)).count());
        String page = given().get(inbox + "/").then().statusCode(200).extract().asString();
        assertTrue(page.contains("href=\"/messages/" + id + "\"") && page.contains(phone), "listed on the page");
    }

    /** A company with a first user, who invites {@code invitee} as a USER; answers the company's uuid. */
    static String invite(GatewayClient client, String companyName, String invitee) {
        String externalId = "inbox-e2e-" + UUID.randomUUID();
        String company = client.signed("POST", "/api/account/v2/companies").contentType(ContentType.JSON)
                .body(Map.of("name", companyName, "externalId", externalId, "countryCode", "US", "allowLogin", true,
                        "firstUser", Map.of("email", "admin-" + externalId + "@e2e.example", "firstName", "Ida",
                                "lastName", "Admin")))
                .post(client.url("/api/account/v2/companies")).then().statusCode(201).extract().path("uuid");
        String memberships = "/api/account/v2/companies/" + company + "/memberships";
        String admin = client.signed("GET", memberships).get(client.url(memberships)).then().statusCode(200)
                .extract().path("content[0].user.uuid");
        String invitations = "/api/account/v2/companies/" + company + "/invitations?inviterUuid=" + admin;
        client.signed("POST", invitations).contentType(ContentType.JSON).body(List.of(Map.of("email", invitee, "role", "USER")))
                .post(client.url(invitations)).then().statusCode(200).body("invitationsSent", equalTo(1));
        return company;
    }

    /** The inbox's list entry of the first message to {@code recipient}, waiting up to 90 s for it. */
    static JsonNode awaitMessage(String inbox, String recipient) throws Exception {
        long deadline = System.currentTimeMillis() + 90_000;
        while (System.currentTimeMillis() < deadline) {
            JsonNode list = JSON.readTree(given().queryParam("to", recipient).get(inbox + "/api/messages").then()
                    .statusCode(200).extract().asString());
            if (!list.isEmpty()) {
                assertEquals(1, list.size(), "one message to " + recipient + ": " + list);
                return list.get(0);
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no message to " + recipient + " in the inbox within 90 s");
    }

    private static void publish(Map<String, Object> notification) throws Exception {
        String id = UUID.randomUUID().toString();
        Map<String, Object> event = Map.of("id", id, "type", "DEVSTACK_SMS_CHECK", "occurredOn", System.currentTimeMillis(),
                "partner", DevStack.PARTNER, "source", "deploy-local-test", "aggregate", Map.of("type", "TEST", "id", id),
                "creator", Map.of(), "payload", Map.of("notifications", List.of(notification)));
        Properties config = new Properties();
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, Suite.stack().kafkaBootstrapServers());
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            producer.send(new ProducerRecord<>("marketplace.domain-events", id, JSON.writeValueAsString(event))).get();
        }
    }

    private static List<String> texts(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
