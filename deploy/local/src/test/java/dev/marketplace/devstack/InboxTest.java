package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.restassured.http.ContentType;

/**
 * The inbox on its own (no services): the JSON contract over real SMTP mail and SMS posted as notification-service
 * posts them, the SMS sandbox's refusals, escaping in the pages, the sign-up page's signed call (to a stand-in
 * gateway) and the command line. The devstack's end-to-end tests prove the same with the real services.
 */
class InboxTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<Map<String, String>> GATEWAY_CALLS = new CopyOnWriteArrayList<>();
    private static HttpServer gateway;
    private static InboxFixture fixture;

    @BeforeAll
    static void start() throws Exception {
        // a stand-in gateway: 200 with the invitation for a first name, the API's 400 for a blank one
        gateway = HttpStubs.serve("/api/account/v2/invitations/", exchange -> {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            GATEWAY_CALLS.add(Map.of("path", exchange.getRequestURI().getPath(), "body", body,
                    "authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization"))));
            if (JSON.readTree(body).path("firstName").asText().isBlank()) {
                HttpStubs.sendJson(exchange, 400, "{\"code\":\"INVALID_FIELD\",\"message\":\"firstName: must not be blank\"}");
            } else {
                HttpStubs.sendJson(exchange, 200, "{\"email\":\"ann@example.com\",\"status\":\"ACCEPTED\",\"accepted\":true}");
            }
        });
        fixture = new InboxFixture(HttpStubs.url(gateway));
    }

    @AfterAll
    static void stop() {
        fixture.close();
        gateway.stop(0);
    }

    @Test
    void listsEmailAndSmsNewestFirstWithTheContractsFields() throws Exception {
        String to = "contract-" + System.nanoTime() + "@example.com";
        String phone = "+1555" + (System.nanoTime() % 10_000_000);
        fixture.sendMail(to, "Join Acme", "<p>Hello, <a href=\"http://localhost:9/signup/invitation/abc?x=1&amp;y=2\">join</a></p>",
                "Hello, join at http://localhost:9/signup/invitation/abc?x=1&y=2");
        assertEquals(202, fixture.sendSms(phone, "Your code: see https://example.com/sms/1."));

        JsonNode all = JSON.readTree(given().get(fixture.inbox.url() + "/api/messages").then().statusCode(200)
                .contentType(ContentType.JSON).extract().asString());
        JsonNode sms = find(all, phone);
        JsonNode mail = find(all, to);
        assertTrue(indexOf(all, sms) < indexOf(all, mail), "newest first: " + all);
        assertEquals("SMS", sms.path("kind").asText());
        assertTrue(sms.path("subject").isNull(), "an SMS has no subject: " + sms);
        assertEquals("Marketplace", sms.path("from").asText());
        assertEquals("EMAIL", mail.path("kind").asText());
        assertEquals("Join Acme", mail.path("subject").asText());
        assertEquals("marketplace@localhost", mail.path("from").asText());
        assertEquals(List.of(to), List.of(mail.path("to").get(0).asText()));
        Instant.parse(mail.path("receivedAt").asText());
        assertEquals(List.of("id", "kind", "from", "to", "subject", "receivedAt"), names(mail));

        given().get(fixture.inbox.url() + "/api/messages?to=" + phone).then().statusCode(200)
                .body("$", hasSize(1)).body("[0].id", equalTo(sms.path("id").asText()));
        given().get(fixture.inbox.url() + "/api/messages/" + mail.path("id").asText()).then().statusCode(200)
                .body("text", containsString("Hello, join at"))
                .body("html", containsString("<a href="))
                .body("links", equalTo(List.of("http://localhost:9/signup/invitation/abc?x=1&y=2")));
        given().get(fixture.inbox.url() + "/api/messages/" + sms.path("id").asText()).then().statusCode(200)
                .body("text", equalTo("Your code: see https://example.com/sms/1."))
                .body("html", nullValue())
                .body("links", equalTo(List.of("https://example.com/sms/1")));
        given().get(fixture.inbox.url() + "/api/messages/m999").then().statusCode(404).body("code", equalTo("NOT_FOUND"));
    }

    @Test
    void anHtmlOnlyEmailGetsItsTextFromTheHtml() throws Exception {
        String to = "html-only-" + System.nanoTime() + "@example.com";
        fixture.sendMail(to, "Invoice", "<h1>Invoice&nbsp;42</h1><p>Pay at <a href='https://pay.example/i/42'>the page</a></p>", null);
        String id = given().get(fixture.inbox.url() + "/api/messages?to=" + to).then().statusCode(200)
                .extract().path("[0].id");
        given().get(fixture.inbox.url() + "/api/messages/" + id).then().statusCode(200)
                .body("text", equalTo("Invoice 42\nPay at the page"))
                .body("links", equalTo(List.of("https://pay.example/i/42")));
    }

    @Test
    void theSmsSandboxRefusesWrongCredentialsAndBadBodiesAndKeepsNothing() throws Exception {
        int before = fixture.sms.kept().size();
        assertEquals(401, fixture.sendSms("+15550001111", "hello", "devstack-sms", "wrong"));
        assertEquals(401, fixture.sendSms("+15550001111", "hello", null, null));
        given().auth().preemptive().basic(SmsSandbox.USERNAME, SmsSandbox.PASSWORD).contentType(ContentType.JSON)
                .body("{\"to\":\"+15550001111\"}").post(fixture.sms.url()).then().statusCode(400);
        given().auth().preemptive().basic(SmsSandbox.USERNAME, SmsSandbox.PASSWORD).contentType(ContentType.JSON)
                .body("not json").post(fixture.sms.url()).then().statusCode(400);
        assertEquals(before, fixture.sms.kept().size());
    }

    @Test
    void pagesEscapeWhatTheyPrintAndSandboxTheMessagesHtml() throws Exception {
        String to = "escape-" + System.nanoTime() + "@example.com";
        fixture.sendMail(to, "<b>\"Deals\"</b> & more", "<p onclick=\"alert(1)\">Hi</p><script>alert('x')</script>", null);
        String id = given().get(fixture.inbox.url() + "/api/messages?to=" + to).then().extract().path("[0].id");

        String list = given().get(fixture.inbox.url() + "/?to=" + to).then().statusCode(200)
                .contentType("text/html").header("Content-Security-Policy", containsString("default-src 'none'"))
                .extract().asString();
        assertTrue(list.contains("&lt;b&gt;&quot;Deals&quot;&lt;/b&gt; &amp; more"), list);
        assertFalse(list.contains("<b>\"Deals\""), list);
        assertTrue(list.contains("href=\"/messages/" + id + "\""), list);

        String page = given().get(fixture.inbox.url() + "/messages/" + id).then().statusCode(200).extract().asString();
        assertFalse(page.contains("<script>"), "the message's script is only inside the escaped srcdoc: " + page);
        assertTrue(page.contains("srcdoc=\"&lt;base target=&quot;_top&quot;&gt;&lt;p onclick="), page);
        String sandbox = page.replaceAll("(?s).*sandbox=\"([^\"]*)\".*", "$1");
        assertFalse(sandbox.contains("allow-scripts") || sandbox.contains("allow-same-origin"), sandbox);
        given().get(fixture.inbox.url() + "/messages/nope").then().statusCode(404).body(containsString("No message"));
    }

    @Test
    void theSignUpPagePostsTheRegistrationThroughTheGatewaySigned() throws Exception {
        String form = given().get(fixture.inbox.url() + "/signup/invitation/tok_en-1234").then().statusCode(200)
                .extract().asString();
        assertTrue(form.contains("action=\"/signup/invitation/tok_en-1234\"") && form.contains("name=\"password\""), form);

        GATEWAY_CALLS.clear();
        given().contentType("application/x-www-form-urlencoded; charset=utf-8")
                .formParam("firstName", "Ann").formParam("lastName", "<Lee>").formParam("password", "s3cret-pass")
                .post(fixture.inbox.url() + "/signup/invitation/tok_en-1234").then().statusCode(200)
                .body(containsString("Invitation accepted: ann@example.com"));
        Map<String, String> call = GATEWAY_CALLS.get(0);
        assertEquals("/api/account/v2/invitations/tok_en-1234/registration", call.get("path"));
        JsonNode sent = JSON.readTree(call.get("body"));
        assertEquals("Ann", sent.path("firstName").asText());
        assertEquals("<Lee>", sent.path("lastName").asText());
        assertEquals("s3cret-pass", sent.path("password").asText());
        assertTrue(call.get("authorization").startsWith("OAuth ")
                && call.get("authorization").contains("oauth_consumer_key=\"" + DevStack.CONSUMER_KEY + "\"")
                && call.get("authorization").contains("oauth_signature="), call.get("authorization"));

        // the API's refusal is shown with the form again, the typed names kept (escaped) and the password not
        String refused = given().contentType("application/x-www-form-urlencoded; charset=utf-8")
                .formParam("firstName", " ").formParam("lastName", "<Lee>").formParam("password", "s3cret-pass")
                .post(fixture.inbox.url() + "/signup/invitation/tok_en-1234").then().statusCode(400)
                .extract().asString();
        assertTrue(refused.contains("400 INVALID_FIELD: firstName: must not be blank"), refused);
        assertTrue(refused.contains("value=\"&lt;Lee&gt;\"") && !refused.contains("s3cret-pass"), refused);

        int calls = GATEWAY_CALLS.size();
        given().get(fixture.inbox.url() + "/signup/invitation/..%2F..%2Fcompanies").then().statusCode(404);
        given().formParam("firstName", "Ann").post(fixture.inbox.url() + "/signup/invitation/a%20b").then().statusCode(404);
        assertEquals(calls, GATEWAY_CALLS.size(), "no call for a path that is no token");
    }

    @Test
    void theSignUpPageSaysSoWhenTheGatewayDoesNotAnswer() throws Exception {
        try (InboxFixture alone = new InboxFixture("http://127.0.0.1:9")) {
            String page = given().formParam("firstName", "Ann").formParam("password", "s3cret-pass")
                    .post(alone.inbox.url() + "/signup/invitation/tok_en-1234").then().statusCode(502).extract().asString();
            assertTrue(page.contains("The gateway at http://127.0.0.1:9 does not answer") && page.contains("id=\"signup\""), page);
        }
    }

    @Test
    void theCommandLineListsAndShowsMessages() throws Exception {
        String to = "cli-" + System.nanoTime() + "@example.com";
        fixture.sendMail(to, "Welcome aboard", "<p>Start at <a href=\"https://start.example/now\">here</a></p>", null);
        String id = given().get(fixture.inbox.url() + "/api/messages?to=" + to).then().extract().path("[0].id");

        assertEquals(0, InboxCommand.run(fixture.inbox.url(), new String[] {"--to", to}, capture(), System.err));
        assertTrue(out.toString().matches("(?s)" + id + "\\s+EMAIL\\s+\\S+Z\\s+" + to + "\\s+Welcome aboard\\s*"), out.toString());
        assertEquals(0, InboxCommand.run(fixture.inbox.url(), new String[] {id}, capture(), System.err));
        assertTrue(out.toString().contains("Subject: Welcome aboard") && out.toString().contains("Start at here")
                && out.toString().contains("  https://start.example/now"), out.toString());
        assertEquals(1, InboxCommand.run(fixture.inbox.url(), new String[] {"m9999"}, capture(), capture()));
        assertEquals(1, InboxCommand.run("http://127.0.0.1:9", new String[0], capture(), capture()));
        assertTrue(out.toString().contains("does not answer"), out.toString());
    }

    @Test
    void theConsoleLineLinksToTheMessage() throws Exception {
        String phone = "+1666" + (System.nanoTime() % 10_000_000);
        fixture.inbox.unannounced();
        assertEquals(202, fixture.sendSms(phone, "Payment received: 12.00 USD for invoice 7. Thank you for your order!"));
        List<InboxMessage> fresh = fixture.inbox.unannounced();
        assertEquals(1, fresh.size());
        assertEquals("sms: to " + phone + " | Payment received: 12.00 USD for invoice 7. Thank you for you… | "
                + fixture.inbox.url() + "/messages/" + fresh.get(0).id(), MailPrinter.line(fixture.inbox, fresh.get(0)));
        assertTrue(fixture.inbox.unannounced().isEmpty(), "printed once");
        given().get(fixture.inbox.url() + "/").then().body(not(containsString("No messages yet")))
                .body(containsString(phone));
    }

    private ByteArrayOutputStream out;

    private PrintStream capture() {
        out = new ByteArrayOutputStream();
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }

    private static JsonNode find(JsonNode all, String recipient) {
        for (JsonNode m : all) {
            if (m.path("to").get(0).asText().equals(recipient)) {
                return m;
            }
        }
        throw new AssertionError("no message to " + recipient + " in " + all);
    }

    private static int indexOf(JsonNode all, JsonNode message) {
        for (int i = 0; i < all.size(); i++) {
            if (all.get(i).equals(message)) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
