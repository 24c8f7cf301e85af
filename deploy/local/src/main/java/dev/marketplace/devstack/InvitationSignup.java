package dev.marketplace.devstack;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.oauth.OAuthSigner;

/**
 * The sign-up page an invitation email links to in the devstack ({@code /signup/invitation/{token}}): a form for first
 * name, last name and password, which it posts to {@code POST /api/account/v2/invitations/{token}/registration} through
 * the gateway, signed with the marketplace's channel consumer, as a marketplace's storefront does. A real marketplace's
 * storefront serves this page; the devstack has none, so the inbox server stands in for it.
 */
final class InvitationSignup {
    /** The tokens account-service issues (URL-safe); anything else is not an invitation of ours. */
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{8,200}");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String gatewayUrl;
    private final OAuthSigner signer;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    InvitationSignup(String gatewayUrl, String consumerKey, String consumerSecret) {
        this.gatewayUrl = gatewayUrl;
        this.signer = new OAuthSigner(consumerKey, consumerSecret);
    }

    /** The invitation URL template account-service puts into invitation emails, for an inbox at {@code inboxUrl}. */
    static String invitationUrlTemplate(String inboxUrl) {
        return inboxUrl + "/signup/invitation/{token}";
    }

    static boolean isToken(String token) {
        return TOKEN.matcher(token).matches();
    }

    String form(String token) {
        return form(token, Map.of(), null);
    }

    /** Registers the invitee; answers the page to show (success, or the form again with the API's refusal). */
    Page register(String token, String formBody) throws InterruptedException {
        Map<String, String> form = parseForm(formBody);
        Map<String, Object> registration = new LinkedHashMap<>();
        registration.put("firstName", form.getOrDefault("firstName", ""));
        registration.put("lastName", form.getOrDefault("lastName", ""));
        registration.put("password", form.getOrDefault("password", ""));
        URI uri = URI.create(gatewayUrl + "/api/account/v2/invitations/" + token + "/registration");
        HttpResponse<String> answer;
        try {
            answer = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                    .header("Authorization", signer.authorizationHeader("POST", uri, null))
                    .header("Content-Type", "application/json").header("Accept", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(registration))).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return new Page(502, form(token, form, "The gateway at " + gatewayUrl + " does not answer (" + e + "); try again."));
        }
        JsonNode body = readJson(answer.body());
        if (answer.statusCode() == 200) {
            String email = body.path("email").asText("");
            return new Page(200, InboxPages.page("Welcome", """
                    <h1>Welcome</h1>
                    <p class="ok" id="result">Invitation accepted: %s is now an active member (status %s).</p>
                    <p><a href="/">← inbox</a></p>""".formatted(InboxPages.escape(email),
                    InboxPages.escape(body.path("status").asText("ACCEPTED")))));
        }
        String refusal = answer.statusCode() + " " + body.path("code").asText("") + ": " + body.path("message").asText(answer.body());
        return new Page(answer.statusCode() >= 500 ? 502 : 400, form(token, form, refusal));
    }

    record Page(int status, String html) {
    }

    private String form(String token, Map<String, String> values, String error) {
        String action = "/signup/invitation/" + InboxPages.escape(token);
        return InboxPages.page("Accept your invitation", """
                <h1>Accept your invitation</h1>
                <p>Choose your name and password to join the company that invited you. (A real marketplace's storefront
                serves this page; the devstack's inbox stands in for it.)</p>
                %s<form method="post" action="%s" id="signup">
                <label>First name <input name="firstName" id="firstName" required value="%s"></label>
                <label>Last name <input name="lastName" id="lastName" value="%s"></label>
                <label>Password (at least 8 characters) <input name="password" id="password" type="password" required></label>
                <button type="submit" id="submit">Join</button>
                </form>""".formatted(error == null ? "" : "<p class=\"error\" id=\"result\">" + InboxPages.escape(error) + "</p>\n",
                action, InboxPages.escape(values.getOrDefault("firstName", "")),
                InboxPages.escape(values.getOrDefault("lastName", ""))));
    }

    private static Map<String, String> parseForm(String body) {
        Map<String, String> form = new HashMap<>();
        if (body == null || body.isEmpty()) {
            return form;
        }
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            form.putIfAbsent(key, value);
        }
        return form;
    }

    private static JsonNode readJson(String body) {
        try {
            return JSON.readTree(body == null || body.isBlank() ? "{}" : body);
        } catch (IOException e) {
            return JSON.createObjectNode();
        }
    }
}
