package dev.marketplace.attack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import io.restassured.http.ContentType;
import io.restassured.response.Response;

/**
 * An Idempotency-Key is the acting user's too: a user who learns a key the channel (or another user of the same
 * consumer) used gets the answer of their own request — their refusal or their own creation — never the stored body.
 */
class IdempotencyReplayAttacksTest {

    private static Response create(Client client, String pathAndQuery, String key, Map<String, Object> body) {
        return client.signed("POST", pathAndQuery).contentType(ContentType.JSON).header("Idempotency-Key", key).body(body)
                .post(client.url(pathAndQuery));
    }

    @Test
    void aUserReplayingTheChannelsKeyGetsTheirOwnAnswerNotTheStoredOne() {
        Client acme = Stack.ACME.client();
        Stack.Company someone = Stack.createCompany(acme, "Replay Victim " + UUID.randomUUID());
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Stack.company("Keyed " + key);
        Response first = create(acme, "/api/account/v2/companies", key, body);
        assertEquals(201, first.statusCode(), first.asString());
        String stored = first.path("uuid");
        // the channel's own retry: the stored answer (the control)
        Response retry = create(acme, "/api/account/v2/companies", key, body);
        assertEquals("true", retry.header("Idempotent-Replayed"));
        assertEquals(stored, retry.path("uuid"));

        // the same consumer acting as a company's user, same key, same request
        Response asUser = create(acme, "/api/account/v2/companies?xoauth_requestor_id=" + someone.admin(), key, body);
        assertNull(asUser.header("Idempotent-Replayed"), asUser.asString());
        assertTrue(asUser.statusCode() == 403 || asUser.statusCode() == 201 || asUser.statusCode() == 409,
                asUser.statusCode() + " " + asUser.asString());
        assertNotEquals(stored, asUser.path("uuid"));
        assertTrue(!asUser.asString().contains(stored), asUser.asString());
    }
}
