package dev.marketplace.notification.client;

import java.net.InetAddress;
import java.net.URI;
import java.util.Arrays;
import java.util.List;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.common.net.OutboundUrlGuard;
import dev.marketplace.common.oauth.OAuthSigner;
import dev.marketplace.notification.NotificationConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpMethod;
import io.vertx.mutiny.core.net.SocketAddress;
import io.vertx.ext.web.client.WebClientOptions;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.ext.web.client.WebClient;

/**
 * Calls a vendor's event URL server to server: {@code GET <url>} signed two-legged with the vendor's OAuth 1.0
 * credentials in the {@code Authorization} header (libs/common {@link OAuthSigner}), {@code Accept: application/json},
 * within the configured timeout. The URL is the vendor's (anywhere), not a service of the suite: a plain WebClient.
 * The host is resolved here and every address it names must pass the outbound-URL guard (no loopback, private,
 * link-local or metadata address, only the configured schemes and ports); the connection then goes to the address that
 * was checked, so a name re-pointed after the check (DNS rebinding) cannot reach inside the cluster.
 */
@ApplicationScoped
public class VendorClient {
    private static final int MAX_BODY = 2000;
    /** The number of the delivery: 1 the first time, more when the vendor may have seen the event before. */
    public static final String DELIVERY_HEADER = "X-Marketplace-Delivery";

    private final WebClient client;
    private final long timeoutMillis;
    private final Vertx vertx;
    private final OutboundUrlGuard guard;

    /** The vendor's URL names an address the guard refuses: the call is never made. */
    public static final class RefusedAddress extends RuntimeException {
        RefusedAddress(String rule) {
            super(rule, null, false, false);
        }
    }

    public VendorClient(Vertx vertx, NotificationConfig config, OutboundUrlGuard guard) {
        this.vertx = vertx;
        this.guard = guard;
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
        return checkedAddress(url).chain(address -> client.requestAbs(HttpMethod.GET,
                SocketAddress.inetSocketAddress(port(url), address.getHostAddress()), url.toString())
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

    /** Resolves the URL's host (on a worker: name resolution blocks) and returns the address to connect to. */
    private Uni<InetAddress> checkedAddress(URI url) {
        return vertx.executeBlocking(Uni.createFrom().item(() -> {
            List<InetAddress> addresses;
            try {
                addresses = Arrays.asList(InetAddress.getAllByName(url.getHost()));
            } catch (java.net.UnknownHostException e) {
                throw new IllegalStateException("the vendor's host name does not resolve");
            }
            guard.violation(url, addresses).ifPresent(rule -> {
                throw new RefusedAddress("the vendor URL " + rule);
            });
            return addresses.get(0);
        }), false);
    }

    private static int port(URI url) {
        if (url.getPort() > 0) {
            return url.getPort();
        }
        return "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
    }

    @PreDestroy
    void close() {
        client.close();
    }
}
