package dev.marketplace.devstack;

import static io.restassured.RestAssured.given;

import io.restassured.specification.RequestSpecification;

import dev.marketplace.testkit.SignpostSigner;

/** Requests to the gateway signed by signpost, an OAuth 1.0 library independent of the project's own. */
final class GatewayClient {
    private final String baseUrl;
    private final SignpostSigner signer;

    GatewayClient(String baseUrl, String key, String secret) {
        this.baseUrl = baseUrl;
        this.signer = new SignpostSigner(key, secret);
    }

    static GatewayClient bootstrapConsumer() {
        return new GatewayClient(Suite.stack().gatewayUrl(), DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
    }

    /** A request signed for {@code method pathAndQuery}; the query must be in the path, as it is part of the signature. */
    RequestSpecification signed(String method, String pathAndQuery) {
        String url = baseUrl + pathAndQuery;
        return given().urlEncodingEnabled(false).header("Authorization", signer.authorization(method, url, null));
    }

    String url(String pathAndQuery) {
        return baseUrl + pathAndQuery;
    }
}
