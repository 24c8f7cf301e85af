package dev.marketplace.common.oauth;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * OAuth 1.0 (RFC 5849) HMAC-SHA1 primitives shared by the signer and the verifier: percent-encoding,
 * URL normalisation, the signature base string and the signature itself.
 */
public final class OAuth1 {
    public static final String HMAC_SHA1 = "HMAC-SHA1";
    public static final String VERSION = "1.0";
    public static final String CONSUMER_KEY = "oauth_consumer_key";
    public static final String SIGNATURE = "oauth_signature";
    public static final String SIGNATURE_METHOD = "oauth_signature_method";
    public static final String TIMESTAMP = "oauth_timestamp";
    public static final String NONCE = "oauth_nonce";
    public static final String OAUTH_VERSION = "oauth_version";
    public static final String TOKEN = "oauth_token";
    public static final String REALM = "realm";

    private OAuth1() {
    }

    /** A request parameter, decoded. */
    public record Param(String name, String value) {
    }

    /** RFC 3986 percent-encoding: everything but ALPHA, DIGIT, '-', '.', '_' and '~', on UTF-8 bytes. */
    public static String percentEncode(String s) {
        if (s == null) {
            return "";
        }
        if (isUnreserved(s)) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        appendEncoded(b, s);
        return b.toString();
    }

