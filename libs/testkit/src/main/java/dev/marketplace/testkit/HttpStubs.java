package dev.marketplace.testkit;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpExchange;

/** For the stand-in HTTP servers of tests (other services, vendors, SMS providers) built on the JDK's HttpServer. */
public final class HttpStubs {
    private HttpStubs() {
    }

    /** Answers {@code status} with a JSON body (null or empty: no body) and closes the exchange. */
    public static void sendJson(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
        exchange.close();
    }
}
