package dev.marketplace.common.oauth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Public signature vectors; each must match exactly. */
class OAuth1VectorsTest {

    @Test
    void appDirectHeaderSignedEventFetch() {
        Map<String, String> p = new OAuthSigner("Dummy", "secret")
                .sign("GET", URI.create("https://www.appdirect.com/rest/api/events/dummyChange"), null, "72250409", 1294966759L);
        assertEquals("IBlWhOm3PuDwaSdxE/Qu4RKPtVE=", p.get(OAuth1.SIGNATURE));
    }

    @Test
    void appDirectQuerySignedReturnUrl() {
        Map<String, String> p = new OAuthSigner("Dummy", "secret")
                .sign("GET", URI.create("https://www.appdirect.com/AppDirect/finishorder?success=true&accountIdentifer=Alice"), null,
                        "72250409", 1294966759L);
        assertEquals("GXTj/cF7kyLBupeufN4juJcj5EQ=", p.get(OAuth1.SIGNATURE));
    }

    @Test
    void rfc5849Section1_2() {
        List<OAuth1.Param> params = new ArrayList<>(OAuth1.parseForm("file=vacation.jpg&size=original"));
        params.add(new OAuth1.Param("oauth_consumer_key", "dpf43f3p2l4k3l03"));
        params.add(new OAuth1.Param("oauth_token", "nnch734d00sl2jdk"));
        params.add(new OAuth1.Param("oauth_signature_method", "HMAC-SHA1"));
        params.add(new OAuth1.Param("oauth_timestamp", "137131202"));
        params.add(new OAuth1.Param("oauth_nonce", "chapoH"));
        String base = OAuth1.baseString("GET", OAuth1.normalizeUrl(URI.create("http://photos.example.net/photos")), params);
        assertEquals("MdpQcU8iPSUjWoN/UDMsK2sui9I=", OAuth1.sign(base, "kd94hf93k423kf44", "pfkkdhi9sl3r4s00"));
    }

    @Test
    void twitterCreatingASignature() {
        List<OAuth1.Param> params = new ArrayList<>(OAuth1.parseForm("include_entities=true"));
        params.addAll(OAuth1.parseForm("status=Hello%20Ladies%20%2b%20Gentlemen%2c%20a%20signed%20OAuth%20request%21"));
        params.add(new OAuth1.Param("oauth_consumer_key", "xvz1evFS4wEEPTGEFPHBog"));
        params.add(new OAuth1.Param("oauth_nonce", "kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg"));
        params.add(new OAuth1.Param("oauth_signature_method", "HMAC-SHA1"));
        params.add(new OAuth1.Param("oauth_timestamp", "1318622958"));
        params.add(new OAuth1.Param("oauth_token", "370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb"));
        params.add(new OAuth1.Param("oauth_version", "1.0"));
        String base = OAuth1.baseString("POST", OAuth1.normalizeUrl(URI.create("https://api.twitter.com/1.1/statuses/update.json")), params);
        assertEquals("hCtSmYh+iHYCEqBWrE7C7hYmtUk=",
                OAuth1.sign(base, "kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw", "LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE"));
    }

    @Test
    void verifiesQuerySignedByOurSignerAndRejectsTampering() {
        URI signed = new OAuthSigner("vendor", "vsecret").signedUri("GET",
                URI.create("https://marketplace.example/return?success=true&accountIdentifier=acc%201"));
        assertTrue(SignedRequest.parse("GET", signed, null, null).orElseThrow().verify("vsecret", ""));
        URI tampered = URI.create(signed.toString().replace("acc%201", "acc%202"));
        assertFalse(SignedRequest.parse("GET", tampered, null, null).orElseThrow().verify("vsecret", ""));
    }

    @Test
    void realmIsIgnoredAndOtherMethodsRefused() {
        URI uri = URI.create("http://localhost:8080/x");
        Map<String, String> p = new OAuthSigner("k", "s").sign("GET", uri, null, "n", 1);
        String header = OAuthSigner.header(p).replace("realm=\"\"", "realm=\"Example\"");
        assertTrue(SignedRequest.parse("GET", uri, header, null).orElseThrow().verify("s", ""));
        String plaintext = header.replace("HMAC-SHA1", "PLAINTEXT");
        assertFalse(SignedRequest.parse("GET", uri, plaintext, null).orElseThrow().verify("s", ""));
    }

    @Test
    void realmInTheQueryOrBodyIsSignedLikeAnyParameterOnlyTheHeadersRealmIsLeftOut() {
        // RFC 5849 §3.4.1.3.1: only the Authorization header's realm is excluded from the base string
        URI uri = URI.create("http://localhost:8080/api/x?realm=tenant-a&q=1");
        Map<String, String> p = new OAuthSigner("k", "s").sign("GET", uri, null, "n", 1);
        String header = OAuthSigner.header(p);
        assertTrue(SignedRequest.parse("GET", uri, header, null).orElseThrow().verify("s", ""));
        URI tampered = URI.create("http://localhost:8080/api/x?realm=tenant-b&q=1");
        assertFalse(SignedRequest.parse("GET", tampered, header, null).orElseThrow().verify("s", ""));
        URI added = URI.create("http://localhost:8080/api/x?realm=tenant-a&q=1&realm=more");
        assertFalse(SignedRequest.parse("GET", added, header, null).orElseThrow().verify("s", ""));
        // the same in a form body
        URI form = URI.create("http://localhost:8080/api/x");
        Map<String, String> f = new OAuthSigner("k", "s").sign("POST", form, "realm=a&v=1", "n2", 1);
        assertTrue(SignedRequest.parse("POST", form, OAuthSigner.header(f), "realm=a&v=1").orElseThrow().verify("s", ""));
        assertFalse(SignedRequest.parse("POST", form, OAuthSigner.header(f), "realm=b&v=1").orElseThrow().verify("s", ""));
        // the base string names the query's realm
        assertTrue(SignedRequest.parse("GET", uri, header, null).orElseThrow().baseString().contains("realm%3Dtenant-a"));
    }

