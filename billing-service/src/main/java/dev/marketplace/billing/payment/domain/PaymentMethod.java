package dev.marketplace.billing.payment.domain;

/**
 * How an invoice is paid. CREDIT_CARD goes through the payment gateway; MANUAL, EXTERNAL_INVOICE and MARKETPLACE_CREDITS
 * record a payment made elsewhere (channel credentials only); PAYPAL has no adapter here and is refused.
 */
public enum PaymentMethod {
    CREDIT_CARD, PAYPAL, MANUAL, EXTERNAL_INVOICE, MARKETPLACE_CREDITS;

    /** The provider-specific values AppDirect's payment listings also filter on (none is recorded here). */
    public static final java.util.List<String> LISTING_FILTER = java.util.List.of("ADP_INVOICE", "ARIBAPAY", "BT_BILL",
            "CLICKANDBUY", "CLOUDFOUNDRY", "CREDIT_CARD", "CUMULA_BILL", "DTAG", "EXTERNAL_INVOICE", "KREDITKARTE",
            "LASTSCHRIFT_MRNEXNET", "MANO_TEO_BILL", "MANUAL", "MARKETPLACE_CREDITS", "NETS_ARVATO_INVOICE", "NEXTEL", "PAYPAL",
            "ROGERS_CC_DTMF", "ROGERS_CC_POS", "SNAP", "TBILL", "THISTLE", "TOICLEARING");
}
