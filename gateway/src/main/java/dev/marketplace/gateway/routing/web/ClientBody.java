package dev.marketplace.gateway.routing.web;

import java.util.Locale;

import dev.marketplace.common.error.ApiException;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;

/**
 * What a client's request says of its body (its length, a form, a read without one, a wait for 100 Continue), and
 * the form body the gateway reads itself, since the signature covers its parameters.
 */
final class ClientBody {
    private static final String FORM = "application/x-www-form-urlencoded";

    private ClientBody() {
    }

    /** GET or HEAD that says it has no body and waits for no 100 Continue. */
    static boolean isBodilessRead(HttpServerRequest request) {
        HttpMethod method = request.method();
        return (method == HttpMethod.GET || method == HttpMethod.HEAD) && declaredLength(request) <= 0
                && request.getHeader(HttpHeaders.TRANSFER_ENCODING) == null && request.getHeader(HttpHeaders.EXPECT) == null;
    }

    /** True when the client waits for a 100 Continue before it sends its body (curl does so above 1 MiB). */
    static boolean expectsContinue(HttpServerRequest request) {
        String expect = request.getHeader(HttpHeaders.EXPECT);
        return expect != null && expect.equalsIgnoreCase("100-continue") && !request.isEnded();
    }

    /**
     * Invites the body once the caller is admitted, so that a refused request never sends it. The expectation is
     * answered here, per hop: the upstream gets the body without it (see HopByHopHeaders).
     */
    static void continueIfExpected(HttpServerRequest request) {
        if (expectsContinue(request) && !request.response().headWritten()) {
            request.response().writeContinue();
        }
    }

    /** The body's Content-Length, or -1 when it has none (or an unreadable one, which Vert.x itself refuses). */
    static long declaredLength(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static boolean isForm(HttpServerRequest request) {
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        return type != null && type.toLowerCase(Locale.ROOT).startsWith(FORM);
    }

    /** Reads a form body (its parameters are part of the signature), refusing more than the configured size. */
    static Future<Buffer> readForm(HttpServerRequest request, int maxFormBytes) {
        // the signature covers the form's parameters: the body must be read before the caller is known
        continueIfExpected(request);
        Promise<Buffer> read = Promise.promise();
        Buffer buffer = Buffer.buffer();
        request.handler(chunk -> {
            if (read.future().isComplete()) {
                return;
            }
            if (buffer.length() + chunk.length() > maxFormBytes) {
                read.tryFail(new ApiException(413, "PAYLOAD_TOO_LARGE",
                        "body: a form-encoded body may not exceed " + maxFormBytes + " bytes"));
                return;
            }
            buffer.appendBuffer(chunk);
        });
        request.exceptionHandler(read::tryFail);
        request.endHandler(v -> read.tryComplete(buffer));
        request.resume();
        return read.future();
    }
}
