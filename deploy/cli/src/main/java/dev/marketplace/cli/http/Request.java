package dev.marketplace.cli.http;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A request as the user wrote it: method, absolute URI, extra headers (name, value) in order and an optional body.
 * {@link #contentType()} is the one the body goes with: the user's, else JSON.
 */
public record Request(String method, URI uri, List<Header> headers, byte[] body) {
    public static final String JSON = "application/json";
    public static final String FORM = "application/x-www-form-urlencoded";

    public record Header(String name, String value) {
    }

    public Request {
        headers = List.copyOf(headers);
    }

    public static Request of(String method, URI uri) {
        return new Request(method, uri, List.of(), null);
    }

    public Request withJson(byte[] json) {
        List<Header> all = new ArrayList<>(headers);
        all.add(new Header("Content-Type", JSON));
        return new Request(method, uri, all, json);
    }

    public Optional<String> header(String name) {
        return headers.stream().filter(h -> h.name().equalsIgnoreCase(name)).map(Header::value).findFirst();
    }

    /** The body's content type: the one given with -H, else application/json; null without a body. */
    public String contentType() {
        if (body == null) {
            return null;
        }
        return header("Content-Type").orElse(JSON);
    }

    /** A form-encoded body takes part in the OAuth 1.0 signature (RFC 5849 §3.4.1.3.1); any other body does not. */
    public boolean formBody() {
        String type = contentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith(FORM);
    }
}
