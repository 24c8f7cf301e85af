package dev.marketplace.common.events;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.marketplace.common.security.Caller;

/** The {@code creator} of an event envelope: who caused the change. */
public final class EventCreator {
    private EventCreator() {
    }

    /** The calling consumer and, when acting as one, the user ({@code consumerKey}, {@code uuid}). */
    public static Map<String, Object> of(Caller caller) {
        Map<String, Object> creator = new LinkedHashMap<>();
        creator.put("consumerKey", caller.consumerKey());
        caller.user().ifPresent(user -> creator.put("uuid", user.toString()));
        return creator;
    }

    /** A change a service made on its own (a scheduled job, an answer from outside): {@code {"source": <service>}}. */
    public static Map<String, Object> system(String source) {
        Map<String, Object> creator = new LinkedHashMap<>();
        creator.put("source", source);
        return creator;
    }

    /** A vendor's answer about its product: {@code {"source": "vendor", "productId": ...}}. */
    public static Map<String, Object> vendor(long productId) {
        Map<String, Object> creator = new LinkedHashMap<>();
        creator.put("source", "vendor");
        creator.put("productId", productId);
        return creator;
    }
}
