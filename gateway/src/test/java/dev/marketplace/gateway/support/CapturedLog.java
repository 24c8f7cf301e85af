package dev.marketplace.gateway.support;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.jboss.logmanager.ExtLogRecord;

/** The WARN (and worse) messages one logger writes while this is open, formatted as they would be printed. */
public final class CapturedLog implements AutoCloseable {
    /** Held on to: a JUL logger nobody references may be collected, and its handler with it. */
    private final Logger logger;
    private final List<Entry> warnings = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                warnings.add(new Entry(record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage(),
                        record.getMillis()));
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private CapturedLog(Class<?> source) {
        this.logger = Logger.getLogger(source.getName());
        logger.addHandler(handler);
    }

    public static CapturedLog warningsOf(Class<?> source) {
        return new CapturedLog(source);
    }

    /** A warning as printed, and when it was written (epoch ms). */
    public record Entry(String message, long millis) {
    }

    /** The warnings that contain {@code text}. */
    public List<String> mentioning(String text) {
        return entriesMentioning(text).stream().map(Entry::message).toList();
    }

    public List<Entry> entriesMentioning(String text) {
        return warnings.stream().filter(w -> w.message().contains(text)).toList();
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
    }
}
