package dev.marketplace.gateway.consumer.client;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.common.oauth.OAuth1;
import dev.marketplace.common.security.InternalToken;
import dev.marketplace.common.security.Roles;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.consumer.domain.Consumer;
import dev.marketplace.gateway.consumer.domain.ConsumerType;
import dev.marketplace.gateway.identity.service.InternalTokenIssuer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;

/**
 * Vendor (per-product) credentials are owned by catalog-service: the gateway asks it for each unknown consumer key,
 * {@code GET /internal/v1/vendor-credentials/{consumerKey}} with an internal token of role ROLE_SYS_ADMIN. Nothing is
 * cached, so a rotated secret takes effect on the next call.
 */
@ApplicationScoped
public class VendorCredentialsClient {
    private static final Logger LOG = Logger.getLogger(VendorCredentialsClient.class);
    private static final Duration TOKEN_LIFETIME = Duration.ofSeconds(60);

    private final HttpClient client;
    private final URI base;
    private final long timeoutMillis;
    private final InternalTokenIssuer tokens;
    private final ObjectMapper mapper;

    public VendorCredentialsClient(Vertx vertx, GatewayConfig config, InternalTokenIssuer tokens, ObjectMapper mapper) {
        this.base = config.vendorCredentials().url();
        this.timeoutMillis = config.vendorCredentials().timeout().toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions().setConnectTimeout((int) timeoutMillis)
                .setSsl("https".equalsIgnoreCase(base.getScheme())));
        this.tokens = tokens;
        this.mapper = mapper;
    }

    /**
     * The vendor consumer with this key; empty only when catalog answered that it does not know it; a failure when
     * catalog could not tell (unreachable, an error, an unreadable answer), which must not be remembered as unknown.
     */
    public Future<Optional<Consumer>> lookup(String consumerKey) {
        Future<Optional<Consumer>> call;
        try {
            call = call(consumerKey);
        } catch (RuntimeException e) {
            call = Future.failedFuture(e);
        }
        return call.onFailure(e -> LOG.warnf("Vendor credentials lookup failed: %s", e.toString()));
    }

    private Future<Optional<Consumer>> call(String consumerKey) {
        String basePath = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
        RequestOptions options = new RequestOptions().setMethod(HttpMethod.GET)
                .setHost(base.getHost()).setPort(port(base))
                .setURI(basePath + "/internal/v1/vendor-credentials/" + OAuth1.percentEncode(consumerKey))
                .setIdleTimeout(timeoutMillis)
                .putHeader("Accept", "application/json")
                .putHeader("Authorization", "Bearer " + tokens.serviceToken("gateway", Set.of(Roles.SYS_ADMIN), TOKEN_LIFETIME));
        return client.request(options)
                .compose(req -> req.send())
                .compose(resp -> resp.body().map(body -> {
                    if (resp.statusCode() == 200) {
                        return parse(consumerKey, body.toString(StandardCharsets.UTF_8));
                    }
                    if (resp.statusCode() != 404) {
                        throw new IllegalStateException("catalog answered " + resp.statusCode());
                    }
                    return Optional.<Consumer>empty();
                }));
    }

    private Optional<Consumer> parse(String consumerKey, String body) {
        try {
            JsonNode json = mapper.readTree(body);
            String key = json.path("consumerKey").asText(null);
            String secret = json.path("consumerSecret").asText(null);
            String partner = json.path("partner").asText(null);
            long product = json.path("productId").asLong(-1);
            if (!consumerKey.equals(key) || secret == null || secret.isEmpty() || partner == null || product <= 0) {
                throw new IllegalStateException("catalog answered an incomplete body");
            }
            return Optional.of(new Consumer(key, secret, ConsumerType.VENDOR, partner, Set.of(Roles.VENDOR), product));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("catalog answered a body that is not JSON");
        }
    }

    private static int port(URI uri) {
        if (uri.getPort() > 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
