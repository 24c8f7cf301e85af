package dev.marketplace.common.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.smallrye.mutiny.infrastructure.Infrastructure;

/**
 * Decides whether the marketplace may call a URL given by a client (vendor event URLs, shipping connectors): only the
 * configured schemes and ports, and never an address inside the operator's network — loopback, private (10/8,
 * 172.16/12, 192.168/16, carrier-grade NAT 100.64/10, IPv6 unique-local fc00::/7), link-local (169.254/16 with the
 * cloud metadata service, fe80::/10), unspecified, multicast, broadcast and reserved ranges, also when an IPv6 address
 * embeds such an IPv4 one (mapped, compatible, translated, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4, Teredo). A host that C resolvers read as an IPv4 address in another spelling (hexadecimal
 * {@code 0xA9FEA9FE}, octal {@code 0251.0376.0251.0376}, dotless {@code 2852039166}, short {@code 127.1}: {@link InetAton})
 * is judged as that address, whatever the JVM's resolver makes of it; the host name is resolved too, and every address
 * it resolves to must pass. {@code marketplace.outbound.allow-loopback=true} (the devstack, whose
 * vendors listen on this machine) lets loopback addresses through and nothing else;
 * {@code marketplace.outbound.allow-private=true} (module tests) lets loopback and private addresses through;
 * link-local, unspecified and multicast stay refused.
 * <p>
 * A name that does not resolve passes this check: nothing can be reached through it now, and the check made when the
 * call is about to be made ({@link #violation(URI, List)} with the addresses actually connected to) resolves again —
 * which also defeats a name re-pointed after it was saved.
 */
@ApplicationScoped
public class OutboundUrlGuard {
    /** The rule a refused address breaks, as it appears in a 400 message. */
    public static final String INTERNAL_ADDRESS = "must not point to a loopback, private, link-local or otherwise internal address";

    private final boolean allowPrivate;
    private final boolean allowLoopback;
    private final Set<String> schemes;
    private final Set<Integer> ports;

    /**
     * @param allowPrivate {@code marketplace.outbound.allow-private}: loopback and private addresses pass
     * @param schemes {@code marketplace.outbound.schemes} (default https, http)
     * @param ports {@code marketplace.outbound.ports} (default 443, 80); {@code *} allows every port
     */
    public OutboundUrlGuard(boolean allowPrivate, List<String> schemes, List<String> ports) {
        this(allowPrivate, false, schemes, ports);
    }

    /** @param allowLoopback {@code marketplace.outbound.allow-loopback}: loopback addresses (only) pass */
    @Inject
    public OutboundUrlGuard(@ConfigProperty(name = "marketplace.outbound.allow-private", defaultValue = "false") boolean allowPrivate,
            @ConfigProperty(name = "marketplace.outbound.allow-loopback", defaultValue = "false") boolean allowLoopback,
            @ConfigProperty(name = "marketplace.outbound.schemes", defaultValue = "https,http") List<String> schemes,
            @ConfigProperty(name = "marketplace.outbound.ports", defaultValue = "443,80") List<String> ports) {
        this.allowPrivate = allowPrivate;
        this.allowLoopback = allowLoopback;
        this.schemes = schemes.stream().map(s -> s.trim().toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
        this.ports = ports.stream().map(String::trim).anyMatch("*"::equals) ? null
                : ports.stream().map(p -> Integer.valueOf(p.trim())).collect(Collectors.toUnmodifiableSet());
    }

    /** The defaults: https and http on ports 443 and 80, public addresses only. */
    public static OutboundUrlGuard strict() {
        return new OutboundUrlGuard(false, List.of("https", "http"), List.of("443", "80"));
    }

    /** The rule {@code url} breaks, or empty when it may be called. Resolves the host name: blocking. */
    public Optional<String> violation(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException | NullPointerException e) {
            return Optional.of("must be an absolute URL");
        }
        return violation(uri);
    }

