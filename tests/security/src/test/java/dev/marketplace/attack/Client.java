package dev.marketplace.attack;

import static io.restassured.RestAssured.given;

import dev.marketplace.testkit.SignpostSigner;
import io.restassured.specification.RequestSpecification;

/** Requests to the gateway signed by signpost (an OAuth 1.0 library independent of the project's own). */
final class Client {
    private final String baseUrl;
    private final String key;
    private final String secret;
    private final SignpostSigner signer;

    Client(String baseUrl, String key, String secret) {
        this.baseUrl = baseUrl;
        this.key = key;
        this.secret = secret;
        this.signer = new SignpostSigner(key, secret);
    }

    /** A request signed for {@code method pathAndQuery} (the query is part of the signature). */
    RequestSpecification signed(String method, String pathAndQuery) {
        return given().urlEncodingEnabled(false).header("Authorization", authorization(method, pathAndQuery));
    }

    String authorization(String method, String pathAndQuery) {
        return signer.authorization(method, url(pathAndQuery), null);
    }

    String url(String pathAndQuery) {
        return baseUrl + pathAndQuery;
    }

    /** An OAuth 2.0 access token of this consumer with {@code scope} (null: all its authorities). */
    String token(String scope) {
        var request = given().auth().preemptive().basic(key, secret).formParam("grant_type", "client_credentials");
        if (scope != null) {
            request.formParam("scope", scope);
        }
        return request.post(url("/oauth2/token")).then().statusCode(200).extract().path("access_token");
    }

    RequestSpecification bearer(String token) {
        return given().urlEncodingEnabled(false).header("Authorization", "Bearer " + token);
    }

    String key() {
        return key;
    }

    String secret() {
        return secret;
    }
}
