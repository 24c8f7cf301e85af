package dev.marketplace.gateway.routing.service;

import java.net.ConnectException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import org.jboss.logging.Logger;

import dev.marketplace.common.error.Errors;
import dev.marketplace.gateway.config.GatewayConfig;
import dev.marketplace.gateway.infrastructure.PerEventLoop;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;

/**
 * Forwards an authenticated request on Vert.x core's HTTP client: method, path, query, headers and body stream through
 * unchanged, except that the client's Authorization is replaced by the internal bearer token, the client's
 * Forwarded/X-Forwarded-* are replaced by the gateway's own X-Forwarded-For/-Host/-Proto, the request id
 * (RequestIds) is sent as X-Request-Id, and hop-by-hop headers are dropped both ways. Connection refused becomes 503; an upstream silent for longer than the
 * timeout once the request body is sent becomes 504; any other failure before the answer began, 502.
 * <p>
 * This was vertx-http-proxy until its per-request machinery (a proxy, context and interceptor chain per call, headers
 * copied twice each way, the upstream's Date parsed and formatted again, cache-control parsing) measured as a tenth of
 * the gateway's CPU per proxied call (gateway/README.md).
 */
@ApplicationScoped
public class UpstreamProxy {
    private static final Logger LOG = Logger.getLogger(UpstreamProxy.class);
    /** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), besides those a Connection header names. */
    private static final Set<String> HOP_BY_HOP = caseInsensitive("connection", "keep-alive", "proxy-authenticate",
            "proxy-authorization", "te", "trailer", "trailers", "transfer-encoding", "upgrade", "proxy-connection", "host",
            // answered by the gateway itself (GatewayHandler), which sends the body without waiting
            "expect");
    private static final String X_FORWARDED_FOR = "X-Forwarded-For";
    private static final String X_FORWARDED_HOST = "X-Forwarded-Host";
    private static final String X_FORWARDED_PROTO = "X-Forwarded-Proto";
    private static final String X_REQUEST_ID = "X-Request-Id";
    private static final DateTimeFormatter HTTP_DATE = DateTimeFormatter.RFC_1123_DATE_TIME.withZone(ZoneOffset.UTC);

    /** The admission of a call that may be answered at once (its nonce, if any, is already recorded). */
    public static final Future<Void> ADMITTED = Future.succeededFuture();

    private final PerEventLoop<HttpClient> clients;
    private final long idleTimeoutMillis;
    private final long connectTimeoutMillis;
    /** The Date header of the current second, formatted once per second rather than per response. */
    private volatile HttpDate date = new HttpDate(0, "");

    private record HttpDate(long epochSecond, String text) {
    }

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
    public void forward(HttpServerRequest request, String uri, PublicOrigins.Origin origin, RouteTable.Route route,
            String bearer, Buffer bufferedBody, HeldRequests.Held held) {
        forward(request, uri, origin, route, bearer, bufferedBody, ADMITTED, held);
    }

