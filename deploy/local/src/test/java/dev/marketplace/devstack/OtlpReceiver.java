package dev.marketplace.devstack;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

import com.sun.net.httpserver.HttpServer;

/**
 * An OpenTelemetry collector stand-in: accepts OTLP/HTTP trace exports (protobuf) from every service of the devstack
 * and keeps the spans, decoded with just enough of the protobuf wire format for the fields a test looks at.
 */
final class OtlpReceiver implements AutoCloseable {
    /** One received span. Ids are lower-case hex; {@code parentSpanId} is empty for a root span. */
    record ReceivedSpan(String service, String traceId, String spanId, String parentSpanId, String name, int kind) {
    }

    private final HttpServer server;
    private final List<ReceivedSpan> spans = new CopyOnWriteArrayList<>();

    OtlpReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                byte[] bytes = body.readAllBytes();
                if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                    bytes = new GZIPInputStream(new ByteArrayInputStream(bytes)).readAllBytes();
                }
                decodeRequest(bytes);
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, 0);
            } catch (RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1/traces";
    }

    List<ReceivedSpan> spans() {
        return List.copyOf(spans);
    }

    List<ReceivedSpan> trace(String traceId) {
        return spans.stream().filter(s -> s.traceId().equals(traceId)).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    // ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
    private void decodeRequest(byte[] bytes) {
        for (Field f : fields(bytes)) {
            if (f.number == 1) {
                decodeResourceSpans(f.bytes);
            }
        }
    }

    // ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
    private void decodeResourceSpans(byte[] bytes) {
        String service = "";
        List<byte[]> scopes = new ArrayList<>();
        for (Field f : fields(bytes)) {
            if (f.number == 1) {
                // Resource { repeated KeyValue attributes = 1; } KeyValue { string key = 1; AnyValue value = 2; }
                for (Field attribute : fields(f.bytes)) {
                    if (attribute.number != 1) {
                        continue;
                    }
                    String key = null;
                    String value = null;
                    for (Field kv : fields(attribute.bytes)) {
                        if (kv.number == 1) {
                            key = new String(kv.bytes, StandardCharsets.UTF_8);
                        } else if (kv.number == 2) {
                            for (Field any : fields(kv.bytes)) {
                                if (any.number == 1) { // AnyValue.string_value
                                    value = new String(any.bytes, StandardCharsets.UTF_8);
                                }
                            }
                        }
                    }
                    if ("service.name".equals(key) && value != null) {
                        service = value;
                    }
                }
            } else if (f.number == 2) {
                scopes.add(f.bytes);
            }
        }
        for (byte[] scope : scopes) {
            // ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
            for (Field f : fields(scope)) {
                if (f.number == 2) {
                    decodeSpan(service, f.bytes);
                }
            }
        }
    }

    // Span { bytes trace_id = 1; bytes span_id = 2; string trace_state = 3; bytes parent_span_id = 4; string name = 5;
    //        SpanKind kind = 6; ... }
    private void decodeSpan(String service, byte[] bytes) {
        String traceId = "";
        String spanId = "";
        String parent = "";
        String name = "";
        int kind = 0;
        for (Field f : fields(bytes)) {
            switch (f.number) {
                case 1 -> traceId = HexFormat.of().formatHex(f.bytes);
                case 2 -> spanId = HexFormat.of().formatHex(f.bytes);
                case 4 -> parent = HexFormat.of().formatHex(f.bytes);
                case 5 -> name = new String(f.bytes, StandardCharsets.UTF_8);
                case 6 -> kind = (int) f.varint;
                default -> {
                }
            }
        }
        spans.add(new ReceivedSpan(service, traceId, spanId, parent, name, kind));
    }

    private record Field(int number, long varint, byte[] bytes) {
    }

    /** The fields of one protobuf message: varints and length-delimited values; fixed-width ones are skipped. */
    private static List<Field> fields(byte[] bytes) {
        List<Field> fields = new ArrayList<>();
        int[] at = { 0 };
        while (at[0] < bytes.length) {
            long tag = varint(bytes, at);
            int number = (int) (tag >>> 3);
            switch ((int) (tag & 7)) {
                case 0 -> fields.add(new Field(number, varint(bytes, at), null));
                case 1 -> at[0] += 8;
                case 2 -> {
                    int length = (int) varint(bytes, at);
                    byte[] value = new byte[length];
                    System.arraycopy(bytes, at[0], value, 0, length);
                    at[0] += length;
                    fields.add(new Field(number, 0, value));
                }
                case 5 -> at[0] += 4;
                default -> throw new IllegalArgumentException("unsupported wire type in OTLP payload");
            }
        }
        return fields;
    }

    private static long varint(byte[] bytes, int[] at) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = bytes[at[0]++];
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("malformed varint");
    }
}
