package dev.marketplace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code marketplace inbox ...} against a stub of the devstack inbox's JSON contract: plain HTTP, no credentials needed. */
class InboxCommandTest {
    private static final String LIST = """
            [{"id":"m-2","kind":"SMS","from":"+15550000000","to":["+15551234567"],"subject":null,
              "receivedAt":"2026-11-29T14:05:00Z"},
             {"id":"m-1","kind":"EMAIL","from":"noreply@marketplace.dev","to":["ann@example.com","bob@example.com"],
              "subject":"You are invited to Acme","receivedAt":"2026-11-29T14:00:00Z"}]""";
    private static final String INVITATION = """
            {"id":"m-1","kind":"EMAIL","from":"noreply@marketplace.dev","to":["ann@example.com"],
             "subject":"You are invited to Acme","receivedAt":"2026-11-29T14:00:00Z",
             "text":"Hello Ann,\\nAccept the invitation: http://localhost:8080/accept?token=abc",
             "html":"<p>Hello Ann, <a href=\\"http://localhost:8080/accept?token=abc\\">accept</a></p>",
             "links":["http://localhost:8080/accept?token=abc","https://example.com/help"]}""";

    @TempDir
    Path home;
    private StubServer inbox;

    @BeforeEach
    void start() throws Exception {
        inbox = new StubServer();
    }

    @AfterEach
    void stop() {
        inbox.close();
    }

    @Test
    void listShowsTheMessagesNewestFirstAndFiltersByRecipient() {
        inbox.answer(200, LIST).answer(200, "[]");

        CliRun all = CliRun.run(Map.of(), home, "inbox", "list", "--inbox", inbox.url());
        CliRun toAnn = CliRun.run(Map.of(), home, "inbox", "list", "--to", "ann+test@example.com", "--inbox", inbox.url());

        assertEquals(0, all.exit(), all.toString());
        assertEquals("GET /api/messages", inbox.received().get(0).method() + " " + inbox.received().get(0).rawPathAndQuery());
        assertEquals("/api/messages?to=ann%2Btest%40example.com", inbox.received().get(1).rawPathAndQuery());
        assertNull(inbox.received().get(0).header("Authorization"), "the inbox takes no credentials");
        assertEquals("""
                ID   KIND   RECEIVED              TO                               SUBJECT
                m-2  SMS    2026-11-29T14:05:00Z  +15551234567                     -
                m-1  EMAIL  2026-11-29T14:00:00Z  ann@example.com,bob@example.com  You are invited to Acme
                """, all.out());
        assertEquals(0, toAnn.exit());
        assertEquals("ID  KIND  RECEIVED  TO  SUBJECT\n", toAnn.out());
    }

    @Test
    void showPrintsTheHeadersTheTextAndTheLinks() {
        inbox.answer(200, INVITATION);

        CliRun run = CliRun.run(Map.of("MARKETPLACE_INBOX_URL", inbox.url()), home, "inbox", "show", "m-1");

        assertEquals(0, run.exit(), run.toString());
        assertEquals("/api/messages/m-1", inbox.only().rawPathAndQuery());
        assertEquals("""
                Kind:     EMAIL
                From:     noreply@marketplace.dev
                To:       ann@example.com
                Subject:  You are invited to Acme
                Received: 2026-11-29T14:00:00Z

                Hello Ann,
                Accept the invitation: http://localhost:8080/accept?token=abc

                Links:
                  [1] http://localhost:8080/accept?token=abc
                  [2] https://example.com/help
                """, run.out());
    }

    @Test
    void showPrintsTheHtmlOrTheJsonWhenAsked() {
        inbox.answer(200, INVITATION).answer(200, INVITATION);

        CliRun html = CliRun.run(Map.of(), home, "inbox", "show", "m-1", "--html", "--inbox", inbox.url());
        CliRun json = CliRun.run(Map.of(), home, "inbox", "show", "m-1", "--json", "--inbox", inbox.url());

        assertTrue(html.out().contains("<p>Hello Ann, <a href=\"http://localhost:8080/accept?token=abc\">accept</a></p>"),
                html.out());
        assertTrue(json.out().contains("\"links\" : [ \"http://localhost:8080/accept?token=abc\""), json.out());
    }

    @Test
    void anUnknownMessageExitsWithFourAndAnUnreachableInboxWithSix() {
        inbox.answer(404, "{\"code\":\"NOT_FOUND\",\"message\":\"No message m-9\"}");

        CliRun unknown = CliRun.run(Map.of(), home, "inbox", "show", "m-9", "--inbox", inbox.url());
        CliRun unreachable = CliRun.run(Map.of(), home, "inbox", "list", "--inbox", "http://127.0.0.1:1");
        CliRun bad = CliRun.run(Map.of(), home, "inbox", "list", "--inbox", "localhost:8087");

        assertEquals(4, unknown.exit());
        assertTrue(unknown.out().contains("No message m-9"));
        assertEquals(6, unreachable.exit());
        assertTrue(unreachable.err().contains("cannot connect to http://127.0.0.1:1"), unreachable.err());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--inbox: 'localhost:8087' is not an http(s) URL"), bad.err());
    }
}
