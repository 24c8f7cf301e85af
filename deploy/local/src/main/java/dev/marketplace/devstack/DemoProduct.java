package dev.marketplace.devstack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.testkit.SignpostSigner;

/**
 * The devstack's demo product, wired to the {@link SampleVendor}: a catalogue product of {@link DevStack#PARTNER} with one
 * edition priced 10 USD per user and month, whose integration settings send every event the SDK vendor handles to it
 * (non-interactive), so that a newcomer's first order becomes ACTIVE, is invoiced and can be paid (README, "Your first
 * order"). Made through the public API with the bootstrap consumer, as an operator would, and found again by its
 * {@link #REF_ID} at the next start (the data under .dev/ persists): the event URLs are set again (the vendor's port
 * follows the stack's), and the consumer secret is rotated when the vendor no longer holds it (its credentials file
 * was deleted), since the marketplace shows a secret only at creation and rotation.
 */
public record DemoProduct(long productId, long editionId, String editionCode, String name) {
    /** The product's reference id, unique in the marketplace: how the devstack finds it again. */
    public static final String REF_ID = "demo-product";
    static final String NAME = "Demo Tasks";
    static final String EDITION_CODE = "BASIC";
    /** Every event type the SDK vendor has a handler for. */
    private static final List<String> EVENTS = List.of("SUBSCRIPTION_ORDER", "SUBSCRIPTION_CANCEL", "SUBSCRIPTION_CHANGE",
            "SUBSCRIPTION_NOTICE", "USER_ASSIGNMENT", "USER_UNASSIGNMENT");
    private static final String PRODUCTS = "/api/marketplace/v1/products";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Finds or creates the demo product in the stack behind {@code gatewayUrl} and makes {@code vendor} its vendor. */
    static DemoProduct ensure(String gatewayUrl, VendorApp vendor) throws IOException, InterruptedException {
        Api api = new Api(gatewayUrl);
        JsonNode product = find(api);
        if (product == null) {
            product = api.call("POST", PRODUCTS, definition(), 201);
            vendor.trust(product.path("integration").path("consumerKey").asText(),
                    product.path("integration").path("consumerSecret").asText());
        } else if (!vendor.trusts(product.path("integration").path("consumerKey").asText())) {
            JsonNode rotated = api.call("POST", PRODUCTS + "/" + product.path("id").asLong() + "/integration/secret", null, 200);
            vendor.trust(rotated.path("consumerKey").asText(), rotated.path("consumerSecret").asText());
        }
        long id = product.path("id").asLong();
        Map<String, String> eventUrls = new LinkedHashMap<>();
        EVENTS.forEach(type -> eventUrls.put(type, vendor.eventUrlTemplate()));
        api.call("PUT", PRODUCTS + "/" + id + "/integration", Map.of("interactive", false, "eventUrls", eventUrls), 200);
        if (!"PUBLISHED".equals(product.path("status").asText())) {
            // listed on the storefront, as a product a buyer may order
            api.call("POST", PRODUCTS + "/" + id + "/publication", null, 200);
        }
        JsonNode edition = product.path("editions").get(0);
        return new DemoProduct(id, edition.path("id").asLong(), edition.path("code").asText(), product.path("name").asText());
    }

    /** The product whose refId is {@link #REF_ID}, reading the list page by page (it is usually on the first). */
    private static JsonNode find(Api api) throws IOException, InterruptedException {
        for (int page = 0; ; page++) {
            JsonNode listing = api.call("GET", PRODUCTS + "?page=" + page + "&size=1000", null, 200);
            for (JsonNode product : listing.path("content")) {
                if (REF_ID.equals(product.path("refId").asText())) {
                    return product;
                }
            }
            if (page + 1 >= listing.path("page").path("totalPages").asInt()) {
                return null;
            }
        }
    }

    private static Map<String, Object> definition() {
        return Map.of("name", NAME, "refId", REF_ID, "vendorName", "Sample Vendor",
                "description", "A demo product of the devstack's sample vendor (AppDirect's SDK): orders of it become ACTIVE",
                "editions", List.of(Map.of("code", EDITION_CODE, "name", "Basic", "rank", 1, "primary", true,
                        "revenueType", "RECURRING", "plans", List.of(Map.of("frequency", "MONTHLY", "costs", List.of(
                                Map.of("unit", "USER", "minUnits", 1, "maxUnits", 100, "amount", Map.of("USD", 10))))))));
    }

    /** A 503 worth trying again. */
    private static final class Unavailable extends RuntimeException {
        Unavailable(String message) {
            super(message, null, false, false);
        }
    }

    /** Calls of the bootstrap channel consumer through the gateway, signed with OAuth 1.0. */
    private static final class Api {
        private final String baseUrl;
        private final SignpostSigner signer = new SignpostSigner(DevStack.CONSUMER_KEY, DevStack.CONSUMER_SECRET);
        private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

        Api(String baseUrl) {
            this.baseUrl = baseUrl;
        }

        /**
         * One call; a 503 the gateway answers before forwarding (its shared state not reachable yet, just after start-up
         * on a loaded machine), or any 503 of a read or a replace, is tried again every second for up to a minute.
         */
        JsonNode call(String method, String path, Object body, int expected) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (true) {
                try {
                    return callOnce(method, path, body, expected);
                } catch (Unavailable e) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException(e.getMessage());
                    }
                    Thread.sleep(1000);
                }
            }
        }

        private JsonNode callOnce(String method, String path, Object body, int expected) throws IOException, InterruptedException {
            String url = baseUrl + path;
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                    .header("Authorization", signer.authorization(method, url, null)).header("Accept", "application/json");
            if (body == null) {
                request.method(method, HttpRequest.BodyPublishers.noBody());
            } else {
                request.header("Content-Type", "application/json")
                        .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
            }
            HttpResponse<String> answer = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            boolean repeatable = !method.equals("POST") || answer.body().contains("STATE_UNAVAILABLE");
            if (answer.statusCode() == 503 && repeatable) {
                throw new Unavailable("Demo product: " + method + " " + path + " answered 503: " + answer.body());
            }
            if (answer.statusCode() != expected) {
                throw new IllegalStateException("Demo product: " + method + " " + path + " answered " + answer.statusCode()
                        + " (expected " + expected + "): " + answer.body());
            }
            return answer.body().isEmpty() ? JSON.nullNode() : JSON.readTree(answer.body());
        }
    }
}
