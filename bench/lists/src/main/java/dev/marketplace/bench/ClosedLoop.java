package dev.marketplace.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/** Measures one query with closed-loop clients: each sends its next request when the previous one is answered. */
final class ClosedLoop {
    private ClosedLoop() {
    }

    record Stats(double rps, double p50, double p99, long requests, long errors) {
        String line() {
            return String.format("%8.0f req/s  p50 %7.2f ms  p99 %7.2f ms  (%d requests, %d errors)", rps, p50, p99, requests,
                    errors);
        }
    }

    /**
     * {@code clients} clients for {@code seconds}. A GraphQL answer (a request with a body) counts as an error when it
     * carries {@code errors}, as GraphQL reports them with a 200.
     */
    static Stats measure(HttpClient http, Supplier<String> url, String body, Function<String, String> authorization,
            int clients, int seconds) throws Exception {
        List<Long> samples = Collections.synchronizedList(new ArrayList<>());
        AtomicLong errors = new AtomicLong();
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < clients; i++) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    String target = url.get();
                    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(target)).timeout(Duration.ofSeconds(30))
                            .header("Authorization", authorization.apply(target)).header("Accept", "application/json");
                    HttpRequest request = body == null ? builder.GET().build()
                            : builder.header("Content-Type", "application/json")
                                    .POST(HttpRequest.BodyPublishers.ofString(body)).build();
                    long sent = System.nanoTime();
                    try {
                        // only a GraphQL answer is read: a GET's body is discarded, as the load generator shares the cores
                        boolean failed = body == null
                                ? http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() != 200
                                : graphqlFailed(http.send(request, HttpResponse.BodyHandlers.ofString()));
                        if (failed) {
                            errors.incrementAndGet();
                        }
                    } catch (Exception e) {
                        errors.incrementAndGet();
                    }
                    samples.add(System.nanoTime() - sent);
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        List<Long> sorted = new ArrayList<>(samples);
        Collections.sort(sorted);
        return new Stats(sorted.size() / elapsed, percentile(sorted, 0.50), percentile(sorted, 0.99), sorted.size(),
                errors.get());
    }

    private static double percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(p * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(index, sorted.size() - 1))) / 1e6;
    }

    private static boolean graphqlFailed(HttpResponse<String> response) {
        return response.statusCode() != 200 || response.body().contains("\"errors\"");
    }
}
