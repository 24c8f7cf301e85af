package dev.marketplace.devstack;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.icegreen.greenmail.util.GreenMail;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The devstack inbox: every email the SMTP server received and every SMS the SMS sandbox kept, on loopback.
 * <ul>
 * <li>{@code GET /api/messages[?to=]}: {@code [{"id","kind","from","to","subject","receivedAt"}]}, newest first;</li>
 * <li>{@code GET /api/messages/{id}}: the same plus {@code "text"}, {@code "html"}, {@code "links"};</li>
 * <li>{@code GET /} and {@code GET /messages/{id}}: the same as pages for a browser;</li>
 * <li>{@code GET|POST /signup/invitation/{token}}: the invitation sign-up page ({@link InvitationSignup}).</li>
 * </ul>
 */
public final class Inbox implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The pages allow no script, plugin or foreign form target; images of a message may come from anywhere. */
    private static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src * data:;"
            + " form-action 'self'";

    private final HttpServer server;
    private final ExecutorService threads;
    private final InboxMessages messages;
    private final InvitationSignup signup;

    private Inbox(HttpServer server, ExecutorService threads, InboxMessages messages, InvitationSignup signup) {
        this.server = server;
        this.threads = threads;
        this.messages = messages;
        this.signup = signup;
    }

    /**
     * Serves on {@code port} (0: any free port) the mail of {@code mail} and the SMS of {@code sms}; its sign-up page
     * calls the gateway at {@code gatewayUrl} signed with the channel consumer {@code consumerKey}.
     */
    public static Inbox start(int port, GreenMail mail, SmsSandbox sms, String gatewayUrl, String consumerKey,
            String consumerSecret) throws IOException {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        } catch (BindException e) {
            throw new IllegalStateException("Port " + port + " (the devstack inbox) is taken, probably by another devstack:"
                    + " stop it or start this one on another base port", e);
        }
        ExecutorService threads = Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "devstack-inbox");
            t.setDaemon(true);
            return t;
        });
        Inbox inbox = new Inbox(server, threads, new InboxMessages(mail, sms),
                new InvitationSignup(gatewayUrl, consumerKey, consumerSecret));
        server.setExecutor(threads);
        server.createContext("/", inbox::handle);
        server.start();
        return inbox;
    }

    /** {@code http://localhost:<port>}. */
    public String url() {
        return "http://localhost:" + server.getAddress().getPort();
    }

    /** The page of one message. */
    public String messageUrl(InboxMessage message) {
        return url() + "/messages/" + message.id();
    }

    /** The messages the console has not printed yet ({@link MailPrinter}). */
    List<InboxMessage> unannounced() {
        return messages.unannounced();
    }

    /** Newest first, those sent to {@code to} (null: all). */
    public List<InboxMessage> messages(String to) {
        return messages.list(to);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            route(exchange);
        } catch (RuntimeException | InterruptedException e) {
            System.out.println("devstack inbox: " + exchange.getRequestURI().getPath() + " failed: " + e);
        }
    }

    private void route(HttpExchange exchange) throws IOException, InterruptedException {
        try {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            String to = queryParameter(exchange, "to");
            if (path.equals("/api/messages") && method.equals("GET")) {
                ArrayNode list = JSON.createArrayNode();
                messages.list(to).forEach(m -> list.add(summary(m)));
                send(exchange, 200, "application/json", JSON.writeValueAsString(list));
            } else if (path.startsWith("/api/messages/") && method.equals("GET")) {
                Optional<InboxMessage> found = messages.find(path.substring("/api/messages/".length()));
                if (found.isEmpty()) {
                    send(exchange, 404, "application/json", "{\"code\":\"NOT_FOUND\",\"message\":\"No message with this id\"}");
                } else {
                    send(exchange, 200, "application/json", JSON.writeValueAsString(detail(found.get())));
                }
            } else if (path.equals("/") && method.equals("GET")) {
                sendPage(exchange, 200, InboxPages.list(messages.list(to), to));
            } else if (path.startsWith("/messages/") && method.equals("GET")) {
                Optional<InboxMessage> found = messages.find(path.substring("/messages/".length()));
                sendPage(exchange, found.isPresent() ? 200 : 404,
                        found.map(InboxPages::message).orElseGet(() -> InboxPages.notFound("No message with this id.")));
            } else if (path.startsWith("/signup/invitation/")) {
                signup(exchange, method, path.substring("/signup/invitation/".length()));
            } else {
                sendPage(exchange, 404, InboxPages.notFound("Nothing here: the inbox is at /."));
            }
        } catch (RuntimeException e) {
            System.out.println("devstack inbox: " + exchange.getRequestURI().getPath() + " failed: " + e);
            sendPage(exchange, 500, InboxPages.page("Error", "<h1>The inbox failed</h1><p class=\"error\">See the console.</p>"));
        }
    }

    private void signup(HttpExchange exchange, String method, String token) throws IOException, InterruptedException {
        if (!InvitationSignup.isToken(token)) {
            sendPage(exchange, 404, InboxPages.notFound("This is not an invitation link."));
        } else if (method.equals("GET")) {
            sendPage(exchange, 200, signup.form(token));
        } else if (method.equals("POST")) {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readNBytes(16 * 1024), StandardCharsets.UTF_8);
            }
            InvitationSignup.Page page = signup.register(token, body);
            sendPage(exchange, page.status(), page.html());
        } else {
            sendPage(exchange, 405, InboxPages.notFound("GET or POST this page."));
        }
    }

    private static ObjectNode summary(InboxMessage m) {
        ObjectNode node = JSON.createObjectNode();
        node.put("id", m.id());
        node.put("kind", m.kind().name());
        node.put("from", m.from());
        ArrayNode to = node.putArray("to");
        m.to().forEach(to::add);
        node.put("subject", m.subject());
        node.put("receivedAt", m.receivedAt().toString());
        return node;
    }

    private static ObjectNode detail(InboxMessage m) {
        ObjectNode node = summary(m);
        node.put("text", m.text());
        node.put("html", m.html());
        ArrayNode links = node.putArray("links");
        m.links().forEach(links::add);
        return node;
    }

    private static String queryParameter(HttpExchange exchange, String name) {
        String query = exchange.getRequestURI().getRawQuery();
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static void sendPage(HttpExchange exchange, int status, String html) throws IOException {
        exchange.getResponseHeaders().set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
        send(exchange, status, "text/html; charset=utf-8", html);
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
