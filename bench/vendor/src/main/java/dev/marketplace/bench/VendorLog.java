package dev.marketplace.bench;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the SDK vendor's log says about each order: when it was notified and when its result was answered. */
final class VendorLog {
    private VendorLog() {
    }

    /** One SUBSCRIPTION_ORDER as the SDK vendor logged it: signed notification received, result POST answered. */
    record VendorEvent(String token, long received, long resolved) {
    }

    /** Where one sequential order's time went, on the machine's clock (milliseconds). */
    record Split(long toVendor, long atVendor, long backToBilling) {
    }

    private static final Pattern RECEIVED = Pattern.compile(
            "^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*AppmarketEventController +: eventUrl=\\S*/events/(\\w+) signed");
    private static final Pattern RESOLVED = Pattern.compile(
            "^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3}) .*Resolved event with eventToken=(\\w+) ");
    private static final DateTimeFormatter VENDOR_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    /** The vendor's log (Spring Boot, local time of this machine, millisecond resolution) as events. */
    static List<VendorEvent> vendorEvents(String log) {
        Map<String, Long> received = new LinkedHashMap<>();
        Map<String, Long> resolved = new HashMap<>();
        for (String line : log.split("\n")) {
            Matcher m = RECEIVED.matcher(line);
            if (m.find()) {
                received.putIfAbsent(m.group(2), epochMillis(m.group(1)));
            }
            m = RESOLVED.matcher(line);
            if (m.find()) {
                resolved.putIfAbsent(m.group(2), epochMillis(m.group(1)));
            }
        }
        List<VendorEvent> events = new ArrayList<>();
        received.forEach((token, at) -> {
            if (resolved.containsKey(token)) {
                events.add(new VendorEvent(token, at, resolved.get(token)));
            }
        });
        return events;
    }

    private static long epochMillis(String localTime) {
        return LocalDateTime.parse(localTime, VENDOR_TIME).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    }

    /**
     * Splits each sequential order at the vendor: billing's createdOn → vendor notified → vendor's result answered →
     * billing's ACTIVE (lastModified). One order at a time, so the one vendor event inside an order's window is its own.
     */
    static List<Split> splits(OrderLoad.Run run, List<VendorEvent> events) {
        List<Split> splits = new ArrayList<>();
        for (OrderLoad.Sample s : run.ok()) {
            List<VendorEvent> inside = events.stream()
                    .filter(e -> e.received() >= s.createdOn() && e.resolved() <= s.activatedOn()).toList();
            if (inside.size() == 1) {
                VendorEvent e = inside.get(0);
                splits.add(new Split(e.received() - s.createdOn(), e.resolved() - e.received(), s.activatedOn() - e.resolved()));
            }
        }
        return splits;
    }
}
