package dev.marketplace.gateway.nonce.link;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

import dev.marketplace.gateway.nonce.link.LinkProtocol.Answer;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetSocket;
import io.vertx.core.parsetools.RecordParser;

/**
 * A follower's end of the nonce link, used from one event loop only (one per loop: the connection then lives on the
 * thread that serves the request). Checks are pipelined over one connection to the current leader. A check fails with
 * {@link LinkFailure}, which says whether the leader may have recorded the nonce: a check never sent can be asked again
 * elsewhere, one whose answer was lost cannot (asking again would call the first use a replay).
 */
public final class LinkClient {
    /** A check that got no answer. */
    public static final class LinkFailure extends RuntimeException {
        private final boolean sent;

        LinkFailure(String message, boolean sent) {
            super(message, null, false, false);
            this.sent = sent;
        }

        /** True when the leader may have received (and recorded) the nonce. */
        public boolean sent() {
            return sent;
        }
    }

    private record Pending(int id, Buffer frame, Promise<Answer> answer, long timer) {
    }

    private final Vertx vertx;
    private final NetClient client;
    private final byte[] linkKey;
    private final long timeoutMillis;
    private final Map<Integer, Pending> inFlight = new HashMap<>();
    private final ArrayDeque<Pending> queued = new ArrayDeque<>();
    private String address;
    private NetSocket socket;
    private boolean ready;
    private boolean connecting;
    private int nextId;

    public LinkClient(Vertx vertx, byte[] linkKey, long timeoutMillis) {
        this.vertx = vertx;
        this.linkKey = linkKey;
        this.timeoutMillis = timeoutMillis;
        this.client = vertx.createNetClient(new NetClientOptions().setTcpNoDelay(true)
                .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, timeoutMillis)));
    }

    /** Asks the leader at {@code leader} ({@code host:port}) about a nonce. */
    public Future<Answer> check(String leader, String consumerKey, String nonce, long expiresAt) {
        if (!leader.equals(address)) {
            disconnect("the leader changed");
            address = leader;
        }
        int id = nextId++;
        Promise<Answer> answer = Promise.promise();
        long timer = vertx.setTimer(timeoutMillis, t -> timedOut(id));
        Pending pending = new Pending(id, LinkProtocol.check(id, consumerKey, nonce, expiresAt), answer, timer);
        if (ready) {
            send(pending);
        } else {
            queued.add(pending);
            if (socket == null && !connecting) {
                connect();
            }
        }
        return answer.future();
    }

    public void close() {
        disconnect("closing");
        client.close();
    }

    private void send(Pending pending) {
        inFlight.put(pending.id(), pending);
        socket.write(pending.frame());
    }

    private void connect() {
        String target = address;
        int colon = target.lastIndexOf(':');
        String host = target.substring(0, colon);
        int port = Integer.parseInt(target.substring(colon + 1));
        // checks arriving meanwhile queue instead of opening more connections
        connecting = true;
        client.connect(port, host).onComplete(result -> {
            if (!target.equals(address) || !connecting) {
                if (result.succeeded()) {
                    result.result().close();
                }
                return;
            }
            connecting = false;
            if (result.failed()) {
                failAll("cannot reach the nonce leader at " + target + ": " + result.cause().getMessage());
                return;
            }
            handshake(result.result(), target);
        });
    }

    private void handshake(NetSocket opened, String target) {
        socket = opened;
        RecordParser parser = RecordParser.newFixed(LinkProtocol.GREETING_BYTES);
        int[] stage = { 0 };
        parser.handler(record -> {
            if (stage[0] == 0) {
                byte[] magic = record.getBytes(0, LinkProtocol.MAGIC.length);
                if (!java.util.Arrays.equals(magic, LinkProtocol.MAGIC) || record.getByte(4) != LinkProtocol.VERSION) {
                    opened.close();
                    return;
                }
                byte[] challenge = record.getBytes(5, LinkProtocol.GREETING_BYTES);
                opened.write(Buffer.buffer(LinkProtocol.proof(linkKey, challenge)));
                stage[0] = 1;
                parser.fixedSizeMode(1);
            } else if (stage[0] == 1) {
                if (record.getByte(0) != LinkProtocol.ACCEPTED) {
                    opened.close();
                    return;
                }
                stage[0] = 2;
                parser.fixedSizeMode(LinkProtocol.ANSWER_BYTES);
                ready = true;
                while (!queued.isEmpty()) {
                    send(queued.poll());
                }
            } else {
                Pending pending = inFlight.remove(record.getInt(0));
                if (pending != null) {
                    vertx.cancelTimer(pending.timer());
                    pending.answer().tryComplete(Answer.of(record.getByte(4)));
                }
            }
        });
        opened.handler(parser);
        opened.exceptionHandler(e -> opened.close());
        opened.closeHandler(v -> {
            if (socket == opened) {
                socket = null;
                ready = false;
                failAll("the nonce leader at " + target + " closed the link");
            }
        });
    }

    private void timedOut(int id) {
        Pending pending = inFlight.remove(id);
        if (pending != null) {
            pending.answer().tryFail(new LinkFailure("the nonce leader did not answer within " + timeoutMillis + " ms", true));
            // a leader that lets one check wait that long is not to be trusted with the next ones either
            disconnect("a check timed out");
            return;
        }
        for (Pending p : queued) {
            if (p.id() == id) {
                queued.remove(p);
                p.answer().tryFail(new LinkFailure("no link to the nonce leader within " + timeoutMillis + " ms", false));
                return;
            }
        }
    }

    private void disconnect(String why) {
        NetSocket closing = socket;
        socket = null;
        ready = false;
        connecting = false;
        failAll(why);
        if (closing != null) {
            closing.close();
        }
    }

    private void failAll(String why) {
        for (Pending pending : inFlight.values()) {
            vertx.cancelTimer(pending.timer());
            pending.answer().tryFail(new LinkFailure(why, true));
        }
        inFlight.clear();
        while (!queued.isEmpty()) {
            Pending pending = queued.poll();
            vertx.cancelTimer(pending.timer());
            pending.answer().tryFail(new LinkFailure(why, false));
        }
    }
}
