package dev.marketplace.common.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

class EventEnvelopeTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void aRecordIsReadAsItsJsonTree() {
        assertEquals("COMPANY_CREATED",
                EventEnvelope.readTree(mapper, "{\"type\":\"COMPANY_CREATED\",\"payload\":{}}").path("type").asText());
    }

    @Test
    void aRecordThatIsNotJsonIsReadAsAMissingNodeWithoutType() {
        assertTrue(EventEnvelope.readTree(mapper, "not json {").isMissingNode());
        assertEquals("", EventEnvelope.readTree(mapper, "").path("type").asText());
    }
}
