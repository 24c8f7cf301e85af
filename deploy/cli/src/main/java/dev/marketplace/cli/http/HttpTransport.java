package dev.marketplace.cli.http;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;

import dev.marketplace.cli.CliFailure;
import dev.marketplace.cli.ExitCodes;
import dev.marketplace.cli.credentials.Credentials;
import dev.marketplace.common.oauth.OAuth1;
import dev.marketplace.common.oauth.OAuthSigner;

/**
 * Sends requests, signed with OAuth 1.0 by libs/common's {@link OAuthSigner} (HMAC-SHA1, two-legged) or plain. Redirects
 * are not followed, so that a signed request never goes anywhere the user did not name.
 */
public final class HttpTransport {
    private final HttpClient client;
    private final Duration timeout;

    public HttpTransport(Duration timeout) {
        this.timeout = timeout;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(timeout).build();
    }

    /**
     * Signs and sends; {@code trace} receives the request line and headers as sent, with the signature left out (null:
     * nothing is traced).
     */
    public Answer signed(Credentials credentials, Request request, Consumer<String> trace) {
        String form = request.formBody() ? new String(request.body(), StandardCharsets.UTF_8) : null;
        String authorization = new OAuthSigner(credentials.consumerKey(), credentials.consumerSecret())
                .authorizationHeader(request.method(), request.uri(), form);
        return send(request, authorization, trace);
    }

    public Answer plain(Request request) {
        return send(request, null, null);
    }

    private Answer send(Request request, String authorization, Consumer<String> trace) {
        HttpRequest.Builder builder;
        try {
            builder = HttpRequest.newBuilder(request.uri()).timeout(timeout).method(request.method(),
                    request.body() == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(request.body()));
            builder.header("Accept", request.header("Accept").orElse("application/json"));
            if (request.body() != null && request.header("Content-Type").isEmpty()) {
                builder.header("Content-Type", request.contentType());
            }
            for (Request.Header header : request.headers()) {
                if (!header.name().equalsIgnoreCase("Accept")) {
                    builder.header(header.name(), header.value());
                }
            }
        } catch (IllegalArgumentException e) {
            // the JDK refuses headers it sets itself (Host, Content-Length, Connection...) and malformed names
            throw CliFailure.usage("cannot send this request: " + e.getMessage());
        }
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        if (trace != null) {
            trace.accept(request.method() + " " + request.uri());
            request.headers().forEach(h -> trace.accept(h.name() + ": " + h.value()));
            if (authorization != null) {
                // the consumer key only: the signature is no one's business, even on the user's own terminal
                trace.accept("Authorization: OAuth (HMAC-SHA1, " + OAuth1.parseAuthorizationHeader(authorization)
                        .get(OAuth1.CONSUMER_KEY) + ")");
            }
        }
        try {
            HttpResponse<byte[]> response = client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Answer(response.statusCode(), response.headers(), response.body());
        } catch (HttpTimeoutException e) {
            throw new CliFailure(ExitCodes.UNREACHABLE, origin(request.uri()) + " did not answer within " + timeout.toSeconds() + " s");
        } catch (ConnectException e) {
            throw new CliFailure(ExitCodes.UNREACHABLE, "cannot connect to " + origin(request.uri())
                    + " (is it running? the devstack starts with ./deploy/local/run)");
        } catch (IOException e) {
            throw new CliFailure(ExitCodes.UNREACHABLE, "the request to " + origin(request.uri()) + " failed: "
                    + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CliFailure(ExitCodes.UNREACHABLE, "interrupted");
        }
    }

    private static String origin(URI uri) {
        return uri.getScheme() + "://" + uri.getRawAuthority();
    }
}
