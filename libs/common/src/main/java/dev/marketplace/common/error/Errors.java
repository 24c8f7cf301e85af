package dev.marketplace.common.error;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Builds responses carrying the standard error body. */
public final class Errors {
    public static final String FORBIDDEN_CODE = "FORBIDDEN";
    /** Same text for every authentication or authorization failure: it must not hint at which check failed. */
    public static final String FORBIDDEN_MESSAGE = "Access is denied";

    private Errors() {
    }

    public static Response response(int status, String code, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(new ErrorBody(code, message)).build();
    }

    public static Response forbidden() {
        return response(403, FORBIDDEN_CODE, FORBIDDEN_MESSAGE);
    }

    /** The forbidden body of request {@code requestId} as JSON text, for places outside JAX-RS (the gateway's filters). */
    public static String forbiddenJson(String requestId) {
        return json(FORBIDDEN_CODE, FORBIDDEN_MESSAGE, requestId);
    }

    /** The error body as JSON text; no {@code requestId} member when {@code requestId} is null (outside a request). */
    public static String json(String code, String message, String requestId) {
        String body = "{\"code\":\"" + escape(code) + "\",\"message\":\"" + escape(message) + "\"";
        return (requestId == null ? body : body + ",\"requestId\":\"" + escape(requestId) + "\"") + "}";
    }

    private static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }
}
