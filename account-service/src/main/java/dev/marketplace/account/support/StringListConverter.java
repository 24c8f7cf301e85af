package dev.marketplace.account.support;

import java.util.Arrays;
import java.util.List;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores a short list of strings (roles, value keys) in one text column, separated by a unit separator. */
@Converter
public class StringListConverter implements AttributeConverter<List<String>, String> {
    private static final String SEPARATOR = "\u001f";

    @Override
    public String convertToDatabaseColumn(List<String> values) {
        return values == null ? null : String.join(SEPARATOR, values);
    }

    @Override
    public List<String> convertToEntityAttribute(String column) {
        if (column == null) {
            return null;
        }
        return column.isEmpty() ? List.of() : Arrays.asList(column.split(SEPARATOR, -1));
    }
}
