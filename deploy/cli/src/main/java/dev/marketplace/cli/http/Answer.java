package dev.marketplace.cli.http;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;

/** An HTTP answer, read whole: a command prints it or reads a few fields of it. */
public record Answer(int status, HttpHeaders headers, byte[] body) {

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    public boolean succeeded() {
        return status < 400;
    }
}