    /** Same, for a parsed URI. Resolves the host name: blocking. */
    public Optional<String> violation(URI uri) {
        Optional<String> shape = shape(uri);
        if (shape.isPresent()) {
            return shape;
        }
        String host = authority(uri).host();
        Optional<String> literal = literalViolation(host);
        if (literal.isPresent()) {
            return literal;
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
        return violation(uri, Arrays.asList(addresses));
    }

    /** The rule the URI breaks when it is reached through {@code addresses} (already resolved: no DNS lookup). */
    public Optional<String> violation(URI uri, List<InetAddress> addresses) {
        Optional<String> shape = shape(uri);
        if (shape.isPresent()) {
            return shape;
        }
        Optional<String> literal = literalViolation(authority(uri).host());
        if (literal.isPresent()) {
            return literal;
        }
        for (InetAddress address : addresses) {
            if (!permitted(address)) {
                return Optional.of(INTERNAL_ADDRESS);
            }
        }
        return Optional.empty();
    }

    /**
     * Checks several URLs, keyed by the field that holds each, on a worker thread (name resolution blocks); the answer
     * (field → rule, empty when every URL passes) arrives back on the caller's Vert.x context, so a reactive
     * transaction may go on with it.
     */
    public Uni<Map<String, String>> violations(Map<String, String> urlsByField) {
        if (urlsByField.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        Context context = Vertx.currentContext();
        if (context == null) {
            return Uni.createFrom().item(() -> violationsBlocking(urlsByField))
                    .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
        }
        return Uni.createFrom().completionStage(() -> context
                .executeBlocking(() -> violationsBlocking(urlsByField), false).toCompletionStage());
    }

    /** Checks several URLs, keyed by the field that holds each: field → rule, empty when every URL passes. Blocking. */
    public Map<String, String> violationsBlocking(Map<String, String> urlsByField) {
        Map<String, String> found = new LinkedHashMap<>();
        urlsByField.forEach((field, url) -> violation(url).ifPresent(rule -> found.put(field, rule)));
        return found;
    }

    /** Whether a connection to this address is allowed under the configuration. */
    public boolean permitted(InetAddress address) {
        Range range = classify(address);
        return range == Range.PUBLIC || ((allowPrivate || allowLoopback) && range == Range.LOOPBACK)
                || (allowPrivate && range == Range.PRIVATE);
    }

    private Optional<String> shape(URI uri) {
        if (uri == null || !uri.isAbsolute() || uri.isOpaque()) {
            return Optional.of("must be an absolute URL");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (!schemes.contains(scheme)) {
            return Optional.of("must use " + schemes.stream().sorted().collect(Collectors.joining(" or ")));
        }
        Authority authority = authority(uri);
        if (authority.host() == null || authority.host().isEmpty()) {
            return Optional.of("must name a host");
        }
        if (authority.userInfo()) {
            return Optional.of("must not carry user information");
        }
        int port = authority.port() != -1 ? authority.port() : "https".equals(scheme) ? 443 : "http".equals(scheme) ? 80 : -1;
        if (ports != null && !ports.contains(port)) {
            return Optional.of("must use port " + ports.stream().sorted().map(String::valueOf).collect(Collectors.joining(" or ")));
        }
        return Optional.empty();
    }

    /**
     * The address an inet_aton spelling of the host names ({@link InetAton}: {@code 0xA9FEA9FE}, {@code 127.1}), judged
     * without a resolver; empty when the host is no such spelling or the address may be called.
     */
    private Optional<String> literalViolation(String host) {
        return InetAton.parse(host).filter(address -> !permitted(address)).map(address -> INTERNAL_ADDRESS);
    }

    /**
     * The host {@code uri} names as this guard reads it (without IPv6 brackets), or null: also an IPv4 address in one of
     * inet_aton's spellings, which java.net.URI does not take for a host name ({@code URI.getHost()} is null for
     * {@code http://127.1/}). A check of a URL's shape uses it so that such a URL reaches this guard's judgement.
     */
    public static String hostOf(URI uri) {
        return authority(uri).host();
    }

    /** The host (without IPv6 brackets; null when there is none), the port (-1: the scheme's) and whether user information is given. */
    private record Authority(String host, int port, boolean userInfo) {
    }

    /**
     * The URI's authority. java.net.URI takes most inet_aton spellings ({@code 127.1}, {@code 0251.0376.0251.0376})
     * for no host name at all and keeps them as a registry-based authority: such an authority counts as a host when it
     * spells an IPv4 address, so that it is judged as the address it names rather than refused as hostless.
     */
    private static Authority authority(URI uri) {
        String host = uri.getHost();
        if (host != null) {
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            return new Authority(host, uri.getPort(), uri.getRawUserInfo() != null);
        }
        String raw = uri.getRawAuthority();
        if (raw == null) {
            return new Authority(null, -1, false);
        }
        boolean userInfo = raw.contains("@");
        String hostAndPort = raw.substring(raw.lastIndexOf('@') + 1);
        int colon = hostAndPort.lastIndexOf(':');
        String candidate = colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
        String port = colon < 0 ? null : hostAndPort.substring(colon + 1);
        if (InetAton.parse(candidate).isEmpty() || port != null && !port.matches("[0-9]{1,5}")) {
            return new Authority(null, -1, userInfo);
        }
        return new Authority(candidate, port == null ? -1 : Integer.parseInt(port), userInfo);
    }

    enum Range {
        PUBLIC, LOOPBACK, PRIVATE, LINK_LOCAL, UNSPECIFIED, MULTICAST, RESERVED
    }

    static Range classify(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return Range.UNSPECIFIED;
        }
        if (address.isLoopbackAddress()) {
            return Range.LOOPBACK;
        }
        if (address.isMulticastAddress()) {
            return Range.MULTICAST;
        }
        if (address.isLinkLocalAddress()) {
            return Range.LINK_LOCAL;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return classify4(b);
        }
        if (address instanceof Inet6Address) {
            // IPv4 embedded in IPv6: mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, translated ::ffff:0:a.b.c.d,
            // well-known NAT64 64:ff9b::a.b.c.d (RFC 6052: /96 only)
            boolean mapped = zero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
            boolean translated = zero(b, 0, 8) && (b[8] & 0xff) == 0xff && (b[9] & 0xff) == 0xff && zero(b, 10, 12);
            boolean nat64 = b[0] == 0 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b;
            if (mapped || translated || zero(b, 0, 12) || nat64 && zero(b, 4, 12)) {
                return classify4(Arrays.copyOfRange(b, 12, 16));
            }
            if (nat64 && b[4] == 0 && b[5] == 1) {
                // local-use NAT64 64:ff9b:1::/48 (RFC 8215): the operator's translator may read any RFC 6052 format
                // of /48, /56, /64 or /96 (bits 64-71 are never the address), and the address does not say which
                return stricter(stricter(classify4(new byte[] { b[6], b[7], b[9], b[10] }),
                        classify4(new byte[] { b[7], b[9], b[10], b[11] })),
                        stricter(classify4(Arrays.copyOfRange(b, 9, 13)), classify4(Arrays.copyOfRange(b, 12, 16))));
            }
            if (b[0] == 0x20 && b[1] == 0x02) {
                return classify4(Arrays.copyOfRange(b, 2, 6)); // 6to4 2002:AABB:CCDD::/48 carries a.b.c.d
            }
            if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) {
                // Teredo 2001:0::/32 (RFC 4380): the server's address in bits 32-63, the client's inverted in the
                // last 32 bits; a packet reaches the client through the server, so both count
                byte[] client = Arrays.copyOfRange(b, 12, 16);
                for (int i = 0; i < client.length; i++) {
                    client[i] = (byte) ~client[i];
                }
                return stricter(classify4(Arrays.copyOfRange(b, 4, 8)), classify4(client));
            }
            int first = b[0] & 0xff;
            if ((first & 0xfe) == 0xfc) {
                return Range.PRIVATE; // unique local fc00::/7
            }
            if (first == 0xfe && (b[1] & 0xc0) == 0xc0) {
                return Range.PRIVATE; // deprecated site-local fec0::/10
            }
            if (first == 0x20 && (b[1] & 0xff) == 0x01 && (b[2] & 0xff) == 0x0d && (b[3] & 0xff) == 0xb8) {
                return Range.RESERVED; // documentation 2001:db8::/32
            }
            return Range.PUBLIC;
        }
        return Range.RESERVED;
    }

    private static Range classify4(byte[] b) {
        int a0 = b[0] & 0xff;
        int a1 = b[1] & 0xff;
        if (a0 == 0) {
            return Range.UNSPECIFIED; // "this network" 0/8
        }
        if (a0 == 127) {
            return Range.LOOPBACK;
        }
        if (a0 == 169 && a1 == 254) {
            return Range.LINK_LOCAL;
        }
        if (a0 == 10 || (a0 == 172 && (a1 & 0xf0) == 16) || (a0 == 192 && a1 == 168) || (a0 == 100 && (a1 & 0xc0) == 64)) {
            return Range.PRIVATE;
        }
        if (a0 >= 224 && a0 <= 239) {
            return Range.MULTICAST;
        }
        if (a0 >= 240 || (a0 == 192 && a1 == 0 && (b[2] & 0xff) == 0) || (a0 == 198 && (a1 & 0xfe) == 18)) {
            return Range.RESERVED; // 240/4 and broadcast, IETF protocol assignments 192.0.0/24, benchmarking 198.18/15
        }
        return Range.PUBLIC;
    }

    /** The range that fewer configurations let through: loopback passes where private does, the others never. */
    private static Range stricter(Range a, Range b) {
        return rank(a) >= rank(b) ? a : b;
    }

    private static int rank(Range range) {
        return switch (range) {
            case PUBLIC -> 0;
            case LOOPBACK -> 1;
            case PRIVATE -> 2;
            default -> 3;
        };
    }

    private static boolean zero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