    @Test
    void aHostUriCannotReadIsRefusedAsMalformedNotANullPointer() {
        // "a_b" is a legal registry name but not a host name: URI.getHost() is null
        URI uri = URI.create("http://a_b/api/account/v2/companies");
        Map<String, String> p = new OAuthSigner("k", "s").sign("GET", URI.create("http://ab/api/account/v2/companies"), null,
                "n", 1);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SignedRequest.parse("GET", uri, OAuthSigner.header(p), null));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> OAuth1.normalizeUrl(URI.create("/relative/only")));
    }

    @Test
    void formBodyTakesPartInTheSignature() {
        URI uri = URI.create("http://localhost:8080/oauth");
        Map<String, String> p = new OAuthSigner("k", "s").sign("POST", uri, "a=1&b=two%20words", "n", 1);
        String header = OAuthSigner.header(p);
        assertTrue(SignedRequest.parse("POST", uri, header, "a=1&b=two+words").orElseThrow().verify("s", ""));
        assertFalse(SignedRequest.parse("POST", uri, header, "a=2&b=two+words").orElseThrow().verify("s", ""));
    }

    @Test
    void percentEncodingIsTheRfc3986EncodingOfTheUtf8BytesForAnyString() {
        java.util.Random random = new java.util.Random(42);
        char[] alphabet = "aZ09-._~ !*'();:@&=+$,/?#[]%\"\u00e9\u20ac\ud83d\ude00\ud800\udc00\u0000\u007f".toCharArray();
        for (int n = 0; n < 2_000; n++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(12);
            for (int i = 0; i < length; i++) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            String s = text.toString();
            org.junit.jupiter.api.Assertions.assertEquals(reference(s), OAuth1.percentEncode(s), "encoding of " + s);
        }
        org.junit.jupiter.api.Assertions.assertEquals("Ladies%20%2B%20Gentlemen", OAuth1.percentEncode("Ladies + Gentlemen"));
        org.junit.jupiter.api.Assertions.assertEquals("%E2%98%83", OAuth1.percentEncode("\u2603"));
    }

    /** RFC 3986 section 2.1 applied to the UTF-8 bytes, byte by byte: the definition the fast path must match. */
    private static String reference(String s) {
        StringBuilder b = new StringBuilder();
        for (byte raw : s.getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
            int c = raw & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_'
                    || c == '~') {
                b.append((char) c);
            } else {
                b.append(String.format("%%%02X", c));
            }
        }
        return b.toString();
    }

    @Test
    void authorizationHeaderScanAgreesWithSplittingAndTrimmingOnAnyInput() {
        java.util.Random random = new java.util.Random(7);
        String[] pieces = { "OAuth ", "oauth ", "OAuth", " ", "  ", "\t", ",", ", ", "=", "\"", "realm", "REALM", "oauth_nonce",
                "oauth_consumer_key", "abc", "a%20b", "x+y", "%3D", "\"\"", "v" };
        for (int n = 0; n < 20_000; n++) {
            StringBuilder header = new StringBuilder(random.nextInt(4) == 0 ? "" : "OAuth ");
            int count = random.nextInt(14);
            for (int i = 0; i < count; i++) {
                header.append(pieces[random.nextInt(pieces.length)]);
            }
            String h = header.toString();
            Object expected;
            try {
                expected = splitAndTrim(h);
            } catch (IllegalArgumentException e) {
                expected = "IllegalArgumentException";
            }
            Object actual;
            try {
                actual = OAuth1.parseAuthorizationHeader(h);
            } catch (IllegalArgumentException e) {
                actual = "IllegalArgumentException";
            }
            org.junit.jupiter.api.Assertions.assertEquals(expected, actual, "header [" + h + "]");
        }
    }

    /** The header parser as it was first written (split on commas, trim each part): the scan must agree with it. */
    private static Map<String, String> splitAndTrim(String header) {
        String trimmed = header.trim();
        if (trimmed.length() < 6 || !trimmed.regionMatches(true, 0, "OAuth ", 0, 6)) {
            return null;
        }
        Map<String, String> params = new java.util.LinkedHashMap<>();
        for (String part : trimmed.substring(6).split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            if (eq < 0) {
                return null;
            }
            String name = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                value = value.substring(1, value.length() - 1);
            }
            if ("realm".equalsIgnoreCase(name)) {
                continue;
            }
            params.put(java.net.URLDecoder.decode(name, java.nio.charset.StandardCharsets.UTF_8),
                    java.net.URLDecoder.decode(value, java.nio.charset.StandardCharsets.UTF_8));
        }
        return params;
    }
}
