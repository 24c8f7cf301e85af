package dev.marketplace.billing.payment.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.marketplace.billing.client.PaymentProvider.RefundResult;
import dev.marketplace.billing.client.PaymentProvider.Status;
import dev.marketplace.common.error.ApiException;

/** What the payment provider's answer to a refund means for the voiding: made, refused (502), or unknown (503). */
class RefundAnswerTest {

    @Test
    void aRefundMadeGivesItsId() {
        assertEquals("re_1", RefundsForVoiding.refundMade(12, new RefundResult(Status.SUCCEEDED, "re_1", null, null)));
    }

    @Test
    void aRefusalIsA502WithTheProvidersReasonAndNothingOfOurs() {
        ApiException e = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(12,
                new RefundResult(Status.DECLINED, null, "REFUND_DECLINED", "The card issuer declined the refund")));
        assertEquals(502, e.status());
        assertEquals("PAYMENT_PROVIDER_REFUSED", e.code());
        assertEquals("The payment provider refused to refund payment 12: REFUND_DECLINED (The card issuer declined the refund);"
                + " the invoice was not voided", e.getMessage());
        // a refusal without a reason is a refusal too; a provider's long text is cut
        ApiException bare = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(3,
                new RefundResult(Status.DECLINED, "re_2", null, null)));
        assertEquals(502, bare.status());
        assertEquals("The payment provider refused to refund payment 3: no code; the invoice was not voided", bare.getMessage());
        ApiException longText = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(3,
                new RefundResult(Status.DECLINED, null, "X", "y".repeat(5000))));
        assertTrue(longText.getMessage().length() < 400);
    }

    @Test
    void noDefiniteAnswerIsA503ThatMayBeRetried() {
        ApiException e = assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(12,
                new RefundResult(Status.UNKNOWN, null, "PROVIDER_NO_ANSWER", "The payment provider did not answer")));
        assertEquals(503, e.status());
        assertEquals("PAYMENT_GATEWAY_UNAVAILABLE", e.code());
        assertEquals(503, assertThrows(ApiException.class, () -> RefundsForVoiding.refundMade(12, null)).status());
    }
}
