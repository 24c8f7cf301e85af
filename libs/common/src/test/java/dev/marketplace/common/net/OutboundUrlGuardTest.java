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
