package dev.marketplace.gateway.routing.service;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

/**
 * Forwards an authenticated request on Vert.x core's HTTP client, a client per event loop: method, path, query,
 * headers and body go up as {@link ForwardedRequest} writes them, the service's answer comes back as
 * {@link RelayedAnswer} relays it, and an upstream that cannot be reached or does not answer gets the client
 * {@link UpstreamFailure}'s 503, 504 or 502. Nothing of the answer goes to the client before the call is admitted.
 * <p>
 * This was vertx-http-proxy until its per-request machinery (a proxy, context and interceptor chain per call, headers
 * copied twice each way, the upstream's Date parsed and formatted again, cache-control parsing) measured as a tenth of
 * the gateway's CPU per proxied call (gateway/README.md).
 */
@ApplicationScoped
public class UpstreamProxy {
    /** The admission of a call that may be answered at once (its nonce, if any, is already recorded). */
    public static final Future<Void> ADMITTED = Future.succeededFuture();

    private final PerEventLoop<HttpClient> clients;
    private final long idleTimeoutMillis;
    private final long connectTimeoutMillis;
    private final RelayedAnswer answers = new RelayedAnswer();

    public UpstreamProxy(Vertx vertx, GatewayConfig config) {
        this.idleTimeoutMillis = config.upstreamTimeout().toMillis();
        this.connectTimeoutMillis = config.upstreamConnectTimeout().toMillis();
        HttpClientOptions options = new HttpClientOptions().setKeepAlive(true).setConnectTimeout((int) connectTimeoutMillis)
                .setKeepAliveTimeout((int) Math.max(1, config.upstreamKeepAliveTimeout().toSeconds()))
                .setDecompressionSupported(false);
        PoolOptions pool = new PoolOptions().setHttp1MaxSize(config.upstreamMaxConnections());
        this.clients = new PerEventLoop<>(() -> vertx.createHttpClient(options, pool), HttpClient::close);
    }

    /** Forwards an admitted call (see the other forward). */
    public void forward(HttpServerRequest request, String uri, PublicOrigins.Origin origin, String clientAddress,
            RouteTable.Route route, String bearer, Buffer bufferedBody, HeldRequests.Held held) {
        forward(request, uri, origin, clientAddress, route, bearer, bufferedBody, ADMITTED, held);
    }

    /**
     * @param uri path and query to send (the gateway's canonical spelling of the request's)
     * @param origin the public origin the client addressed, or null when none is configured (the request's own is used)
     * @param clientAddress the client's address (ClientAddresses), which the service gets as X-Forwarded-For
     * @param bearer the internal token for the upstream
     * @param bufferedBody the body when the gateway already read it (form bodies it had to verify), else null
     * @param admission completes, on the request's context, when the call may be answered: nothing of the upstream's
     *        answer (nor an error of reaching it) goes to the client before it succeeds, and when it fails the answer is
     *        dropped, the client being answered by whoever failed it
     * @param held the request's watch (HeldRequests): its id goes upstream, and it is told what the request waits on
     */
    public void forward(HttpServerRequest request, String uri, PublicOrigins.Origin origin, String clientAddress,
            RouteTable.Route route, String bearer, Buffer bufferedBody, Future<Void> admission, HeldRequests.Held held) {
        held.waitingOn(route);
        RequestOptions options = new RequestOptions().setMethod(request.method()).setHost(route.host())
                .setPort(route.port()).setSsl(route.ssl()).setURI(uri).setConnectTimeout(connectTimeoutMillis);
        clients.current().request(options).onComplete(created -> {
            if (created.failed()) {
                request.resume();
                admission.onSuccess(admitted -> UpstreamFailure.answer(request.response(), created.cause()));
                return;
            }
            HttpClientRequest upstream = created.result();
            ForwardedRequest.copyHead(request, origin, clientAddress, upstream, bearer, held.id());
            upstream.response().onComplete(answer -> {
                if (!admission.isComplete()) {
                    // the service has answered; Redis has not yet said whether this is the nonce's first use
                    held.waitingOn(HeldRequests.NONCE_CHECK);
                    if (answer.succeeded()) {
                        // held (with back-pressure on the upstream) until the call is admitted
                        answer.result().pause();
                    }
                }
                admission.onComplete(admitted -> deliver(request, upstream, answer, admitted.succeeded()));
            });
            ForwardedRequest.sendBody(request, upstream, bufferedBody, route.maxBodyBytes(), idleTimeoutMillis);
        });
    }

    private void deliver(HttpServerRequest request, HttpClientRequest upstream, AsyncResult<HttpClientResponse> answer,
            boolean admitted) {
        if (!admitted) {
            // refused while the service answered (a replayed read, or Redis could not tell): read and drop the answer,
            // which keeps the connection for the next call
            if (answer.succeeded()) {
                answer.result().handler(ignored -> {
                }).exceptionHandler(ignored -> upstream.reset()).resume();
            }
            return;
        }
        if (answer.failed()) {
            UpstreamFailure.answer(request.response(), answer.cause());
        } else {
            answers.relay(request, answer.result(), upstream);
        }
    }

    @PreDestroy
    void close() {
        clients.close();
    }
}
