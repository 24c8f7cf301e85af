package dev.marketplace.billing.payment.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.client.PaymentGatewayApi.RefundAnswer;
import dev.marketplace.billing.client.PaymentProvider.RefundResult;
import dev.marketplace.billing.client.PaymentProvider.Status;
import dev.marketplace.common.error.ApiException;

/** What a refund's answer means for the voiding: made, refused by the provider (502), or unknown (503). */
class RefundAnswerTest {

    @Test
    void aRefundMadeGivesItsId() {
        RefundResult made = RefundsForVoiding.asProviderResult(new RefundAnswer("re_1", "REFUNDED", null, null));
        assertEquals(Status.SUCCEEDED, made.status());
        assertEquals("re_1", RefundsForVoiding.refundMade(12, made));
    }

    @Test
    void aRefusalIsA502WithTheProvidersReasonAndNothingOfOurs() {
        RefundResult refused = RefundsForVoiding.asProviderResult(new RefundAnswer(null, "DECLINED", "REFUND_DECLINED",
                "The card issuer declined the refund"));
        assertEquals(Status.DECLINED, refused.status());
        ApiException e = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(12, refused));
        assertEquals(502, e.status());
        assertEquals("PAYMENT_PROVIDER_REFUSED", e.code());
        assertEquals("The payment provider refused to refund payment 12: REFUND_DECLINED (The card issuer declined the refund);"
                + " the invoice was not voided", e.getMessage());
        // a failed refund is a refusal too, even without a reason; a provider's long text is cut
        ApiException failed = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(3,
                RefundsForVoiding.asProviderResult(new RefundAnswer("re_2", "FAILED", null, null))));
        assertEquals(502, failed.status());
        assertEquals("The payment provider refused to refund payment 3: no code; the invoice was not voided", failed.getMessage());
        ApiException longText = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(3,
                new RefundResult(Status.DECLINED, null, "X", "y".repeat(5000))));
        assertEquals(true, longText.getMessage().length() < 400);
    }

    @Test
    void noDefiniteAnswerIsA503ThatMayBeRetried() {
        RefundResult unknown = RefundsForVoiding.asProviderResult(new RefundAnswer(null, null, null, null));
        assertEquals(Status.UNKNOWN, unknown.status());
        ApiException e = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(12, unknown));
        assertEquals(503, e.status());
        assertEquals("PAYMENT_GATEWAY_UNAVAILABLE", e.code());
        assertEquals(Status.UNKNOWN, RefundsForVoiding.asProviderResult(null).status());
    }
}
