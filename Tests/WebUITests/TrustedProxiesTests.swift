import Testing
import WebUI

/// Reading a proxy's `X-Forwarded-For` (docs/specs/servers.md, SERVERS-4, SERVERS-8).
@Suite("WebUI: trusted proxies")
struct TrustedProxiesTests {
    @Test("SERVERS-8 IPv4 and IPv6 addresses are addresses, in one spelling; names, ranges and other text are not", arguments: [
        ("127.0.0.1", "127.0.0.1"), (" 10.0.0.1 ", "10.0.0.1"), ("::1", "::1"), ("[::1]", "::1"),
        ("0:0:0:0:0:0:0:1", "::1"), ("2001:DB8::9", "2001:db8::9"), ("::ffff:127.0.0.1", "127.0.0.1"),
    ])
    func test_SERVERS_8_addresses(text: String, spelled: String) {
        #expect(IPAddress.normalized(text) == spelled)
        #expect(IPAddress.isAddress(text))
    }

    @Test("SERVERS-8 not addresses", arguments: [
        "localhost", "nginx.internal", "127.0.0.0/8", "127.0.0", "1.2.3.4.5", "fe80::1%eth0", "", " ", "127.0.0.1:80",
        String(repeating: "1", count: 100),
    ])
    func test_SERVERS_8_notAddresses(text: String) {
        #expect(IPAddress.normalized(text) == nil)
        #expect(!IPAddress.isAddress(text))
    }

    @Test("SERVERS-4 the last X-Forwarded-For entry from a trusted proxy; the peer otherwise")
    func test_SERVERS_4_clientAddress() {
        let proxies = TrustedProxies(["127.0.0.1", "::1", "not an address"])
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["1.1.1.1, 198.51.100.7"]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "::ffff:127.0.0.1", forwardedFor: ["198.51.100.7"]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7", "  "]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: ["198.51.100.7", "unknown"]) == "127.0.0.1")
        #expect(proxies.clientAddress(peer: "127.0.0.2", forwardedFor: ["198.51.100.7"]) == "127.0.0.2")
        #expect(proxies.clientAddress(peer: "web", forwardedFor: ["198.51.100.7"]) == "web")
        #expect(TrustedProxies(["not an address"]).isEmpty)
        let long = Array(repeating: "10.0.0.1", count: 10_000).joined(separator: ", ") + ", 198.51.100.7"
        #expect(proxies.clientAddress(peer: "127.0.0.1", forwardedFor: [long]) == "198.51.100.7")
    }
}
