package dev.marketplace.gateway.support;

import java.time.Duration;
import java.util.Set;

import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;

import dev.marketplace.common.error.Errors;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.testkit.InternalTokens;
import dev.marketplace.testkit.SignpostSigner;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;

/** Shared helpers: URLs as the client signs them, consumers per test, decoding what the upstream received. */
public abstract class GatewayTest {
    public static final String FORBIDDEN = Errors.json(Errors.FORBIDDEN_CODE, Errors.FORBIDDEN_MESSAGE, null);

    protected static String url(String pathAndQuery) {
        return "http://localhost:" + RestAssured.port + pathAndQuery;
    }

    /** A request signed by {@code signer} for {@code method} on {@code path}, sent as signed (no re-encoding). */
    protected static RequestSpecification signed(SignpostSigner signer, String method, String path) {
        return RestAssured.given().urlEncodingEnabled(false).header("Authorization", signer.authorization(method, url(path), null));
    }

    /** Creates a channel consumer (one per partner) and returns a signpost signer holding its credentials. */
    protected static SignpostSigner channelConsumer(ChannelConsumerService service, String partner, String... authorities) {
        String key = "key-" + partner.toLowerCase();
        String secret = "secret-" + partner.toLowerCase();
        service.createIfAbsent(partner, key, secret, Set.of(authorities)).await().atMost(Duration.ofSeconds(10));
        return new SignpostSigner(key, secret);
    }

    protected static String keyOf(String partner) {
        return "key-" + partner.toLowerCase();
    }

    protected static String secretOf(String partner) {
        return "secret-" + partner.toLowerCase();
    }

    /** The internal token the upstream received, verified with the gateway's published public key. */
    protected static JwtClaims forwardedToken(JsonPath echo) throws Exception {
        String authorization = echo.getString("headers.authorization[0]");
        if (echo.getList("headers.authorization").size() != 1 || !authorization.startsWith("Bearer ")) {
            throw new AssertionError("upstream did not receive exactly one bearer token: " + echo.getList("headers.authorization"));
        }
        String publicKey = RestAssured.get("/internal/v1/public-key").then().statusCode(200).extract().asString();
        if (!publicKey.equals(InternalTokens.publicKeyBase64())) {
            throw new AssertionError("published public key is not the configured one");
        }
        return new JwtConsumerBuilder().setRequireExpirationTime().setExpectedIssuer(InternalToken.ISSUER)
                .setExpectedAudience(InternalToken.AUDIENCE)
                .setVerificationKey(InternalTokens.keys().getPublic())
                .setJwsAlgorithmConstraints(AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256)
                .build().processToClaims(authorization.substring("Bearer ".length()));
    }
}
