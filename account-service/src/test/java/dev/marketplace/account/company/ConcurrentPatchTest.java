package dev.marketplace.account.company;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.security.Roles;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SimultaneousRequests;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;

/**
 * Simultaneous PATCHes of one company: each either wins (200) or loses the race for the row's version and is told so
 * (409 CONCURRENT_UPDATE, read again and retry); none is a 500 (deploy/local's soak found one in 130 concurrent PATCHes
 * answered 500 with Hibernate's StaleObjectStateException).
 */
@QuarkusTest
class ConcurrentPatchTest {
    private static final int COPIES = 12;

    @Test
    void aPatchThatLosesTheRaceIs409NeverA500() throws Exception {
        String partner = "P" + UUID.randomUUID().toString().substring(0, 8);
        String bearer = InternalTokens.bearer(partner, Roles.PARTNER);
        String uuid = given().header("Authorization", bearer).contentType(ContentType.JSON)
                .body(Map.of("name", "Raced", "countryCode", "FR")).post("/api/account/v2/companies").then().statusCode(201)
                .extract().path("uuid");
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        List<String> answers = new ArrayList<>();
        int lost = 0;
        // a few rounds: one round's requests do not always overlap on a busy machine
        for (int round = 0; round < 5 && lost == 0; round++) {
            List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
            for (int i = 0; i < COPIES; i++) {
                HttpRequest patch = HttpRequest.newBuilder(URI.create(SimultaneousRequests.baseUrl() + "/api/account/v2/companies/"
                        + uuid)).timeout(Duration.ofSeconds(10)).header("Authorization", bearer)
                        .header("Content-Type", "application/json")
                        .method("PATCH", HttpRequest.BodyPublishers.ofString("{\"industry\":\"Round " + round + " copy " + i + "\"}"))
                        .build();
                sent.add(http.sendAsync(patch, HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : sent) {
                HttpResponse<String> response = answer.get();
                answers.add(response.statusCode() + " " + response.body());
                assertTrue(response.statusCode() == 200 || (response.statusCode() == 409
                        && response.body().contains("\"CONCURRENT_UPDATE\"")), response.statusCode() + " " + response.body());
                lost += response.statusCode() == 409 ? 1 : 0;
            }
        }
        assertTrue(lost > 0, "no PATCH lost a race in 5 rounds of " + COPIES + ": " + answers);
        // the row is whole: one of the values, and the company still reads
        given().header("Authorization", bearer).get("/api/account/v2/companies/" + uuid).then().statusCode(200)
                .body("name", equalTo("Raced"));
    }
}
