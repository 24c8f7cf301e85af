package dev.marketplace.common.json;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * Every service refuses request properties it does not know, naming them (400 INVALID_FIELD), instead of Quarkus'
 * default of dropping them silently: a misspelt field must not look like a success. Payloads read from other services
 * and from Kafka stay tolerant (their records are {@code @JsonIgnoreProperties(ignoreUnknown = true)}), so that a
 * producer may add a field before its consumers know it.
 */
@Singleton
public class StrictJsonCustomizer implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }
}