    /**
     * @param uri path and query to send (the gateway's canonical spelling of the request's)
     * @param origin the public origin the client addressed, or null when none is configured (the request's own is used)
     * @param bearer the internal token for the upstream
     * @param bufferedBody the body when the gateway already read it (form bodies it had to verify), else null
     * @param admission completes, on the request's context, when the call may be answered: nothing of the upstream's
     *        answer (nor an error of reaching it) goes to the client before it succeeds, and when it fails the answer is
     *        dropped, the client being answered by whoever failed it
     * @param held the request's watch (HeldRequests): its id goes upstream, and it is told what the request waits on
     */
    public void forward(HttpServerRequest request, String uri, PublicOrigins.Origin origin, RouteTable.Route route,
            String bearer, Buffer bufferedBody, Future<Void> admission, HeldRequests.Held held) {
        held.waitingOn(route);
        RequestOptions options = new RequestOptions().setMethod(request.method()).setHost(route.host())
                .setPort(route.port()).setSsl(route.ssl()).setURI(uri).setConnectTimeout(connectTimeoutMillis);
        clients.current().request(options).onComplete(created -> {
            if (created.failed()) {
                request.resume();
                admission.onSuccess(admitted -> failed(request.response(), created.cause()));
                return;
            }
            HttpClientRequest upstream = created.result();
            copyRequestHead(request, origin, upstream, bearer, held.id());
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
            sendBody(request, upstream, bufferedBody, route.maxBodyBytes());
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
            failed(request.response(), answer.cause());
        } else {
            relay(request, answer.result(), upstream);
        }
    }

    private void copyRequestHead(HttpServerRequest request, PublicOrigins.Origin origin, HttpClientRequest upstream,
            String bearer, String requestId) {
        MultiMap incoming = request.headers();
        Set<String> dropped = dropped(incoming);
        MultiMap headers = upstream.headers();
        for (Map.Entry<String, String> header : incoming) {
            String name = header.getKey();
            if (!dropped.contains(name) && !isForwarding(name)) {
                headers.add(name, header.getValue());
            }
        }
        if (request.authority() != null) {
            upstream.authority(request.authority());
        }
        // replaces the client's own Authorization
        headers.set(HttpHeaders.AUTHORIZATION, "Bearer " + bearer);
        // the id the client's answer carries (the client's own when well-formed, else the gateway's), never a malformed one
        headers.set(X_REQUEST_ID, requestId);
        // What a client says about forwarding is never passed on: the gateway states who called and which URL was
        // addressed (the configured public origin), so that no service builds a link or an audit record from a lie.
        String client = request.remoteAddress() == null ? null : request.remoteAddress().hostAddress();
        if (client != null) {
            headers.set(X_FORWARDED_FOR, client);
        }
        if (origin != null) {
            headers.set(X_FORWARDED_HOST, origin.authority());
            headers.set(X_FORWARDED_PROTO, origin.scheme());
        } else {
            if (request.authority() != null) {
                headers.set(X_FORWARDED_HOST, request.authority().toString());
            }
            headers.set(X_FORWARDED_PROTO, request.scheme());
        }
    }

    /** {@code Forwarded}, {@code X-Forwarded-*} and {@code X-Real-IP}: the client's claims about proxies, dropped. */
    static boolean isForwarding(String name) {
        int length = name.length();
        return (length > 12 && name.regionMatches(true, 0, "x-forwarded-", 0, 12))
                || (length == 9 && name.equalsIgnoreCase("forwarded")) || (length == 9 && name.equalsIgnoreCase("x-real-ip"));
    }

    /**
     * Sends the body (or none), then starts the answer timeout: a large upload is not a slow upstream. A body of unknown
     * length is counted against {@code maxBytes} (0: none) as it goes.
     */
    private void sendBody(HttpServerRequest request, HttpClientRequest upstream, Buffer bufferedBody, long maxBytes) {
        if (bufferedBody != null) {
            upstream.putHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(bufferedBody.length()));
            upstream.end(bufferedBody).onSuccess(v -> upstream.idleTimeout(idleTimeoutMillis));
            return;
        }
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        boolean http1 = request.version() != HttpVersion.HTTP_2;
        // HTTP/1.x says whether a body follows in its head; HTTP/2 may stream one of unknown length without saying so
        boolean unknownLength = length == null && (http1 ? isChunked(request.headers()) : !bodiless(request.method()));
        if ("0".equals(length) || (length == null && !unknownLength)) {
            // no body: let the request's end through and send the head alone
            request.resume();
            upstream.end().onSuccess(v -> upstream.idleTimeout(idleTimeoutMillis));
            return;
        }
        upstream.setChunked(unknownLength);
        if (unknownLength && maxBytes > 0) {
            sendCounted(request, upstream, maxBytes);
            return;
        }
        request.pipe().endOnFailure(false).to(upstream).onComplete(sent -> {
            if (sent.succeeded()) {
                upstream.idleTimeout(idleTimeoutMillis);
            } else {
                upstream.reset();
            }
        });
    }

    /**
     * A body of unknown length, piped by hand (with the same back-pressure) so that it can be counted: past
     * {@code maxBytes} the upstream request is abandoned and, unless the service has already answered, the client gets
     * 413 (the connection is closed: the rest of its body is not read).
     */
    private void sendCounted(HttpServerRequest request, HttpClientRequest upstream, long maxBytes) {
        long[] sent = { 0 };
        request.handler(chunk -> {
            sent[0] += chunk.length();
            if (sent[0] > maxBytes) {
                // answered first: abandoning the upstream request fails its answer, which must not become a 502
                tooLarge(request, maxBytes);
                upstream.reset();
                return;
            }
            upstream.write(chunk);
            if (upstream.writeQueueFull()) {
                request.pause();
                upstream.drainHandler(v -> request.resume());
            }
        });
        request.exceptionHandler(failure -> upstream.reset());
        request.endHandler(v -> {
            if (sent[0] <= maxBytes) {
                upstream.end().onSuccess(done -> upstream.idleTimeout(idleTimeoutMillis));
            }
        });
        request.resume();
    }

