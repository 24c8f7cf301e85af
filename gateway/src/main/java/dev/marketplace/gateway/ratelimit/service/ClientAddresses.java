package dev.marketplace.gateway.ratelimit.service;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.marketplace.gateway.config.GatewayConfig;
import io.netty.util.NetUtil;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;

/**
 * Where a call comes from: the address the services are told (X-Forwarded-For) and the bucket every per-address limit
 * counts it in (failed authentications, anonymous leads).
 * <p>
 * The address is the connection's peer, unless that peer is one of {@code marketplace.gateway.trusted-proxies} (CIDR
 * ranges of the ingress; none by default, so that no forwarded header is believed). Then X-Forwarded-For is read from
 * the right: each proxy appends the address it was called from, so hops are skipped while they are trusted proxies, and
 * the first other one is the client; whatever lies left of it the client wrote itself. Quarkus' own forwarding is not
 * used: it takes the leftmost entry, which the client chooses.
 * <p>
 * The bucket is the address for IPv4, and its /64 for IPv6: a single subscriber usually holds a whole /64, so counting
 * full IPv6 addresses would give one client as many buckets as it likes.
 */
@ApplicationScoped
public class ClientAddresses {
    static final String UNKNOWN = "unknown";
    private static final String X_FORWARDED_FOR = "X-Forwarded-For";

    /** An address as the services are told it, and the key per-address limits count it under. */
    public record ClientAddress(String address, String bucket) {
    }

    private record Range(byte[] network, int prefix) {
        boolean contains(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int whole = prefix / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = 0xff << (8 - rest) & 0xff;
            return (address[whole] & mask) == (network[whole] & mask);
        }
    }

    private final List<Range> trusted;

    @Inject
    public ClientAddresses(GatewayConfig config) {
        this(config.trustedProxies().orElse(List.of()));
    }

    /** {@code ranges}: CIDR ranges ({@code 10.0.0.0/8}, {@code fd00::/8}) or single addresses. */
    public ClientAddresses(List<String> ranges) {
        List<Range> parsed = new ArrayList<>();
        for (String range : ranges) {
            String text = range.trim();
            if (!text.isEmpty()) {
                parsed.add(range(text));
            }
        }
        this.trusted = List.copyOf(parsed);
    }

    private static Range range(String text) {
        int slash = text.indexOf('/');
        byte[] network = bytes(slash < 0 ? text : text.substring(0, slash));
        int prefix;
        try {
            prefix = network == null ? -1 : slash < 0 ? network.length * 8 : Integer.parseInt(text.substring(slash + 1));
        } catch (NumberFormatException e) {
            prefix = -1;
        }
        if (network == null || prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException("marketplace.gateway.trusted-proxies: " + text
                    + " is not an address or a CIDR range (e.g. 10.0.0.0/8, fd00::/8)");
        }
        return new Range(network, prefix);
    }

    /** Where {@code request} comes from (see the class comment). */
    public ClientAddress of(HttpServerRequest request) {
        // the socket's peer, whatever Quarkus' forwarding (if someone turned it on) made of remoteAddress()
        SocketAddress peer = request.connection() == null ? null : request.connection().remoteAddress();
        if (peer == null) {
            peer = request.remoteAddress();
        }
        String address = peer == null || peer.hostAddress() == null ? UNKNOWN : peer.hostAddress();
        if (trusted.isEmpty()) {
            // the common case, and every call's: no parsing for an IPv4 peer
            return address.indexOf(':') < 0 ? new ClientAddress(address, address) : of(address);
        }
        return resolve(address, request.headers().getAll(X_FORWARDED_FOR));
    }

    /** The client behind {@code peer}, given the X-Forwarded-For lines of the request in order. */
    ClientAddress resolve(String peer, List<String> forwardedFor) {
        byte[] current = bytes(peer);
        if (current == null || !isTrusted(current)) {
            return of(peer);
        }
        for (int line = forwardedFor.size() - 1; line >= 0; line--) {
            String hops = forwardedFor.get(line);
            int end = hops.length();
            while (end >= 0) {
                int comma = hops.lastIndexOf(',', end - 1);
                String hop = strip(hops.substring(comma + 1, Math.max(comma + 1, end)));
                end = comma;
                if (hop.isEmpty()) {
                    continue;
                }
                byte[] next = bytes(hop);
                if (next == null) {
                    // a trusted proxy wrote something that is no address: the client is unknown, the proxy is not
                    return of(current);
                }
                if (!isTrusted(next)) {
                    return of(next);
                }
                current = next;
            }
        }
        // every hop is a trusted proxy (a call from inside): the leftmost
        return of(current);
    }

    private boolean isTrusted(byte[] address) {
        for (Range range : trusted) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }

    private static ClientAddress of(String address) {
        byte[] bytes = bytes(address);
        return bytes == null ? new ClientAddress(address, address) : of(bytes);
    }

    private static ClientAddress of(byte[] bytes) {
        String address;
        try {
            address = InetAddress.getByAddress(bytes).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e); // never: 4 or 16 bytes
        }
        return new ClientAddress(address, bytes.length == 4 ? address : slash64(bytes));
    }

    private static String slash64(byte[] bytes) {
        StringBuilder prefix = new StringBuilder(24);
        for (int i = 0; i < 8; i += 2) {
            prefix.append(Integer.toHexString((bytes[i] & 0xff) << 8 | (bytes[i + 1] & 0xff))).append(':');
        }
        return prefix.append(":/64").toString();
    }

    /** An X-Forwarded-For entry without spaces, brackets or port: {@code [2001:db8::1]:443}, {@code 192.0.2.1:80}. */
    private static String strip(String hop) {
        String h = hop.trim();
        if (h.startsWith("[")) {
            int close = h.indexOf(']');
            return close < 0 ? h : h.substring(1, close);
        }
        int colon = h.indexOf(':');
        return colon > 0 && colon == h.lastIndexOf(':') ? h.substring(0, colon) : h;
    }

    /** 4 or 16 bytes of an IP literal (an IPv4-mapped IPv6 address as its IPv4), or null: never a name look-up. */
    static byte[] bytes(String literal) {
        if (literal == null) {
            return null;
        }
        int zone = literal.indexOf('%');
        byte[] bytes = NetUtil.createByteArrayFromIpAddressString(zone < 0 ? literal : literal.substring(0, zone));
        if (bytes != null && bytes.length == 16 && isIpv4Mapped(bytes)) {
            return new byte[] { bytes[12], bytes[13], bytes[14], bytes[15] };
        }
        return bytes;
    }

    private static boolean isIpv4Mapped(byte[] bytes) {
        for (int i = 0; i < 10; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return bytes[10] == (byte) 0xff && bytes[11] == (byte) 0xff;
    }
}
