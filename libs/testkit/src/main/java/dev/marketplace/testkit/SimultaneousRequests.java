package dev.marketplace.testkit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.eclipse.microprofile.config.ConfigProvider;

import io.restassured.RestAssured;

/**
 * Many requests released at the same instant against the service under test, each on its own thread and connection, as
 * a burst of clients would send them: the proof that a service's lists answer when more requests arrive together than
 * its database pool has connections (a request that held one connection while it waited for another froze the pool).
 */
public final class SimultaneousRequests {
    /** What one request got: its status (0 when it got no answer) and how long it took. */
    public record Answer(String path, int status, Duration took, String failure) {
        @Override
        public String toString() {
            return path + " -> " + (failure != null ? failure : status) + " in " + took.toMillis() + " ms";
        }
    }

    private SimultaneousRequests() {
    }

    /** The reactive pool's size of the service under test ({@code quarkus.datasource.reactive.max-size}). */
    public static int poolSize() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.datasource.reactive.max-size", Integer.class)
                .orElse(20);
    }

    /** The base URL of the service under test (the port Quarkus' test set-up gave REST Assured). */
    public static String baseUrl() {
        return "http://localhost:" + RestAssured.port;
    }

    /**
     * Sends {@code copies} GETs of each path in {@code paths} (relative to the service) with {@code authorization}, all
     * released together, and waits for every answer up to {@code patience}.
     */
    public static List<Answer> get(List<String> paths, int copies, String authorization, Duration patience) {
        List<String> all = new ArrayList<>();
        for (int i = 0; i < copies; i++) {
            all.addAll(paths);
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        ExecutorService threads = Executors.newFixedThreadPool(all.size());
        CountDownLatch ready = new CountDownLatch(all.size());
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Answer>> pending = new ArrayList<>();
            for (String path : all) {
                HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl() + path)).timeout(patience)
                        .header("Authorization", authorization).header("Accept", "application/json").GET().build();
                pending.add(threads.submit(() -> {
                    ready.countDown();
                    go.await();
                    long start = System.nanoTime();
                    try {
                        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                        return new Answer(path, response.statusCode(), Duration.ofNanos(System.nanoTime() - start), null);
                    } catch (IOException e) {
                        return new Answer(path, 0, Duration.ofNanos(System.nanoTime() - start), e.toString());
                    }
                }));
            }
            ready.await();
            go.countDown();
            List<Answer> answers = new ArrayList<>();
            for (Future<Answer> answer : pending) {
                answers.add(answer.get());
            }
            return answers;
        } catch (Exception e) {
            throw new IllegalStateException("The simultaneous requests could not be sent", e);
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * Four times the pool's size of simultaneous GETs, spread over {@code paths}: every one must be answered 200 within
     * {@code bound}. A first burst, unmeasured, warms the paths up so that the second measures the pool, not the JIT
     * compiling the lists' code on a small machine (a deadlock fails both: with the pool's bounded wait, as 503s).
     */
    public static List<Answer> assertAllAnswered(List<String> paths, String authorization, Duration bound) {
        int copies = Math.max(1, (4 * poolSize() + paths.size() - 1) / paths.size());
        get(paths, copies, authorization, Duration.ofSeconds(30));
        List<Answer> answers = get(paths, copies, authorization, bound.plusSeconds(10));
        long[] millis = answers.stream().mapToLong(a -> a.took().toMillis()).sorted().toArray();
        System.out.printf("%d simultaneous requests over %d lists: p50 %d ms, max %d ms%n", answers.size(), paths.size(),
                millis[millis.length / 2], millis[millis.length - 1]);
        List<Answer> late = answers.stream().filter(a -> a.status() != 200 || a.took().compareTo(bound) > 0).toList();
        assertTrue(late.isEmpty(), late.size() + " of " + answers.size() + " simultaneous requests were not answered 200 within "
                + bound.toMillis() + " ms: " + late.stream().limit(10).map(Answer::toString)
                        .collect(Collectors.joining("; ")));
        return answers;
    }
}
