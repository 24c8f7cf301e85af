package dev.marketplace.catalog.support;

import jakarta.enterprise.context.ApplicationScoped;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Small structured values (bullets, plan costs, event URLs) are kept as JSON text columns; this converts them. */
@ApplicationScoped
public class JsonText {
    private final ObjectMapper mapper;

    public JsonText(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("value cannot be serialised", e);
        }
    }

    public <T> T read(String text, TypeReference<T> type) {
        try {
            return mapper.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON cannot be read", e);
        }
    }

    public <T> T read(String text, Class<T> type) {
        try {
            return mapper.readValue(text, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON cannot be read", e);
        }
    }
}
