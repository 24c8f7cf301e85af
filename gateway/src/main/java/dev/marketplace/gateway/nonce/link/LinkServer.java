package dev.marketplace.gateway.nonce.link;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;

import org.jboss.logging.Logger;

import dev.marketplace.gateway.nonce.link.LinkProtocol.Answer;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;
import io.vertx.core.parsetools.RecordParser;

/** The leader's end of the nonce link: authenticates each follower connection, then answers its checks. */
public final class LinkServer {
    private static final Logger LOG = Logger.getLogger(LinkServer.class);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Answers one check where the server runs (NOT_LEADER when this replica does not lead). */
    @FunctionalInterface
    public interface Checker {
        Answer check(String consumerKey, String nonce, long expiresAt);
    }

    private final NetServer server;
    private final byte[] linkKey;
    private final Checker checker;

    public LinkServer(Vertx vertx, String host, byte[] linkKey, Checker checker) {
        this.linkKey = linkKey;
        this.checker = checker;
        this.server = vertx.createNetServer(new NetServerOptions().setHost(host).setTcpNoDelay(true).setIdleTimeout(0));
        server.connectHandler(this::accept);
    }

    /** Binds; emits the port actually bound (useful when configured as 0). */
    public Future<Integer> listen(int port) {
        return server.listen(port).map(NetServer::actualPort);
    }

    public Future<Void> close() {
        return server.close();
    }

    private void accept(NetSocket socket) {
        byte[] challenge = new byte[LinkProtocol.CHALLENGE_BYTES];
        RANDOM.nextBytes(challenge);
        RecordParser parser = RecordParser.newFixed(LinkProtocol.PROOF_BYTES);
        boolean[] authenticated = { false };
        int[] frameLength = { -1 };
        parser.handler(record -> {
            if (!authenticated[0]) {
                if (!LinkProtocol.proofMatches(linkKey, challenge, record.getBytes())) {
                    LOG.warnf("Nonce link: connection from %s refused (wrong key)", socket.remoteAddress());
                    socket.close();
                    return;
                }
                authenticated[0] = true;
                socket.write(Buffer.buffer(1).appendByte(LinkProtocol.ACCEPTED));
                parser.fixedSizeMode(4);
                return;
            }
            if (frameLength[0] < 0) {
                int length = record.getInt(0);
                if (length < 16 || length > LinkProtocol.MAX_CHECK_BYTES) {
                    socket.close();
                    return;
                }
                frameLength[0] = length;
                parser.fixedSizeMode(length);
                return;
            }
            frameLength[0] = -1;
            parser.fixedSizeMode(4);
            Buffer answer;
            try {
                answer = handle(record);
            } catch (RuntimeException malformed) {
                socket.close();
                return;
            }
            socket.write(answer);
        });
        socket.handler(parser);
        socket.exceptionHandler(e -> socket.close());
        socket.write(Buffer.buffer(LinkProtocol.GREETING_BYTES).appendBytes(LinkProtocol.MAGIC).appendByte(LinkProtocol.VERSION)
                .appendBytes(challenge));
    }

    private Buffer handle(Buffer frame) {
        int id = frame.getInt(0);
        long expiresAt = frame.getLong(4);
        int keyLength = frame.getUnsignedShort(12);
        String key = frame.getString(14, 14 + keyLength, StandardCharsets.UTF_8.name());
        int nonceLength = frame.getUnsignedShort(14 + keyLength);
        int nonceStart = 16 + keyLength;
        String nonce = frame.getString(nonceStart, nonceStart + nonceLength, StandardCharsets.UTF_8.name());
        return LinkProtocol.answer(id, checker.check(key, nonce, expiresAt));
    }
}
