package dev.marketplace.notification.vendorevent.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.marketplace.notification.vendorevent.domain.VendorEvent;

/**
 * The VENDOR_EVENT_RESULT payload is now the typed {@code VendorResult} record: its JSON is exactly what the map this
 * service wrote before produced (field names, order, nulls), which billing-service's consumer reads.
 */
class VendorResultJsonTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private static VendorEvent event(String type, UUID id) {
        VendorEvent e = new VendorEvent();
        e.id = id;
        e.eventType = type;
        e.subscriptionId = "3f8a2c1e-0000-4000-8000-000000000001";
        e.token = "0123456789abcdef0123456789abcdef";
        e.productId = 42;
        e.userUuid = "7d1e0c55-0000-4000-8000-000000000002";
        e.createdOn = Instant.EPOCH;
        return e;
    }

    @Test
    void anOrderResultIsWrittenAsBefore() throws Exception {
        UUID id = UUID.fromString("11111111-2222-4333-8444-555555555555");
        VendorEvent e = event("SUBSCRIPTION_ORDER", id);
        e.resultSuccess = true;
        e.accountIdentifier = "acct-1";
        e.errorMessage = "Account created";
        e.resultSource = "RESULT";
        assertEquals("{\"eventType\":\"SUBSCRIPTION_ORDER\",\"subscriptionId\":\"3f8a2c1e-0000-4000-8000-000000000001\","
                + "\"sourceEventId\":\"11111111-2222-4333-8444-555555555555\",\"eventToken\":\"0123456789abcdef0123456789abcdef\","
                + "\"productId\":42,\"success\":true,\"accountIdentifier\":\"acct-1\",\"errorCode\":null,"
                + "\"message\":\"Account created\",\"resultSource\":\"RESULT\"}",
                MAPPER.writeValueAsString(VendorOutcomeEvents.resultOf(e)));
    }

    @Test
    void aUserEventResultCarriesTheUserAsBefore() throws Exception {
        UUID id = UUID.fromString("11111111-2222-4333-8444-666666666666");
        VendorEvent e = event("USER_ASSIGNMENT", id);
        e.resultSuccess = false;
        e.errorCode = "USER_NOT_FOUND";
        e.resultSource = "MANUAL";
        assertEquals("{\"eventType\":\"USER_ASSIGNMENT\",\"subscriptionId\":\"3f8a2c1e-0000-4000-8000-000000000001\","
                + "\"sourceEventId\":\"11111111-2222-4333-8444-666666666666\",\"eventToken\":\"0123456789abcdef0123456789abcdef\","
                + "\"productId\":42,\"success\":false,\"accountIdentifier\":null,\"errorCode\":\"USER_NOT_FOUND\","
                + "\"message\":null,\"userUuid\":\"7d1e0c55-0000-4000-8000-000000000002\",\"resultSource\":\"MANUAL\"}",
                MAPPER.writeValueAsString(VendorOutcomeEvents.resultOf(e)));
    }
}