    /** Appends the percent-encoding of {@code s} (as {@link #percentEncode}) without an intermediate string. */
    public static void appendEncoded(StringBuilder b, CharSequence s) {
        int length = s.length();
        for (int i = 0; i < length; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                if (unreserved(c)) {
                    b.append(c);
                } else {
                    appendByte(b, c);
                }
                continue;
            }
            // outside ASCII: encode the UTF-8 bytes of the whole code point
            int end = Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(s.charAt(i + 1)) ? i + 2 : i + 1;
            for (byte raw : s.subSequence(i, end).toString().getBytes(StandardCharsets.UTF_8)) {
                // a lone surrogate becomes '?', which is encoded like any other reserved character
                appendByte(b, raw & 0xff);
            }
            i = end - 1;
        }
    }

    private static boolean isUnreserved(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!unreserved(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean unreserved(char c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_'
                || c == '~';
    }

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private static void appendByte(StringBuilder b, int c) {
        b.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
    }

    public static String decode(String s) {
        // most OAuth values (keys, nonces, timestamps) have nothing to decode; URLDecoder allocates even then
        if (s.indexOf('%') < 0 && s.indexOf('+') < 0) {
            return s;
        }
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    /**
     * Scheme and host in lower case, default ports dropped, no query or fragment (RFC 5849 §3.4.1.2).
     *
     * @throws IllegalArgumentException when the URI has no scheme or no server host (for example {@code http://a_b/}, whose
     *         authority {@link URI} cannot read as a host): such a request cannot have been signed for this server
     */
    public static String normalizeUrl(URI uri) {
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("not an absolute URL with a host name");
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        int port = uri.getPort();
        boolean defaultPort = port == -1 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return scheme + "://" + host + (defaultPort ? "" : ":" + port) + path;
    }

    /** Decoded parameters of a raw (still encoded) query string or form body; '+' means space in both. */
    public static List<Param> parseForm(String raw) {
        List<Param> params = new ArrayList<>();
        if (raw == null || raw.isEmpty()) {
            return params;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.add(new Param(decode(name), decode(value)));
        }
        return params;
    }

    /**
     * Parses {@code OAuth realm="", oauth_consumer_key="...", ...}; returns the decoded oauth_* parameters
     * (realm excluded), or null when the header is not an OAuth header.
     */
    public static Map<String, String> parseAuthorizationHeader(String header) {
        if (header == null) {
            return null;
        }
        int from = skipSpaces(header, 0, header.length());
        int to = trimEnd(header, from, header.length());
        if (to - from < 6 || !header.regionMatches(true, from, "OAuth ", 0, 6)) {
            return null;
        }
        Map<String, String> params = new LinkedHashMap<>();
        // comma-separated name="value" pairs, each trimmed; scanned in place rather than split into copies
        for (int part = from + 6; part <= to;) {
            int comma = header.indexOf(',', part);
            int partEnd = comma < 0 || comma > to ? to : comma;
            int start = skipSpaces(header, part, partEnd);
            int end = trimEnd(header, start, partEnd);
            part = partEnd + 1;
            if (start == end) {
                continue;
            }
            int eq = header.indexOf('=', start);
            if (eq < 0 || eq >= end) {
                return null;
            }
            String name = header.substring(start, trimEnd(header, start, eq));
            int valueStart = skipSpaces(header, eq + 1, end);
            if (end - valueStart >= 2 && header.charAt(valueStart) == '"' && header.charAt(end - 1) == '"') {
                valueStart++;
                end--;
            }
            if (REALM.equalsIgnoreCase(name)) {
                continue;
            }
            params.put(decode(name), decode(header.substring(valueStart, end)));
        }
        return params;
    }

    /** The first index of {@code s[from, limit)} that is not a space (as {@link String#trim()} counts them), or limit. */
    private static int skipSpaces(String s, int from, int limit) {
        while (from < limit && s.charAt(from) <= ' ') {
            from++;
        }
        return from;
    }

    /** The end of {@code s[from, to)} without its trailing spaces (as {@link String#trim()} counts them). */
    private static int trimEnd(String s, int from, int to) {
        while (to > from && s.charAt(to - 1) <= ' ') {
            to--;
        }
        return to;
    }

    /**
     * The signature base string: METHOD&enc(url)&enc(sorted, encoded parameters), oauth_signature excluded. The
     * Authorization header's {@code realm} is not among {@code params} ({@link #parseAuthorizationHeader} leaves it out);
     * a {@code realm} in the query string or a form body is an ordinary parameter and is signed (RFC 5849 §3.4.1.3.1),
     * so that nobody can change it on the way.
     */
    public static String baseString(String method, String normalizedUrl, List<Param> params) {
        String[][] encoded = new String[params.size()][];
        int count = 0;
        for (Param p : params) {
            if (!SIGNATURE.equals(p.name())) {
                encoded[count++] = new String[] { percentEncode(p.name()), percentEncode(p.value()) };
            }
        }
        Arrays.sort(encoded, 0, count, PARAM_ORDER);
        StringBuilder normalized = new StringBuilder(256);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                normalized.append('&');
            }
            normalized.append(encoded[i][0]).append('=').append(encoded[i][1]);
        }
        StringBuilder base = new StringBuilder(normalized.length() + normalizedUrl.length() + 64);
        base.append(method.toUpperCase(Locale.ROOT)).append('&');
        appendEncoded(base, normalizedUrl);
        base.append('&');
        appendEncoded(base, normalized);
        return base.toString();
    }

    private static final Comparator<String[]> PARAM_ORDER = (a, b) -> {
        int byName = a[0].compareTo(b[0]);
        return byName != 0 ? byName : a[1].compareTo(b[1]);
    };

    /** One HMAC-SHA1 instance per thread: looking the algorithm up for every signature showed in the gateway's profile. */
    private static final ThreadLocal<Mac> HMAC_SHA1_MAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("HMAC-SHA1 unavailable", e);
        }
    });

    public static String sign(String baseString, String consumerSecret, String tokenSecret) {
        String key = percentEncode(consumerSecret) + "&" + percentEncode(tokenSecret == null ? "" : tokenSecret);
        Mac mac = HMAC_SHA1_MAC.get();
        try {
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
        } catch (InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA1 key refused", e);
        }
        return Base64.getEncoder().encodeToString(mac.doFinal(baseString.getBytes(StandardCharsets.UTF_8)));
    }

    /** Constant-time comparison so the time taken reveals nothing about how much of a signature matched. */
    public static boolean signaturesMatch(String expected, String actual) {
        if (expected == null || actual == null) {
            return false;
        }
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
    }
}
