package dev.marketplace.account;

import java.io.ByteArrayOutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * A tiny UDP DNS server answering TXT queries, used as the domain-verification resolver
 * ({@code marketplace.account.dns.server}). Records live in JVM system properties ({@code fakedns.<name>}) so a test
 * (whatever its class loader) can publish one with {@link #txt(String, String)}; unknown names get NXDOMAIN.
 */
public class FakeDns implements QuarkusTestResourceLifecycleManager {
    private static final String PREFIX = "fakedns.";
    private DatagramSocket socket;

    public static void txt(String name, String value) {
        System.setProperty(PREFIX + name.toLowerCase(Locale.ROOT), value);
    }

    @Override
    public Map<String, String> start() {
        try {
            socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        Thread thread = new Thread(this::serve, "fake-dns");
        thread.setDaemon(true);
        thread.start();
        return Map.of("marketplace.account.dns.server", "127.0.0.1:" + socket.getLocalPort(),
                "marketplace.account.dns.timeout", "2s");
    }

    @Override
    public void stop() {
        if (socket != null) {
            socket.close();
        }
    }

    private void serve() {
        byte[] buffer = new byte[512];
        while (!socket.isClosed()) {
            try {
                DatagramPacket in = new DatagramPacket(buffer, buffer.length);
                socket.receive(in);
                byte[] answer = answer(buffer, in.getLength());
                socket.send(new DatagramPacket(answer, answer.length, in.getSocketAddress()));
            } catch (Exception e) {
                if (socket.isClosed()) {
                    return;
                }
            }
        }
    }

    private static byte[] answer(byte[] q, int length) {
        // header (12 bytes), then the question: labels, type (2), class (2)
        int pos = 12;
        StringBuilder name = new StringBuilder();
        while (q[pos] != 0) {
            int len = q[pos] & 0xff;
            if (name.length() > 0) {
                name.append('.');
            }
            name.append(new String(q, pos + 1, len, StandardCharsets.US_ASCII));
            pos += len + 1;
        }
        int questionEnd = pos + 5;
        int type = ((q[pos + 1] & 0xff) << 8) | (q[pos + 2] & 0xff);
        String value = type == 16 ? System.getProperty(PREFIX + name.toString().toLowerCase(Locale.ROOT)) : null;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(q[0]);
        out.write(q[1]);
        out.write(0x81); // response, recursion desired
        out.write(value == null ? 0x83 : 0x80); // recursion available, NXDOMAIN or NOERROR
        out.writeBytes(new byte[] { 0, 1, 0, (byte) (value == null ? 0 : 1), 0, 0, 0, 0 });
        out.write(q, 12, questionEnd - 12);
        if (value != null) {
            byte[] text = value.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(new byte[] { (byte) 0xc0, 0x0c, 0, 16, 0, 1, 0, 0, 0, 60 });
            out.write((text.length + 1) >> 8);
            out.write((text.length + 1) & 0xff);
            out.write(text.length);
            out.writeBytes(text);
        }
        return out.toByteArray();
    }
}
