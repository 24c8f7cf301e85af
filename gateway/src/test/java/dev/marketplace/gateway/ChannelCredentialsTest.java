package dev.marketplace.gateway;

import static dev.marketplace.testkit.ErrorBodies.errorBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.marketplace.common.crypto.SecretCipher;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.consumer.repository.ChannelConsumerRepository;
import dev.marketplace.gateway.consumer.service.ChannelConsumerService;
import dev.marketplace.gateway.support.GatewayTest;
import dev.marketplace.gateway.support.GatewayTestResource;
import dev.marketplace.testkit.PostgresResource;
import dev.marketplace.testkit.RedisResource;
import dev.marketplace.testkit.SignpostSigner;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;

@QuarkusTest
@QuarkusTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "gateway"))
@QuarkusTestResource(RedisResource.class)
@QuarkusTestResource(GatewayTestResource.class)
class ChannelCredentialsTest extends GatewayTest {
    private static final String CREDENTIALS = "/api/channel/v1/settings/oauth/credentials";
    private final ChannelConsumerService consumers;
    private final ChannelConsumerRepository repository;
    private final SecretCipher cipher;
    private final Pool pool;

    ChannelCredentialsTest(ChannelConsumerService consumers, ChannelConsumerRepository repository, SecretCipher cipher,
            Pool pool) {
        this.consumers = consumers;
        this.repository = repository;
        this.cipher = cipher;
        this.pool = pool;
    }

    @Test
    void aSecretChangedByAnotherReplicaIsRefusedHereAtOnce() throws InterruptedException {
        SignpostSigner before = channelConsumer(consumers, "REPLICA", Roles.PARTNER);
        String path = "/api/account/v2/companies";
        // remembered by this replica
        given().header("Authorization", before.authorization("GET", url(path), null)).get(path).then().statusCode(200);
        given().header("Authorization", before.authorization("GET", url(path), null)).get(path).then().statusCode(200);

        // another replica rotates the secret: only the database and its NOTIFY tell this one
        String rotated = ChannelConsumerService.newSecret();
        assertTrue(repository.updateSecret(keyOf("REPLICA"), cipher.encrypt(keyOf("REPLICA"), rotated))
                .await().atMost(Duration.ofSeconds(5)));
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        int status = 200;
        while (status != 403 && System.nanoTime() < deadline) {
            Thread.sleep(20);
            status = given().header("Authorization", before.authorization("GET", url(path), null)).get(path).statusCode();
        }
        assertEquals(403, status, "old secret still accepted 2 s after another replica rotated it");
        SignpostSigner after = new SignpostSigner(keyOf("REPLICA"), rotated);
        given().header("Authorization", after.authorization("GET", url(path), null)).get(path).then().statusCode(200);
    }

    @Test
    void channelAdminReadsAndRegeneratesTheSecretAndTheOldOneIsRefusedAtOnce() {
        SignpostSigner admin = channelConsumer(consumers, "ROTATE", Roles.PARTNER, Roles.CHANNEL_ADMIN);
        given().header("Authorization", admin.authorization("GET", url(CREDENTIALS), null)).get(CREDENTIALS)
                .then().statusCode(200).body("consumerKey", equalTo(keyOf("ROTATE")))
                .body("consumerSecret", equalTo(secretOf("ROTATE")));

        JsonPath rotated = given().header("Authorization", admin.authorization("POST", url(CREDENTIALS + "/secret"), null))
                .post(CREDENTIALS + "/secret").then().statusCode(200).extract().jsonPath();
        assertEquals(keyOf("ROTATE"), rotated.getString("consumerKey"));
        String newSecret = rotated.getString("consumerSecret");
        assertNotEquals(secretOf("ROTATE"), newSecret);
        assertEquals(32, newSecret.length());

        String path = "/api/account/v2/companies";
        given().header("Authorization", admin.authorization("GET", url(path), null)).get(path)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        SignpostSigner renewed = new SignpostSigner(keyOf("ROTATE"), newSecret);
        given().header("Authorization", renewed.authorization("GET", url(path), null)).get(path).then().statusCode(200);
        given().header("Authorization", renewed.authorization("GET", url(CREDENTIALS), null)).get(CREDENTIALS)
                .then().statusCode(200).body("consumerSecret", equalTo(newSecret));
    }

