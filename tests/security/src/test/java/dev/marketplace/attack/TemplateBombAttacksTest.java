package dev.marketplace.attack;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * Templates written to make rendering explode (nested loops over large ranges, deep nesting, a huge body): refused
 * when saved with 400 naming the field, and the template in force unchanged.
 */
class TemplateBombAttacksTest {

    @Test
    void templatesThatWouldExplodeWhenRenderedAreRefused() {
        Client rival = Stack.RIVAL.client();
        String templates = "/api/notification/v1/templates";
        String subject = "Safe " + UUID.randomUUID();
        rival.signed("POST", templates + "/email").contentType(ContentType.JSON)
                .body(Map.of("type", "INVOICE", "locale", "en", "subject", subject, "content", "Invoice {invoiceNumber}"))
                .post(rival.url(templates + "/email")).then().statusCode(200);

        List<String> wrong = new ArrayList<>();
        for (String bomb : new String[] { "{#for i in 100000}{#for j in 100000}{#for k in 100000}x{/for}{/for}{/for}",
                "{#for i in 2147483647}{companyName}{/for}", "{#let a='x'}".repeat(5000) + "{/let}".repeat(5000),
                "{companyName}".repeat(200_000),
                // a placeholder the type does not fill would render empty in every message: refused, as a bomb is
                "Pay {invoiceNumber} to {attackerIban}" }) {
            Response r = rival.signed("POST", templates + "/email").contentType(ContentType.JSON)
                    .body(Map.of("type", "INVOICE", "locale", "en", "subject", "Bomb", "content", bomb))
                    .post(rival.url(templates + "/email"));
            if (r.statusCode() != 400 && r.statusCode() != 413) {
                wrong.add(bomb.substring(0, Math.min(60, bomb.length())) + "... -> " + r.statusCode());
            }
        }
        assertEquals(List.of(), wrong);
        String invoice = templates + "/email/INVOICE?locale=en";
        rival.signed("GET", invoice).get(rival.url(invoice)).then().statusCode(200).body("subject", equalTo(subject))
                .body("subject", not(equalTo("Bomb")));
    }
}
