package dev.marketplace.common.observability;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.jboss.logging.MDC;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * The first handler of every service and of the gateway: gives each request its id, the caller's {@code X-Request-Id}
 * when it is well-formed (1 to {@value #MAX_LENGTH} letters, digits and {@code - _ . : + / =}, so that it can forge
 * neither a log line nor a header), else a new random UUID. The id goes on the answer, into the request's MDC
 * ({@code requestId}: every log line of the request carries it, as {@code mdc.requestId} in JSON logs). A malformed
 * id is replaced on the request too, so that whatever reads the header later (the gateway forwarding it to a service) sees the same id.
 */
@ApplicationScoped
public class RequestIds {
    public static final String HEADER = "X-Request-Id";
    public static final String MDC_KEY = "requestId";
    public static final int MAX_LENGTH = 128;
    /** Before every other route handler (the gateway's own start at -1,002). */
    static final int ORDER = -1_100;

    void mount(@Observes Router router) {
        router.route().order(ORDER).handler(RequestIds::handle);
    }

    static void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String given = request.getHeader(HEADER);
        String id = wellFormed(given) ? given : newId();
        if (!id.equals(given)) {
            request.headers().set(HEADER, id);
        }
        request.response().putHeader(HEADER, id);
        MDC.put(MDC_KEY, id);
        ctx.next();
    }

    /** The id of the request being served on this thread or Vert.x context, or null outside a request. */
    public static String current() {
        Object id = MDC.get(MDC_KEY);
        return id == null ? null : id.toString();
    }

    /** The id of the request {@code response} answers (put on it by {@link #handle}), for answers written outside JAX-RS. */
    public static String of(io.vertx.core.http.HttpServerResponse response) {
        return response.headers().get(HEADER);
    }

    /** Only what cannot forge a log line or a header: no spaces, quotes, control characters or separators. */
    public static boolean wellFormed(String id) {
        if (id == null || id.isEmpty() || id.length() > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            boolean safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
                    || c == '.' || c == ':' || c == '+' || c == '/' || c == '=';
            if (!safe) {
                return false;
            }
        }
        return true;
    }

    /** A version 4 UUID from the thread's own generator: ids need to be unique, not unguessable (no SecureRandom lock). */
    public static String newId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(high, low).toString();
    }
}
