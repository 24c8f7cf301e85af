package dev.marketplace.notification.client;

import java.net.URI;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.notification.NotificationConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;

/**
 * Calls a vendor's event URL server to server: {@code GET <url>} signed two-legged with the vendor's OAuth 1.0
 * credentials in the {@code Authorization} header (libs/common {@link OAuthSigner}), {@code Accept: application/json},
 * within the configured timeout. The URL is the vendor's (anywhere), not a service of the suite: a plain WebClient.
 */
@ApplicationScoped
public class VendorClient {
    private static final int MAX_BODY = 2000;
    /** The number of the delivery: 1 the first time, more when the vendor may have seen the event before. */
    public static final String DELIVERY_HEADER = "X-Marketplace-Delivery";

    private final WebClient client;
    private final long timeoutMillis;

    public VendorClient(Vertx vertx, NotificationConfig config) {
        this.timeoutMillis = config.vendor().timeout().toMillis();
        this.client = WebClient.create(vertx, new WebClientOptions().setConnectTimeout((int) timeoutMillis)
                .setFollowRedirects(false).setUserAgent("marketplace-notification-service"));
    }

    /** The vendor's answer: HTTP status and (truncated) body. */
    public record Answer(int status, String body) {
    }

    /**
     * {@code send} is how many times the event was handed to the vendor, this call included: sent as
     * {@value #DELIVERY_HEADER}, so that a vendor can tell a re-delivery (it is also in the event document it fetches).
     */
    public Uni<Answer> call(URI url, String consumerKey, String consumerSecret, int send) {
        String authorization = new OAuthSigner(consumerKey, consumerSecret).authorizationHeader("GET", url, null);
        return Uni.createFrom().deferred(() -> client.getAbs(url.toString())
                .putHeader("Authorization", authorization)
                .putHeader(DELIVERY_HEADER, Integer.toString(send))
                .putHeader("Accept", "application/json")
                .timeout(timeoutMillis)
                .send())
                .map(response -> {
                    String body = response.bodyAsString();
                    if (body != null && body.length() > MAX_BODY) {
                        body = body.substring(0, MAX_BODY);
                    }
                    return new Answer(response.statusCode(), body == null ? "" : body);
                });
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
