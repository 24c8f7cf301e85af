package dev.marketplace.common.json;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * Every service refuses request properties it does not know, naming them (400 INVALID_FIELD), instead of Quarkus'
 * default of dropping them silently: a misspelt field must not look like a success. Numbers are not read as booleans,
 * nor fractions as integers. Payloads read from other services
 * and from Kafka stay tolerant (their records are {@code @JsonIgnoreProperties(ignoreUnknown = true)}), so that a
 * producer may add a field before its consumers know it.
 */
@Singleton
public class StrictJsonCustomizer implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        // no silent guesses: 1 is not true, and 2.5 is not the integer 2
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    }
}
