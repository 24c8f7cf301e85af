package dev.marketplace.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.marketplace.testkit.SignpostSigner;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * The load: orders placed through the gateway with signed requests, one at a time or several in flight, each polled
 * until its subscription is ACTIVE.
 */
final class OrderLoad {
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final SignpostSigner signer;
    private final String gateway;
    private final long pollMillis;
    private final Duration orderTimeout;
    private long productId;
    private long editionId;
    private String subscriptionsPath;

    OrderLoad(String gateway, SignpostSigner signer, long pollMillis, Duration orderTimeout) {
        this.gateway = gateway;
        this.signer = signer;
        this.pollMillis = pollMillis;
        this.orderTimeout = orderTimeout;
    }

    /** What is ordered, and where. */
    void orders(long productId, long editionId, String subscriptionsPath) {
        this.productId = productId;
        this.editionId = editionId;
        this.subscriptionsPath = subscriptionsPath;
    }

    /** One answer of the gateway, with the moments the request left and the answer was complete. */
    record Answer(int status, String body, long sentNanos, long receivedNanos) {
        JsonObject json() {
            return new JsonObject(body);
        }

        long roundTrip() {
            return receivedNanos - sentNanos;
        }
    }

    /**
     * One order. {@code latency}: order request sent → ACTIVE answer received. {@code cycle}: the window in which the
     * subscription became ACTIVE (from the send of the last request that still saw it pending to the ACTIVE answer), the
     * measurement's uncertainty. {@code serverMillis}: billing's own createdOn → lastModified of the ACTIVE subscription.
     */
    record Sample(String failure, long latency, long post, long cycle, long createdOn, long activatedOn,
            List<Long> pollRoundTrips) {
        boolean ok() {
            return failure == null;
        }

        static Sample failed(String why, List<Long> pollRoundTrips) {
            return new Sample(why, 0, 0, 0, 0, 0, pollRoundTrips);
        }

        long serverMillis() {
            return activatedOn - createdOn;
        }
    }

    record Run(String title, List<Sample> samples, long wallNanos) {
        List<Sample> ok() {
            return samples.stream().filter(Sample::ok).toList();
        }

        List<Sample> failed() {
            return samples.stream().filter(s -> !s.ok()).toList();
        }
    }

    private JsonObject orderBody() {
        return new JsonObject().put("productId", productId).put("editionId", editionId)
                .put("items", new JsonArray().add(new JsonObject().put("unit", "USER").put("quantity", 5)))
                .put("company", new JsonObject().put("name", "Bench Buyer Inc").put("country", "US"))
                .put("user", new JsonObject().put("email", "bea@bench.example").put("firstName", "Bea").put("lastName", "Buyer"));
    }

    Run sequential(String title, int count) {
        List<Sample> samples = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            samples.add(order());
            progress(i + 1, count);
        }
        return new Run(title, samples, System.nanoTime() - start);
    }

    Run concurrent(int inFlight, int count) throws InterruptedException {
        List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger next = new AtomicInteger();
        ExecutorService workers = Executors.newFixedThreadPool(inFlight);
        long start = System.nanoTime();
        for (int w = 0; w < inFlight; w++) {
            workers.execute(() -> {
                int n;
                while ((n = next.incrementAndGet()) <= count) {
                    samples.add(order());
                    progress(n, count);
                }
            });
        }
        workers.shutdown();
        workers.awaitTermination(count * orderTimeout.toSeconds() + 60, TimeUnit.SECONDS);
        return new Run("concurrent: " + inFlight + " orders in flight (each worker orders again as soon as its order is ACTIVE)",
                new ArrayList<>(samples), System.nanoTime() - start);
    }

    private static void progress(int done, int count) {
        if (done % 25 == 0 || done == count) {
            System.out.println("bench:   " + done + "/" + count);
        }
    }

    /** Places one order and polls the subscription until it is ACTIVE (or FAILED, or the timeout). */
    private Sample order() {
        List<Long> polls = new ArrayList<>();
        try {
            Answer post = call("POST", subscriptionsPath, orderBody());
            if (post.status() != 201) {
                return Sample.failed("order answered " + post.status() + ": " + post.body(), polls);
            }
            long t0 = post.sentNanos();
            String id = post.json().getString("id");
            String path = "/api/billing/v1/subscriptions/" + id;
            long stillPendingAt = t0; // the last request sent after which the subscription was seen not ACTIVE
            String last = post.json().getString("status");
            long deadline = t0 + orderTimeout.toNanos();
            while (System.nanoTime() < deadline) {
                Thread.sleep(pollMillis);
                Answer get = call("GET", path, null);
                polls.add(get.roundTrip());
                if (get.status() != 200) {
                    last = "HTTP " + get.status() + " " + get.body();
                    continue;
                }
                JsonObject s = get.json();
                last = s.getString("status");
                if ("ACTIVE".equals(last)) {
                    return new Sample(null, get.receivedNanos() - t0, post.roundTrip(), get.receivedNanos() - stillPendingAt,
                            s.getLong("createdOn"), s.getLong("lastModified"), polls);
                }
                if (!last.startsWith("PENDING")) {
                    return Sample.failed("subscription " + id + " became " + last + ": " + s.getValue("error"), polls);
                }
                stillPendingAt = get.sentNanos();
            }
            return Sample.failed("subscription " + id + " still " + last + " after " + orderTimeout.toSeconds() + " s", polls);
        } catch (Exception e) {
            return Sample.failed("order request failed: " + e, polls);
        }
    }

    Answer call(String method, String pathAndQuery, JsonObject body) throws IOException, InterruptedException {
        String url = gateway + pathAndQuery;
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Authorization", signer.authorization(method, url, null)).header("Accept", "application/json");
        if (body != null) {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body.encode()));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpRequest built = request.build();
        long sent = System.nanoTime();
        HttpResponse<String> response = http.send(built, HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.body(), sent, System.nanoTime());
    }
}
