package dev.marketplace.common.net;

import java.math.BigInteger;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

/**
 * Host names that C resolvers (glibc, musl, BSD: {@code inet_aton}) read as an IPv4 address, whatever the JVM makes
 * of them: 1 to 4 parts separated by dots, each decimal, octal with a leading {@code 0} or hexadecimal with
 * {@code 0x}; the last part fills the bytes that remain ({@code 127.1} is 127.0.0.1, {@code 2852039166} and
 * {@code 0xA9FEA9FE} are 169.254.169.254, {@code 0251.0376.0251.0376} too). The JVM reads some of them as a name to
 * look up and some differently ({@code 012.0.0.1} is 12.0.0.1 to it, 10.0.0.1 to inet_aton), so the outbound guard
 * judges the address inet_aton would connect to, without asking a resolver.
 */
final class InetAton {
    private static final BigInteger BYTE = BigInteger.valueOf(0xff);

    private InetAton() {
    }

    /** The address {@code host} spells, or empty when it is not an inet_aton form (then it is a name). */
    static Optional<InetAddress> parse(String host) {
        if (host == null || host.isEmpty()) {
            return Optional.empty();
        }
        // a fully qualified spelling ("127.1.") names the same address to resolvers that strip the root dot
        String h = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        String[] parts = h.split("\\.", -1);
        if (parts.length > 4) {
            return Optional.empty();
        }
        BigInteger[] values = new BigInteger[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = part(parts[i]);
            if (values[i] == null) {
                return Optional.empty();
            }
        }
        long address = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            if (values[i].compareTo(BYTE) > 0) {
                return Optional.empty();
            }
            address |= values[i].longValue() << (24 - 8 * i);
        }
        int remainingBits = 8 * (5 - parts.length);
        BigInteger last = values[parts.length - 1];
        if (last.bitLength() > remainingBits) {
            return Optional.empty();
        }
        address |= last.longValue();
        byte[] bytes = { (byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address };
        try {
            return Optional.of((Inet4Address) InetAddress.getByAddress(bytes));
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an address", e);
        }
    }

    /** One part's value, or null when it is not a number in one of inet_aton's bases. */
    private static BigInteger part(String part) {
        if (part.isEmpty()) {
            return null;
        }
        if (part.length() >= 2 && part.charAt(0) == '0' && (part.charAt(1) == 'x' || part.charAt(1) == 'X')) {
            String digits = part.substring(2);
            // "0x" alone is 0 to some resolvers: judged as such rather than as a name
            return digits.isEmpty() ? BigInteger.ZERO : digits(digits, 16);
        }
        if (part.length() >= 2 && part.charAt(0) == '0') {
            return digits(part.substring(1), 8);
        }
        return digits(part, 10);
    }

    private static BigInteger digits(String digits, int radix) {
        if (digits.length() > 40) {
            return null; // far beyond 32 bits: not an address to any resolver
        }
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            int value = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : radix;
            if (value >= radix) {
                return null;
            }
        }
        return new BigInteger(digits, radix);
    }
}
