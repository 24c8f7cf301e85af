package dev.marketplace.gateway.routing.service;

import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.Errors;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.HttpProxy;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyResponse;

/**
 * Forwards an authenticated request with vertx-http-proxy: method, path, query, headers and body stream through
 * unchanged, except that the client's Authorization is replaced by the internal bearer token and hop-by-hop headers are
 * dropped both ways. Connection refused becomes 503; an upstream silent for longer than the timeout once the request
 * body is sent becomes 504.
 */
@ApplicationScoped
public class UpstreamProxy {
    private static final Logger LOG = Logger.getLogger(UpstreamProxy.class);
    private static final List<String> HOP_BY_HOP = List.of("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "trailers", "transfer-encoding", "upgrade", "proxy-connection");

    private static final String UPSTREAM_REQUEST = "marketplace.upstream-request";

    private final PerEventLoop<HttpClient> clients;
    private final long idleTimeoutMillis;
    private final long connectTimeoutMillis;

    public UpstreamProxy(Vertx vertx, GatewayConfig config) {
        this.idleTimeoutMillis = config.upstreamTimeout().toMillis();
        this.connectTimeoutMillis = config.upstreamConnectTimeout().toMillis();
        HttpClientOptions options = new HttpClientOptions().setKeepAlive(true).setConnectTimeout((int) connectTimeoutMillis)
                .setDecompressionSupported(false);
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(config.upstreamMaxConnections());
        this.clients = new PerEventLoop<>(() -> vertx.createHttpClient(options, pool), HttpClient::close);
    }

    /**
     * @param bearer the internal token for the upstream
     * @param bufferedBody the body when the gateway already read it (form bodies it had to verify), else null
     */
    public void forward(HttpServerRequest request, RouteTable.Route route, String bearer, Buffer bufferedBody) {
        HttpClient client = clients.current();
        HttpProxy proxy = HttpProxy.reverseProxy(client);
        proxy.origin(ctx -> client.request(new RequestOptions().setHost(route.host()).setPort(route.port())
                .setSsl(route.ssl()).setConnectTimeout(connectTimeoutMillis))
                .onSuccess(upstream -> ctx.set(UPSTREAM_REQUEST, upstream)));
        proxy.addInterceptor(new Forwarding(bearer, bufferedBody, idleTimeoutMillis));
        proxy.handle(request);
    }

    private static final class Forwarding implements ProxyInterceptor {
        private final String bearer;
        private final Buffer bufferedBody;
        private final long idleTimeoutMillis;

        Forwarding(String bearer, Buffer bufferedBody, long idleTimeoutMillis) {
            this.bearer = bearer;
            this.bufferedBody = bufferedBody;
            this.idleTimeoutMillis = idleTimeoutMillis;
        }

        @Override
        public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
            var request = context.request();
            HttpServerRequest incoming = request.proxiedRequest();
            MultiMap headers = request.headers();
            stripHopByHop(headers);
            headers.set("Authorization", "Bearer " + bearer);
            String forwardedFor = headers.get("X-Forwarded-For");
            String client = incoming.remoteAddress() == null ? null : incoming.remoteAddress().hostAddress();
            if (client != null) {
                headers.set("X-Forwarded-For", forwardedFor == null ? client : forwardedFor + ", " + client);
            }
            if (!headers.contains("X-Forwarded-Host") && incoming.authority() != null) {
                headers.set("X-Forwarded-Host", incoming.authority().toString());
            }
            if (!headers.contains("X-Forwarded-Proto")) {
                headers.set("X-Forwarded-Proto", incoming.scheme());
            }
            Body body = bufferedBody != null ? Body.body(bufferedBody) : request.getBody();
            if (body != null) {
                // The answer timeout starts once the whole body went up: a large upload is not a slow upstream.
                request.setBody(Body.body(new EndAwareStream(body.stream(), () -> {
                    HttpClientRequest upstream = context.get(UPSTREAM_REQUEST, HttpClientRequest.class);
                    if (upstream != null) {
                        upstream.idleTimeout(idleTimeoutMillis);
                    }
                }), body.length()));
            }
            return context.sendRequest().recover(failure -> Future.succeededFuture(failed(context, failure)));
        }

        @Override
        public Future<Void> handleProxyResponse(ProxyContext context) {
            stripHopByHop(context.response().headers());
            return context.sendResponse();
        }

        private static ProxyResponse failed(ProxyContext context, Throwable failure) {
            int status;
            String json;
            if (causedBy(failure, ConnectException.class)) {
                status = 503;
                json = Errors.json("UPSTREAM_UNAVAILABLE", "The service for this path is unavailable; try again later");
            } else if (causedBy(failure, TimeoutException.class) || String.valueOf(failure.getMessage()).contains("timeout")) {
                status = 504;
                json = Errors.json("UPSTREAM_TIMEOUT", "The service for this path did not answer in time");
            } else {
                status = 502;
                json = Errors.json("UPSTREAM_FAILED", "The service for this path failed to answer");
            }
            LOG.debugf("Upstream call failed with %s: %s", status, failure.toString());
            ProxyResponse response = context.request().release().response();
            response.setStatusCode(status).setStatusMessage(null);
            response.headers().clear();
            response.putHeader("Content-Type", "application/json");
            return response.setBody(Body.body(Buffer.buffer(json)));
        }

        private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
            for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
                if (type.isInstance(t)) {
                    return true;
                }
            }
            return false;
        }

        private static void stripHopByHop(MultiMap headers) {
            List<String> named = new ArrayList<>();
            for (String connection : headers.getAll("Connection")) {
                for (String token : connection.split(",")) {
                    if (!token.isBlank()) {
                        named.add(token.trim());
                    }
                }
            }
            named.forEach(headers::remove);
            HOP_BY_HOP.forEach(headers::remove);
        }
    }

    @PreDestroy
    void close() {
        clients.close();
    }
}
