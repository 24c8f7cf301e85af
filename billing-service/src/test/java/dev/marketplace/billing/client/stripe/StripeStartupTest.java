package dev.marketplace.billing.client.stripe;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.config.BillingConfig;

/**
 * A marketplace on the sandbox starts without a Stripe key (the SDK's client is only built when a key is set); one
 * configured for Stripe refuses to start without its key, naming the variable and never a key (plain JUnit).
 */
class StripeStartupTest {

    @Test
    void theSandboxNeedsNoKeyAndStripeRefusesToStartWithoutOne() {
        assertDoesNotThrow(() -> new StripePaymentProvider(config("sandbox", Optional.empty())).refuseToStartWithoutKey(null));
        assertDoesNotThrow(() -> new StripePaymentProvider(config("sandbox", Optional.of(""))).refuseToStartWithoutKey(null));
        assertDoesNotThrow(() -> new StripePaymentProvider(config("stripe", Optional.of("sk_test_x"))).refuseToStartWithoutKey(null));

        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> new StripePaymentProvider(config("stripe", Optional.of(" "))).refuseToStartWithoutKey(null));
        assertEquals("marketplace.billing.payment-provider.kind is stripe but no API key is set (STRIPE_API_KEY)",
                refused.getMessage());
    }

    /** The configuration's few values the provider reads, as SmallRye Config would hand them over. */
    private static BillingConfig config(String kind, Optional<String> apiKey) {
        BillingConfig.PaymentProvider.Stripe stripe = proxy(BillingConfig.PaymentProvider.Stripe.class, Map.of(
                "apiKey", apiKey, "apiBase", URI.create("http://127.0.0.1:1"), "timeout", Duration.ofSeconds(10)));
        BillingConfig.PaymentProvider provider = proxy(BillingConfig.PaymentProvider.class,
                Map.of("kind", kind, "stripe", stripe));
        return proxy(BillingConfig.class, Map.of("paymentProvider", provider));
    }

    private static <T> T proxy(Class<T> type, Map<String, Object> values) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (self, method, args) -> {
            if (!values.containsKey(method.getName())) {
                throw new UnsupportedOperationException(method.getName());
            }
            return values.get(method.getName());
        }));
    }
}
