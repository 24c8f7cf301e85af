package dev.marketplace.account;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.marketplace.testkit.HttpStubs;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Stands in for billing-service's entitlements lookup ({@code marketplace.account.billing.url}). Answers live in JVM
 * system properties so a test (whatever its class loader) sets them: {@link #entitlements}, {@link #failing}; unknown
 * members have none. The last {@code Authorization} and {@code X-Request-Id} headers received are kept.
 */
public class StubBilling implements QuarkusTestResourceLifecycleManager {
    private static final Pattern PATH = Pattern.compile("/internal/v1/companies/([^/]+)/users/([^/]+)/entitlements");
    private HttpServer server;

    public static void entitlements(String company, String user, long activeSubscriptions, long activeAssignments) {
        System.setProperty("stubbilling." + company + "." + user, activeSubscriptions + "," + activeAssignments);
    }

    public static void failing(String company, String user) {
        System.setProperty("stubbilling." + company + "." + user, "fail");
    }

    /** How many requests the stand-in has received so far. */
    public static int requests() {
        return Integer.getInteger("stubbilling.requests", 0);
    }

    /** The X-Request-Id of the last request received: the id of the account-service request that made the call. */
    public static String lastRequestId() {
        return System.getProperty("stubbilling.lastRequestId");
    }

    public static String lastAuthorization() {
        return System.getProperty("stubbilling.lastAuthorization");
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/", this::handle);
        server.start();
        return Map.of("marketplace.account.billing.url", "http://127.0.0.1:" + server.getAddress().getPort(),
                // BillingClientTest waits for the breaker to half-open
                "quarkus.fault-tolerance.\"billing-idempotent\".circuit-breaker.delay", "2000");
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        System.setProperty("stubbilling.requests", Integer.toString(requests() + 1));
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        if (auth != null) {
            System.setProperty("stubbilling.lastAuthorization", auth);
        }
        String requestId = exchange.getRequestHeaders().getFirst("X-Request-Id");
        System.setProperty("stubbilling.lastRequestId", requestId == null ? "" : requestId);
        Matcher m = PATH.matcher(exchange.getRequestURI().getPath());
        String answer = m.matches() ? System.getProperty("stubbilling." + m.group(1) + "." + m.group(2), "0,0") : null;
        int status;
        String body;
        if (answer == null) {
            status = 404;
            body = "{}";
        } else if ("fail".equals(answer)) {
            status = 500;
            body = "{\"code\":\"INTERNAL\"}";
        } else {
            String[] counts = answer.split(",");
            status = 200;
            body = "{\"activeSubscriptions\":" + counts[0] + ",\"activeAssignments\":" + counts[1] + "}";
        }
        HttpStubs.sendJson(exchange, status, body);
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
