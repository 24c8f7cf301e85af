package dev.marketplace.gateway.ratelimit.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.marketplace.gateway.ratelimit.service.ClientAddresses.ClientAddress;

/** Which hop of X-Forwarded-For is the client, and which bucket an address is counted in. */
class ClientAddressesTest {
    private final ClientAddresses ingress = new ClientAddresses(List.of("10.0.0.0/8", "fd00::/8", "192.0.2.7"));

    private static ClientAddress client(ClientAddresses addresses, String peer, String... forwardedFor) {
        return addresses.resolve(peer, List.of(forwardedFor));
    }

    @Test
    void withoutTrustedProxiesNoForwardedHeaderIsBelieved() {
        ClientAddresses none = new ClientAddresses(List.of());
        assertEquals("10.1.2.3", client(none, "10.1.2.3", "198.51.100.1").address());
        assertEquals("10.1.2.3", client(none, "10.1.2.3").bucket());
    }

    @Test
    void aPeerThatIsNoTrustedProxyIsTheClientWhateverItForwards() {
        assertEquals("203.0.113.5", client(ingress, "203.0.113.5", "198.51.100.1").address());
    }

    @Test
    void theRightmostHopThatIsNoTrustedProxyIsTheClientNotTheLeftmost() {
        // the client wrote "1.1.1.1, 2.2.2.2"; the ingress appended the address it was called from
        assertEquals("203.0.113.9", client(ingress, "10.0.0.4", "1.1.1.1, 2.2.2.2, 203.0.113.9").address());
        // behind two trusted proxies: both skipped
        assertEquals("203.0.113.9", client(ingress, "10.0.0.4", "1.1.1.1, 203.0.113.9, 10.9.9.9").address());
        // several header lines are one list, in order
        assertEquals("203.0.113.9", client(ingress, "10.0.0.4", "1.1.1.1", "203.0.113.9,192.0.2.7").address());
        // ports and brackets are not part of the address
        assertEquals("203.0.113.9", client(ingress, "10.0.0.4", "1.1.1.1, 203.0.113.9:4711").address());
        assertEquals("2001:db8:0:0:0:0:0:9", client(ingress, "10.0.0.4", "1.1.1.1, [2001:db8::9]:443").address());
    }

    @Test
    void onlyTrustedHopsMeanTheLeftmostAndNoHeaderMeansThePeer() {
        assertEquals("10.0.0.1", client(ingress, "10.0.0.4", "10.0.0.1, 10.0.0.2").address());
        assertEquals("10.0.0.4", client(ingress, "10.0.0.4").address());
    }

    @Test
    void somethingThatIsNoAddressWhereTheClientShouldBeIsNeverTakenAsOne() {
        // written by a trusted proxy that could not tell: counted as that proxy, never as a string a client chose
        assertEquals("10.0.0.9", client(ingress, "10.0.0.4", "evil, 10.0.0.9").address());
        assertEquals("10.0.0.4", client(ingress, "10.0.0.4", "unknown").address());
    }

    @Test
    void anIpv6ClientIsCountedByItsSlash64AndAMappedIpv4AsIpv4() {
        ClientAddress a = client(ingress, "10.0.0.4", "2001:db8:1:2:aaaa::1");
        ClientAddress b = client(ingress, "10.0.0.4", "2001:db8:1:2:bbbb:cccc:dddd:eeee");
        assertEquals("2001:db8:1:2::/64", a.bucket());
        assertEquals(a.bucket(), b.bucket());
        assertEquals("2001:db8:1:3::/64", client(ingress, "10.0.0.4", "2001:db8:1:3::1").bucket());
        assertEquals("2001:db8:1:2:aaaa:0:0:1", a.address());
        assertEquals("203.0.113.9", client(ingress, "10.0.0.4", "::ffff:203.0.113.9").bucket());
        // a peer without any proxy is counted the same way
        assertEquals("2001:db8:1:2::/64", client(new ClientAddresses(List.of()), "2001:db8:1:2::77").bucket());
        // IPv6 ranges are trusted like IPv4 ones
        assertEquals("2001:db8:1:2::/64", client(ingress, "fd12::1", "2001:db8:1:2::5, fd00::3").bucket());
    }

    @Test
    void aRangeThatIsNoRangeStopsTheStart() {
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("ingress.example")));
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("10.0.0.0/33")));
        assertThrows(IllegalArgumentException.class, () -> new ClientAddresses(List.of("10.0.0.0/x")));
    }
}
