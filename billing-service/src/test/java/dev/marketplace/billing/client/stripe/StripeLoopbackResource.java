package dev.marketplace.billing.client.stripe;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** The Stripe loopback ({@link StripeLoopback}) as Stripe's API base, for the tests of the stripe profile. */
public class StripeLoopbackResource implements QuarkusTestResourceLifecycleManager {
    /** A test secret key: what the SDK must send as {@code Authorization: Bearer ...}, and what no log may show. */
    public static final String API_KEY = "sk_test_51LoopbackSecretKeyQ7x2Zr9";

    private static StripeLoopback loopback;

    public static StripeLoopback loopback() {
        return loopback;
    }

    @Override
    public Map<String, String> start() {
        loopback = StripeLoopback.start(API_KEY);
        return Map.of("marketplace.billing.payment-provider.stripe.api-base", loopback.url(),
                "marketplace.billing.payment-provider.stripe.api-key", API_KEY);
    }

    @Override
    public void stop() {
        if (loopback != null) {
            loopback.close();
        }
    }
}
