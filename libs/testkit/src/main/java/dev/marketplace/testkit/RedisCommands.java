package dev.marketplace.testkit;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Commands to the JVM's redis-server ({@link Redis}) on a connection of their own, as an operator's redis-cli would send
 * them: {@code CONFIG SET maxmemory} to make Redis as small as a test needs, {@code INFO memory} to see what it holds.
 */
public final class RedisCommands {
    private RedisCommands() {
    }

    /** The reply: a status or error line as is, a bulk string's content. */
    public static String command(String... command) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", Redis.port())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(resp(command));
            InputStream in = new BufferedInputStream(socket.getInputStream());
            String first = line(in);
            if (!first.startsWith("$")) {
                return first;
            }
            int length = Integer.parseInt(first.substring(1));
            byte[] bulk = in.readNBytes(length);
            return new String(bulk, StandardCharsets.UTF_8);
        }
    }

    /** A field of {@code INFO memory}, e.g. {@code used_memory}. */
    public static long memoryInfo(String field) throws IOException {
        for (String line : command("INFO", "memory").split("\r\n")) {
            if (line.startsWith(field + ":")) {
                return Long.parseLong(line.substring(field.length() + 1).trim());
            }
        }
        throw new IllegalStateException("INFO memory has no " + field);
    }

    /**
     * Redis busy for a while ({@code DEBUG SLEEP} on a connection of its own): every command waits behind it. Closing
     * waits for Redis to wake up.
     */
    public static Asleep sleep(double seconds) throws IOException, InterruptedException {
        Socket socket = new Socket("127.0.0.1", Redis.port());
        socket.getOutputStream().write(resp("DEBUG", "SLEEP", Double.toString(seconds)));
        socket.getOutputStream().flush();
        // let Redis read it and fall asleep before the call under test is sent
        Thread.sleep(50);
        return new Asleep(socket);
    }

    /** A sleeping Redis; {@link #close()} waits for its "+OK". */
    public static final class Asleep implements AutoCloseable {
        private final Socket socket;

        private Asleep(Socket socket) {
            this.socket = socket;
        }

        @Override
        public void close() throws IOException {
            try (socket) {
                socket.setSoTimeout(5000);
                String reply = line(new BufferedInputStream(socket.getInputStream()));
                if (!"+OK".equals(reply)) {
                    throw new IllegalStateException("DEBUG SLEEP answered " + reply);
                }
            }
        }
    }

    /** A command as Redis reads it (RESP: an array of bulk strings). */
    private static byte[] resp(String... command) {
        StringBuilder resp = new StringBuilder("*" + command.length + "\r\n");
        for (String part : command) {
            resp.append('$').append(part.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(part).append("\r\n");
        }
        return resp.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
