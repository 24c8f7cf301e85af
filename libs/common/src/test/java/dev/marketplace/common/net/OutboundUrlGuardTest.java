package dev.marketplace.common.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Literal addresses only: no test here depends on a DNS server. */
class OutboundUrlGuardTest {
    private final OutboundUrlGuard strict = OutboundUrlGuard.strict();
    private final OutboundUrlGuard devstack = new OutboundUrlGuard(true, List.of("https", "http"), List.of("*"));

    @Test
    void publicAddressesOnTheDefaultPortsPass() {
        assertEquals(Optional.empty(), strict.violation("https://93.184.215.14/callback?eventUrl=1"));
        assertEquals(Optional.empty(), strict.violation("http://8.8.8.8/"));
        assertEquals(Optional.empty(), strict.violation("https://[2606:4700:4700::1111]/hook"));
        assertEquals(Optional.empty(), strict.violation("https://8.8.8.8:443/"));
    }

    @Test
    void internalAddressesAreRefused() {
        for (String url : List.of("http://127.0.0.1/", "http://127.8.9.1/", "https://[::1]/", "http://10.1.2.3/",
                "http://172.16.0.1/", "http://172.31.255.254/", "http://192.168.1.1/", "http://100.64.0.1/",
                "http://100.127.255.1/", "http://169.254.169.254/latest/meta-data/", "https://[fe80::1]/",
                "https://[fc00::1]/", "https://[fd12:3456::1]/", "http://0.0.0.0/", "https://[::]/", "http://224.0.0.1/",
                "https://[ff02::1]/", "http://255.255.255.255/", "https://[::ffff:10.0.0.1]/", "https://[::ffff:169.254.169.254]/",
                "https://[64:ff9b::a9fe:a9fe]/")) {
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation(url), url);
        }
    }

    @Test
    void otherSpellingsOfAnInternalIpv4AddressAreRefusedWithoutAResolver() {
        // each is in 169.254/16, 127/8, 10/8 or 0/8 to inet_aton, whatever the JVM's resolver would make of it
        for (String host : List.of("0xA9FEA9FE", "0xa9fea9fe", "0XA9FEA9FE", "0251.0376.0251.0376", "2852039166",
                "0xA9.254.0376.254", "169.254.43518", "169.16689662", "0xA9.0xFE.0xA9.0xFE", "025177524776",
                "127.1", "127.0.1", "0x7f.1", "0177.0.0.1", "0177.1", "2130706433", "0x7f000001", "017700000001",
                "10.1", "012.0.0.1", "0x0a000001", "167772161", "0", "0x0", "127.1.")) {
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation("http://" + host + "/latest/meta-data/"),
                    host);
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS),
                    strict.violation(URI.create("https://" + host + "/x"), List.of()), host + " when connecting");
        }
        // link-local stays refused where private and loopback addresses are allowed
        for (String host : List.of("0xA9FEA9FE", "0251.0376.0251.0376", "2852039166", "0xA9.254.0376.254", "169.254.43518")) {
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), devstack.violation("http://" + host + "/"), host);
        }
        // a port still counts in those spellings
        assertEquals(Optional.of("must use port 80 or 443"), strict.violation("http://127.1:8080/"));
        assertEquals(Optional.of("must not carry user information"), strict.violation("http://user@169.254.43518/"));
    }

    @Test
    void inetAtonReadsEveryFormAndNothingElse() throws Exception {
        Map<String, String> spelled = Map.ofEntries(Map.entry("0xA9FEA9FE", "169.254.169.254"),
                Map.entry("0251.0376.0251.0376", "169.254.169.254"), Map.entry("2852039166", "169.254.169.254"),
                Map.entry("0xA9.254.0376.254", "169.254.254.254"), Map.entry("169.254.43518", "169.254.169.254"),
                Map.entry("169.16689662", "169.254.169.254"), Map.entry("127.1", "127.0.0.1"), Map.entry("012.0.0.1", "10.0.0.1"),
                Map.entry("8.8.8.8", "8.8.8.8"), Map.entry("0x08080808", "8.8.8.8"), Map.entry("4294967295", "255.255.255.255"),
                Map.entry("1.2.65535", "1.2.255.255"), Map.entry("1.16777215", "1.255.255.255"));
        for (var e : spelled.entrySet()) {
            assertEquals(Optional.of(InetAddress.getByName(e.getValue())), InetAton.parse(e.getKey()), e.getKey());
        }
        // not addresses to inet_aton: names, out of range parts, bad digits for the base, too many parts
        for (String name : List.of("vendor.example", "1.2.3.4.5", "256.1.1.1", "1.2.3.256", "1.2.65536", "4294967296",
                "08.0.0.1", "0x1g", "1..2", ".1.2.3", "", "0x7f.example", "١٢٧.1")) {
            assertEquals(Optional.empty(), InetAton.parse(name), name);
        }
    }

    @Test
    void publicAddressesInOtherSpellingsPass() {
        for (String host : List.of("0x08080808", "134744072", "8.0x080808", "010.010.010.010")) {
            assertEquals(Optional.empty(), strict.violation(URI.create("http://" + host + "/"), List.of()), host);
        }
    }

    @Test
    void ipv6SpellingsOfInternalIpv4AddressesAreRefused() {
        for (String url : List.of("https://[::ffff:169.254.169.254]/", "https://[::ffff:a9fe:a9fe]/", "https://[::169.254.169.254]/",
                "https://[::a9fe:a9fe]/", "https://[::ffff:0:a9fe:a9fe]/", "https://[::ffff:0:10.0.0.1]/", "https://[::ffff:7f00:1]/",
                "https://[0:0:0:0:0:ffff:127.0.0.1]/", "https://[64:ff9b::10.0.0.1]/", "https://[2002:a9fe:a9fe::1]/",
                "https://[2002:0a00:0001::]/")) {
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation(url), url);
        }
        assertEquals(Optional.empty(), strict.violation("https://[2002:0808:0808::1]/"), "6to4 of a public address");
    }

    @Test
    void wellKnownNat64PrefixIsJudgedByItsIpv4Address() {
        for (String url : List.of("https://[64:ff9b::a9fe:a9fe]/", "https://[64:ff9b::169.254.169.254]/", "https://[64:ff9b::7f00:1]/",
                "https://[64:ff9b::c0a8:101]/", "https://[64:ff9b::0.0.0.0]/")) {
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation(url), url);
        }
        assertEquals(Optional.empty(), strict.violation("https://[64:ff9b::808:808]/"), "NAT64 of 8.8.8.8");
        assertEquals(Optional.empty(), strict.violation("https://[64:ff9b::93.184.215.14]/"), "NAT64 of 93.184.215.14");
    }

    /**
     * Teredo (2001:0::/32, RFC 4380): 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC, the server's IPv4 address in bits 32-63 and
     * the client's in the last 32 bits, inverted. A packet to it ends at the client, through the server: both are judged.
     */
    @Test
    void teredoIsJudgedByItsServerAndItsClientIpv4Address() {
        for (String url : List.of(
                "https://[2001:0:4136:e378:8000:63bf:5601:5601]/", // client 169.254.169.254 (~a9fe:a9fe), server 65.54.227.120
                "https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/", // client 10.0.0.1
                "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", // client 127.0.0.1
                "https://[2001:0:4136:e378:8000:63bf:3f57:fef5]/", // client 192.168.1.10
                "https://[2001:0:4136:e378:8000:63bf:ffff:ffff]/", // client 0.0.0.0
                "https://[2001:0:a9fe:a9fe:8000:63bf:f7f7:f7f7]/", // server 169.254.169.254, client 8.8.8.8
                "https://[2001:0:a00:1:8000:63bf:f7f7:f7f7]/")) { // server 10.0.0.1, client 8.8.8.8
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation(url), url);
        }
        // server 65.54.227.120, client 8.8.8.8 (~f7f7:f7f7)
        assertEquals(Optional.empty(), strict.violation("https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/"));
        // neighbours in 2001::/16 are no Teredo: Google's public DNS
        assertEquals(Optional.empty(), strict.violation("https://[2001:4860:4860::8888]/"));
        // link-local stays refused where loopback is allowed; a loopback client passes there like 127.0.0.1
        OutboundUrlGuard loopbackOnly = new OutboundUrlGuard(false, true, List.of("https", "http"), List.of("*"));
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS),
                loopbackOnly.violation("https://[2001:0:4136:e378:8000:63bf:5601:5601]/"));
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS),
                loopbackOnly.violation("https://[2001:0:a00:1:8000:63bf:80ff:fffe]/"), "private server, loopback client");
    }

    /**
     * Local-use NAT64 (64:ff9b:1::/48, RFC 8215) may carry any RFC 6052 format with a prefix of /48, /56, /64 or /96, and
     * the address does not say which one the operator's translator reads: every position must hold a public address.
     */
    @Test
    void localUseNat64IsJudgedByTheIpv4AddressAtEveryPositionItsTranslatorMayRead() {
        for (String url : List.of("https://[64:ff9b:1::a9fe:a9fe]/", // /96: 169.254.169.254
                "https://[64:ff9b:1::10.0.0.1]/", // /96: 10.0.0.1
                "https://[64:ff9b:1:a9fe:a9:fe00::]/", // /48: 169.254 in bits 48-63, .169.254 in 72-87
                "https://[64:ff9b:1:a00:0:100::]/", // /48: 10.0.0.1
                "https://[64:ff9b:1:7f:0:1:0:0]/", // /56: 127.0.0.1 in bits 56-63 and 72-95
                "https://[64:ff9b:1:0:a9:fea9:fe00:0]/", // /64: 169.254.169.254 in bits 72-103
                "https://[64:ff9b:1:ffff::808:808]/")) { // /96 reads 8.8.8.8, /48 reads 255.255.0.0
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation(url), url);
        }
        // a public address in the /96 format behind a zero-padded prefix: the /48 format reads 0.0.0.0 there
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), strict.violation("https://[64:ff9b:1::808:808]/"));
        // 8.8.8.8 at every position
        assertEquals(Optional.empty(), strict.violation("https://[64:ff9b:1:808:8:808:808:808]/"));
        // outside the /48: no NAT64 prefix
        assertEquals(Optional.empty(), strict.violation("https://[2606:4700:4700::1001]/"));
    }

    @Test
    void neighboursOfThePrivateRangesArePublic() {
        for (String url : List.of("http://172.15.255.255/", "http://172.32.0.1/", "http://100.63.255.255/",
                "http://100.128.0.1/", "http://169.253.1.1/", "http://11.0.0.1/", "http://192.169.0.1/")) {
            assertEquals(Optional.empty(), strict.violation(url), url);
        }
    }

    @Test
    void schemesPortsAndShapesAreChecked() {
        assertEquals(Optional.of("must use http or https"), strict.violation("ftp://8.8.8.8/x"));
        assertEquals(Optional.of("must use http or https"), strict.violation("file:///etc/passwd"));
        assertEquals(Optional.of("must use port 80 or 443"), strict.violation("https://8.8.8.8:8443/"));
        assertEquals(Optional.of("must be an absolute URL"), strict.violation("/relative/path"));
        assertEquals(Optional.of("must be an absolute URL"), strict.violation("http://exa mple.com/"));
        assertEquals(Optional.of("must not carry user information"), strict.violation("https://user:pw@8.8.8.8/"));
        assertEquals(Optional.of("must name a host"), strict.violation("https:///path"));
    }

    @Test
    void allowLoopbackLetsLoopbackThroughAndNothingElseOfTheOperatorsNetwork() {
        OutboundUrlGuard loopbackOnly = new OutboundUrlGuard(false, true, List.of("https", "http"), List.of("*"));
        for (String url : List.of("http://127.0.0.1:18080/events", "https://[::1]:8443/")) {
            assertEquals(Optional.empty(), loopbackOnly.violation(url), url);
        }
        for (String url : List.of("http://10.0.0.5/x", "http://172.16.3.4/x", "http://192.168.1.1/x", "http://[fd12:3456::1]/x",
                "http://169.254.169.254/latest/meta-data/", "http://[fe80::1]/x", "http://0.0.0.0/x",
                "http://[::ffff:169.254.169.254]/x")) {
            assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), loopbackOnly.violation(url), url);
        }
    }

    @Test
    void allowPrivateLetsLoopbackAndPrivateThroughButNeverLinkLocalOrMulticast() {
        assertEquals(Optional.empty(), devstack.violation("http://127.0.0.1:41234/vendor"));
        assertEquals(Optional.empty(), devstack.violation("http://10.0.0.5:8080/"));
        assertEquals(Optional.empty(), devstack.violation("https://[fd00::5]/"));
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), devstack.violation("http://169.254.169.254/"));
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), devstack.violation("http://0.0.0.0:8080/"));
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS), devstack.violation("http://239.1.1.1/"));
    }

    @Test
    void resolvedAddressesAreCheckedWithoutALookup() throws Exception {
        URI uri = URI.create("https://vendor.example/hook");
        assertEquals(Optional.empty(), strict.violation(uri, List.of(InetAddress.getByName("8.8.4.4"))));
        assertEquals(Optional.of(OutboundUrlGuard.INTERNAL_ADDRESS),
                strict.violation(uri, List.of(InetAddress.getByName("8.8.4.4"), InetAddress.getByName("10.0.0.1"))));
        assertFalse(strict.permitted(InetAddress.getByName("192.168.0.10")));
        assertTrue(devstack.permitted(InetAddress.getByName("192.168.0.10")));
    }

    @Test
    void severalUrlsAreReportedByField() {
        Map<String, String> found = strict.violationsBlocking(Map.of("a", "https://8.8.8.8/", "b", "http://10.0.0.1/"));
        assertEquals(Map.of("b", OutboundUrlGuard.INTERNAL_ADDRESS), found);
    }
}
