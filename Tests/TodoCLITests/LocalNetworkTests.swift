import Foundation
import ServerOptions
import Testing
import TodoCLI

/// The machine as a phone on its network reaches it, and what `todo serve` prints and proposes
/// with it (docs/specs/phone-setup.md, PHONE-1, PHONE-5).
@Suite("todo serve --lan: the local network")
struct LocalNetworkTests {
    static let home = ["HOME": "/home/ada"]
    static let network = LocalNetwork(addresses: ["192.168.1.23", "10.0.0.5"], hostName: "Studio.example.org")

    @Test("PHONE-1 the names a phone may use: each address, the host name and its .local name")
    func test_PHONE_1_names() {
        #expect(Self.network.hostNames == ["192.168.1.23", "10.0.0.5", "studio.example.org", "studio.local"])
        #expect(Self.network.phoneHosts == ["192.168.1.23", "10.0.0.5", "studio.local"])
        #expect(
            Self.network.phoneAddresses(port: 8080)
                == ["http://192.168.1.23:8080/", "http://10.0.0.5:8080/", "http://studio.local:8080/"])
    }

    @Test(
        "PHONE-1 a host name a phone can't look up is left out",
        arguments: ["", "localhost", "my host", "-studio", "studio-", "stüdio", "a..b", String(repeating: "a", count: 64)])
    func test_PHONE_1_unusableHostNames(name: String) {
        let network = LocalNetwork(addresses: ["192.168.1.23"], hostName: name)
        #expect(network.hostName == nil)
        #expect(network.hostNames == ["192.168.1.23"])
    }

    @Test("PHONE-1 loopback, link-local and unspecified addresses are not LAN addresses")
    func test_PHONE_1_lanAddresses() {
        for address in ["192.168.1.23", "10.0.0.5", "172.16.0.1", "203.0.113.9"] { #expect(LocalNetwork.isLANAddress(address)) }
        for address in ["127.0.0.1", "127.1.2.3", "169.254.10.1", "0.0.0.0", "::1", "fe80::1", "host", ""] {
            #expect(!LocalNetwork.isLANAddress(address))
        }
        // What the system reports holds no loopback address, whatever this machine's network is.
        #expect(LocalNetwork.current().addresses.allSatisfy(LocalNetwork.isLANAddress))
    }

    @Test("PHONE-1 the start line names the phone addresses, never 0.0.0.0")
    func test_PHONE_1_startLine() {
        let lan = ServeText.started(host: "0.0.0.0", port: 8080, network: Self.network, location: .file("/tmp/t.sqlite"), environment: [:])
        #expect(
            lan == "Todo is running at http://192.168.1.23:8080/ (also http://10.0.0.5:8080/, http://studio.local:8080/)"
                + " with the database /tmp/t.sqlite. Press Ctrl-C to stop.\n")
        let zh = ServeText.started(
            host: "0.0.0.0", port: 8080, network: LocalNetwork(addresses: ["192.168.1.23"], hostName: nil), location: .inMemory,
            environment: ["LANG": "zh_CN.UTF-8"])
        #expect(zh.hasPrefix("待办正在 http://192.168.1.23:8080/ 运行"))
        let unspecified = ServeText.started(host: "0.0.0.0", port: 9000, network: nil, location: .inMemory, environment: [:])
        #expect(unspecified.hasPrefix("Todo is running at http://127.0.0.1:9000/ with"))
        let v6 = ServeText.started(host: "::", port: 9000, network: nil, location: .inMemory, environment: [:])
        #expect(v6.hasPrefix("Todo is running at http://[::1]:9000/ with"))
        let bound = ServeText.started(host: "::1", port: 9000, network: nil, location: .inMemory, environment: [:])
        #expect(bound.hasPrefix("Todo is running at http://[::1]:9000/ with"))
    }

    @Test("PHONE-1 a machine without a network address still starts, and says a phone can't reach it yet")
    func test_PHONE_1_noAddress() {
        let line = ServeText.started(
            host: "0.0.0.0", port: 8080, network: LocalNetwork(addresses: [], hostName: nil), location: .inMemory, environment: [:])
        #expect(
            line == "Todo is running at http://127.0.0.1:8080/ with memory only (nothing is saved). Press Ctrl-C to stop.\n"
                + "No network address was found: a phone can't reach this machine yet. Connect it to your network and start again.\n")
    }

    @Test("PHONE-5 the first account's command names the database the server was given, never its password")
    func test_PHONE_5_firstAccountCommand() {
        let usual = StoreLocation.file("/home/ada/.local/share/todo/todo.sqlite")
        #expect(ServeText.firstAccountCommand(usual, environment: Self.home) == "todo users add NAME")
        #expect(ServeText.firstAccountCommand(.file("/srv/todo.sqlite"), environment: Self.home) == "todo users add NAME --db /srv/todo.sqlite")
        #expect(
            ServeText.firstAccountCommand(.file("/srv/my lists/it's.sqlite"), environment: Self.home)
                == #"todo users add NAME --db '/srv/my lists/it'\''s.sqlite'"#)
        #expect(
            ServeText.firstAccountCommand(.postgres("postgresql://todo:secret@db:5432/todo"), environment: Self.home)
                == "todo users add NAME --database-url postgresql://todo@db:5432/todo")
        // The database the environment names is the one `todo users` finds too.
        #expect(ServeText.firstAccountCommand(.file("/srv/todo.sqlite"), environment: ["TODO_DB": "/srv/todo.sqlite"]) == "todo users add NAME")
    }
}