    @Test
    void rotatingTheSecretLocksOutEveryAccessTokenIssuedWithTheOldOne() {
        SignpostSigner admin = channelConsumer(consumers, "LOCKOUT", Roles.PARTNER, Roles.CHANNEL_ADMIN);
        String path = "/api/account/v2/companies";
        String stolen = given().auth().preemptive().basic(keyOf("LOCKOUT"), secretOf("LOCKOUT"))
                .formParam("grant_type", "client_credentials").formParam("scope", "ROLE_PARTNER").post("/oauth2/token")
                .then().statusCode(200).extract().path("access_token");
        given().header("Authorization", "Bearer " + stolen).get(path).then().statusCode(200);

        String newSecret = given().header("Authorization", admin.authorization("POST", url(CREDENTIALS + "/secret"), null))
                .post(CREDENTIALS + "/secret").then().statusCode(200).extract().path("consumerSecret");
        // the token issued before the rotation is dead at once, although it has not expired
        given().header("Authorization", "Bearer " + stolen).get(path).then().statusCode(403).body(errorBody(FORBIDDEN));
        given().auth().preemptive().basic(keyOf("LOCKOUT"), secretOf("LOCKOUT")).formParam("grant_type", "client_credentials")
                .post("/oauth2/token").then().statusCode(403).body(errorBody(FORBIDDEN));
        // the new secret gets a token that works
        String fresh = given().auth().preemptive().basic(keyOf("LOCKOUT"), newSecret).formParam("grant_type", "client_credentials")
                .formParam("scope", "ROLE_PARTNER").post("/oauth2/token").then().statusCode(200).extract().path("access_token");
        given().header("Authorization", "Bearer " + fresh).get(path).then().statusCode(200);
    }

    @Test
    void aRotationByAnotherReplicaLocksOutTokensHereToo() throws InterruptedException {
        channelConsumer(consumers, "LOCKOUT2", Roles.PARTNER);
        String path = "/api/account/v2/companies";
        String token = given().auth().preemptive().basic(keyOf("LOCKOUT2"), secretOf("LOCKOUT2"))
                .formParam("grant_type", "client_credentials").post("/oauth2/token").then().statusCode(200)
                .extract().path("access_token");
        given().header("Authorization", "Bearer " + token).get(path).then().statusCode(200);
        String rotated = ChannelConsumerService.newSecret();
        assertTrue(repository.updateSecret(keyOf("LOCKOUT2"), cipher.encrypt(keyOf("LOCKOUT2"), rotated))
                .await().atMost(Duration.ofSeconds(5)));
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        int status = 200;
        while (status != 403 && System.nanoTime() < deadline) {
            Thread.sleep(20);
            status = given().header("Authorization", "Bearer " + token).get(path).statusCode();
        }
        assertEquals(403, status, "a token of the old secret still accepted 2 s after another replica rotated it");
    }

    @Test
    void nonAdminsAndUnsignedCallsAreRefused() {
        SignpostSigner partnerOnly = channelConsumer(consumers, "PLAIN", Roles.PARTNER);
        given().header("Authorization", partnerOnly.authorization("GET", url(CREDENTIALS), null)).get(CREDENTIALS)
                .then().statusCode(403).body(errorBody(FORBIDDEN));
        given().header("Authorization", partnerOnly.authorization("POST", url(CREDENTIALS + "/secret"), null))
                .post(CREDENTIALS + "/secret").then().statusCode(403).body(errorBody(FORBIDDEN));
        given().get(CREDENTIALS).then().statusCode(403).body(errorBody(FORBIDDEN));
        // the refused regeneration changed nothing
        given().header("Authorization", partnerOnly.authorization("GET", url("/api/lead/v2/leads"), null)).get("/api/lead/v2/leads")
                .then().statusCode(200);
    }

    @Test
    void secretsAreEncryptedAtRest() {
        channelConsumer(consumers, "ATREST", Roles.PARTNER);
        String stored = pool.preparedQuery("select secret from channel_consumer where consumer_key = $1")
                .execute(io.vertx.mutiny.sqlclient.Tuple.of(keyOf("ATREST"))).await().atMost(Duration.ofSeconds(5))
                .iterator().next().getString("secret");
        assertFalse(stored.contains(secretOf("ATREST")));
        assertFalse(new String(java.util.Base64.getDecoder().decode(stored), java.nio.charset.StandardCharsets.ISO_8859_1)
                .contains(secretOf("ATREST")));
    }
}
