package dev.marketplace.vendorsdk;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The marketplace side of the vendor protocol, just enough to drive the SDK: serves event JSON on
 * {@code GET /api/integration/v1/events/{token}} and accepts {@code POST /api/integration/v1/events/{token}/result},
 * both only when signed (OAuth 1.0a, Authorization header) with the product's key and secret. Records every request.
 */
final class FakeMarketplace implements AutoCloseable {
	static final String PREFIX = "/api/integration/v1/events/";

	record Recorded(String method, String pathAndQuery, Map<String, List<String>> headers, String body,
			OAuth1.Verification signature, int status, long receivedNanos) {
		String header(String name) {
			List<String> values = headers.get(name);
			return values == null || values.isEmpty() ? null : values.get(0);
		}
	}

	private final HttpServer server;
	private final String key;
	private final String secret;
	private final Map<String, String> events = new ConcurrentHashMap<>();
	private final Map<String, Integer> fetchStatus = new ConcurrentHashMap<>();
	private final Map<String, CompletableFuture<Recorded>> fetches = new ConcurrentHashMap<>();
	private final Map<String, CompletableFuture<Recorded>> results = new ConcurrentHashMap<>();
	final List<Recorded> requests = new CopyOnWriteArrayList<>();

	FakeMarketplace(String key, String secret) throws IOException {
		this.key = key;
		this.secret = secret;
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(Executors.newFixedThreadPool(4));
		this.server.createContext(PREFIX, this::handle);
		this.server.start();
	}

	String baseUrl() {
		return "http://127.0.0.1:" + server.getAddress().getPort();
	}

	String eventUrl(String token) {
		return baseUrl() + PREFIX + token;
	}

	/** Publishes the event JSON for a token; {@code status} other than 200 makes the fetch fail with it. */
	void publish(String token, String json, int status) {
		events.put(token, json);
		fetchStatus.put(token, status);
	}

	CompletableFuture<Recorded> fetchOf(String token) {
		return fetches.computeIfAbsent(token, t -> new CompletableFuture<>());
	}

	CompletableFuture<Recorded> resultOf(String token) {
		return results.computeIfAbsent(token, t -> new CompletableFuture<>());
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			long receivedNanos = System.nanoTime();
			String method = exchange.getRequestMethod();
			URI uri = URI.create("http://" + exchange.getRequestHeaders().getFirst("Host") + exchange.getRequestURI());
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			OAuth1.Verification signature = OAuth1.verify(method, uri,
					exchange.getRequestHeaders().getFirst("Authorization"), k -> k.equals(key) ? secret : null);
			String rest = exchange.getRequestURI().getRawPath().substring(PREFIX.length());
			boolean isResult = rest.endsWith("/result");
			String token = isResult ? rest.substring(0, rest.length() - "/result".length()) : rest;

			int status;
			String responseBody = "";
			if (!signature.valid()) {
				status = 401;
			} else if ("GET".equals(method) && !isResult && events.containsKey(token)) {
				status = fetchStatus.getOrDefault(token, 200);
				// Errors as our services send them: {code,message} body, but a plain (empty) 403 for auth failures.
				responseBody = status == 200 ? events.get(token)
						: status == 403 ? "" : "{\"code\":\"NOT_FOUND\",\"message\":\"no such event\"}";
			} else if ("POST".equals(method) && isResult) {
				status = 204;
			} else {
				status = 404;
			}
			Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
			headers.putAll(exchange.getRequestHeaders());
			Recorded recorded = new Recorded(method, exchange.getRequestURI().toString(), headers, body, signature, status,
					receivedNanos);
			requests.add(recorded);
			(isResult ? resultOf(token) : fetchOf(token)).complete(recorded);

			byte[] bytes = responseBody.getBytes(StandardCharsets.UTF_8);
			if (bytes.length > 0) {
				exchange.getResponseHeaders().set("Content-Type", "application/json");
			}
			exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
			if (bytes.length > 0) {
				try (OutputStream out = exchange.getResponseBody()) {
					out.write(bytes);
				}
			}
		}
	}

	@Override
	public void close() {
		server.stop(0);
	}
}
