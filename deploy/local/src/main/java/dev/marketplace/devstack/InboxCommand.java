package dev.marketplace.devstack;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * {@code deploy/local/inbox}: the devstack inbox on the command line, over its JSON API. {@code inbox} lists every
 * message, newest first; {@code inbox --to <address or phone>} those sent to it; {@code inbox <id>} prints one
 * message's text and links.
 */
public final class InboxCommand {
    private static final ObjectMapper JSON = new ObjectMapper();

    private InboxCommand() {
    }

    public static void main(String[] args) throws Exception {
        String base = System.getenv().getOrDefault("INBOX_URL", "http://localhost:"
                + (Integer.parseInt(System.getenv().getOrDefault("DEVSTACK_PORT", "8080")) + DevStack.INBOX_PORT_OFFSET));
        System.exit(run(base, args, System.out, System.err));
    }

    /** Prints what {@code args} ask for; answers the exit status. */
    static int run(String base, String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        try {
            if (args.length == 0) {
                return list(base, null, out, err);
            }
            if (args.length == 2 && args[0].equals("--to")) {
                return list(base, args[1], out, err);
            }
            if (args.length == 1 && !args[0].startsWith("-")) {
                return show(base, args[0], out, err);
            }
            err.println("usage: inbox                 list every email and SMS, newest first\n"
                    + "       inbox --to <address>  those sent to an email address or phone number\n"
                    + "       inbox <id>            one message: its text and links");
            return 2;
        } catch (IOException e) {
            err.println("The devstack inbox does not answer at " + base + " (" + (e.getMessage() == null ? e.getClass().getSimpleName()
                    : e.getMessage()) + "): is ./deploy/local/run"
                    + " running? INBOX_URL names another inbox.");
            return 1;
        }
    }

    private static int list(String base, String to, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        String path = "/api/messages" + (to == null ? "" : "?to=" + URLEncoder.encode(to, StandardCharsets.UTF_8));
        HttpResponse<String> answer = get(base + path);
        if (answer.statusCode() != 200) {
            err.println("The inbox answered " + answer.statusCode() + ": " + answer.body());
            return 1;
        }
        JsonNode messages = JSON.readTree(answer.body());
        if (messages.isEmpty()) {
            out.println("No messages" + (to == null ? "" : " to " + to) + ".");
        }
        for (JsonNode m : messages) {
            out.printf("%-6s %-5s %-24s %-36s %s%n", m.path("id").asText(), m.path("kind").asText(),
                    m.path("receivedAt").asText(), String.join(",", texts(m.path("to"))),
                    m.path("subject").isNull() ? "(SMS: inbox " + m.path("id").asText() + " shows it)" : m.path("subject").asText());
        }
        return 0;
    }

    private static int show(String base, String id, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        HttpResponse<String> answer = get(base + "/api/messages/" + URLEncoder.encode(id, StandardCharsets.UTF_8));
        if (answer.statusCode() == 404) {
            err.println("No message " + id + " (inbox lists them).");
            return 1;
        }
        if (answer.statusCode() != 200) {
            err.println("The inbox answered " + answer.statusCode() + ": " + answer.body());
            return 1;
        }
        JsonNode m = JSON.readTree(answer.body());
        out.println(m.path("kind").asText() + " " + m.path("id").asText() + "  " + m.path("receivedAt").asText());
        out.println("From:    " + m.path("from").asText(""));
        out.println("To:      " + String.join(", ", texts(m.path("to"))));
        if (!m.path("subject").isNull()) {
            out.println("Subject: " + m.path("subject").asText());
        }
        out.println();
        out.println(m.path("text").asText(""));
        out.println();
        out.println("Links:");
        for (String link : texts(m.path("links"))) {
            out.println("  " + link);
        }
        out.println("Page:    " + base + "/messages/" + m.path("id").asText());
        return 0;
    }

    private static java.util.List<String> texts(JsonNode array) {
        java.util.List<String> values = new java.util.ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }

    private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build().send(HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10)).header("Accept", "application/json").GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