    /**
     * Answers 413 for a body over the route's limit, unless an answer has begun. The rest of the body is read and
     * dropped rather than the connection closed at once: a client still sending would otherwise get a reset, and with
     * it lose the answer. A body that does not end within {@value #DRAIN_MILLIS} ms closes the connection.
     */
    public static void tooLarge(HttpServerRequest request, long maxBytes) {
        HttpServerResponse response = request.response();
        if (!response.headWritten() && !response.ended() && !response.closed()) {
            response.setStatusCode(413).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .end(Errors.json("PAYLOAD_TOO_LARGE", "body: may not exceed " + maxBytes + " bytes on this path"));
        }
        if (!request.isEnded()) {
            request.handler(null);
            request.resume();
            io.vertx.core.Context context = io.vertx.core.Vertx.currentContext();
            if (context != null) {
                context.owner().setTimer(DRAIN_MILLIS, t -> {
                    if (!request.isEnded()) {
                        request.connection().close();
                    }
                });
            }
        }
    }

    private static final long DRAIN_MILLIS = 10_000;

    private void relay(HttpServerRequest request, HttpClientResponse answer, HttpClientRequest upstream) {
        HttpServerResponse response = request.response();
        if (response.ended() || response.closed()) {
            upstream.reset();
            return;
        }
        response.setStatusCode(answer.statusCode());
        if (answer.statusMessage() != null) {
            response.setStatusMessage(answer.statusMessage());
        }
        MultiMap incoming = answer.headers();
        Set<String> dropped = dropped(incoming);
        MultiMap headers = response.headers();
        for (Map.Entry<String, String> header : incoming) {
            String name = header.getKey();
            // the answer already carries the gateway's request id (RequestIds)
            if (!dropped.contains(name) && !name.equalsIgnoreCase(X_REQUEST_ID)) {
                headers.add(name, header.getValue());
            }
        }
        if (!incoming.contains(HttpHeaders.DATE)) {
            // a proxy forwarding an answer without a Date adds one (RFC 9110 §6.6.1)
            headers.set(HttpHeaders.DATE, currentDate());
        }
        if (!incoming.contains(HttpHeaders.CONTENT_LENGTH) && mayHaveBody(request.method(), answer.statusCode())) {
            if (request.version() == HttpVersion.HTTP_1_0) {
                // an HTTP/1.0 client cannot take chunks: the answer goes out whole
                answer.body().onComplete(body -> {
                    if (body.succeeded()) {
                        response.end(body.result());
                    } else {
                        response.reset();
                    }
                });
                // it was paused if it waited for its admission
                answer.resume();
                return;
            }
            response.setChunked(true);
        }
        answer.pipe().endOnFailure(false).to(response).onFailure(broken -> {
            upstream.reset();
            response.reset();
        });
    }

    /** The error the client gets when the upstream could not be reached or did not answer. */
    private static void failed(HttpServerResponse response, Throwable failure) {
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
        if (response.ended() || response.closed()) {
            // answered already (a body over the route's limit), or the client is gone
            return;
        }
        if (response.headWritten()) {
            response.reset();
            return;
        }
        if (!response.ended() && !response.closed()) {
            response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(json);
        }
    }

    private static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** The hop-by-hop headers, plus any that a Connection header names. */
    private static Set<String> dropped(MultiMap headers) {
        String connection = headers.get(HttpHeaders.CONNECTION);
        if (connection == null) {
            return HOP_BY_HOP;
        }
        Set<String> named = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        named.addAll(HOP_BY_HOP);
        for (String value : headers.getAll(HttpHeaders.CONNECTION)) {
            for (String token : value.split(",")) {
                if (!token.isBlank()) {
                    named.add(token.trim());
                }
            }
        }
        return named;
    }

    private static boolean isChunked(MultiMap headers) {
        for (String value : headers.getAll(HttpHeaders.TRANSFER_ENCODING)) {
            if (value.toLowerCase(Locale.ROOT).contains("chunked")) {
                return true;
            }
        }
        return false;
    }

    /** Methods whose requests carry no body in practice (HTTP gives a GET body no meaning). */
    private static boolean bodiless(HttpMethod method) {
        return method == HttpMethod.GET || method == HttpMethod.HEAD || method == HttpMethod.OPTIONS
                || method == HttpMethod.DELETE || method == HttpMethod.TRACE;
    }

    private static boolean mayHaveBody(HttpMethod method, int status) {
        return method != HttpMethod.HEAD && status >= 200 && status != 204 && status != 304;
    }

    private String currentDate() {
        long now = System.currentTimeMillis() / 1000;
        HttpDate current = date;
        if (current.epochSecond() != now) {
            current = new HttpDate(now, HTTP_DATE.format(Instant.ofEpochSecond(now)));
            date = current;
        }
        return current.text();
    }

    private static Set<String> caseInsensitive(String... names) {
        Set<String> set = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        set.addAll(Set.of(names));
        return Collections.unmodifiableSet(set);
    }

    @PreDestroy
    void close() {
        clients.close();
    }
}
