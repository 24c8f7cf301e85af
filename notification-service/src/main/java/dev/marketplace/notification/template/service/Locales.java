package dev.marketplace.notification.template.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;

import io.smallrye.mutiny.Uni;

/** Locale codes as templates store them ({@code en}, {@code fr_CA}) and the fallback chain of a lookup. */
public final class Locales {
    private static final Pattern LOCALE = Pattern.compile("[A-Za-z]{2,3}([_-][A-Za-z]{2}|[_-][0-9]{3})?");

    private Locales() {
    }

    public static boolean isValid(String locale) {
        return locale != null && LOCALE.matcher(locale).matches();
    }

    /** {@code fr-ca} → {@code fr_CA}; the caller checked {@link #isValid}. */
    public static String normalize(String locale) {
        String[] parts = locale.split("[_-]");
        String language = parts[0].toLowerCase(Locale.ROOT);
        return parts.length == 1 ? language : language + "_" + parts[1].toUpperCase(Locale.ROOT);
    }

    /** {@code fr_CA} → [fr_CA, fr, <marketplace default>]; an absent or unusable locale → [default]. */
    public static List<String> chain(String requested, String marketplaceDefault) {
        List<String> chain = new ArrayList<>(3);
        if (isValid(requested)) {
            String locale = normalize(requested);
            chain.add(locale);
            int underscore = locale.indexOf('_');
            if (underscore > 0) {
                chain.add(locale.substring(0, underscore));
            }
        }
        String fallback = normalize(marketplaceDefault);
        if (!chain.contains(fallback)) {
            chain.add(fallback);
        }
        int underscore = fallback.indexOf('_');
        if (underscore > 0 && !chain.contains(fallback.substring(0, underscore))) {
            chain.add(fallback.substring(0, underscore));
        }
        return chain;
    }

    /** Tries {@code lookup} for each locale of the chain in order and emits the first non-null result (or null). */
    public static <T> Uni<T> firstInChain(List<String> chain, Function<String, Uni<T>> lookup) {
        Uni<T> result = Uni.createFrom().nullItem();
        for (String locale : chain) {
            result = result.chain(found -> found != null ? Uni.createFrom().item(found) : lookup.apply(locale));
        }
        return result;
    }
}
