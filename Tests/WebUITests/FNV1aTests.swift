import Testing
import WebUI

/// The one fingerprint both apps use for validators and stamps: FNV-1a, 64 bits.
@Suite("WebUI: FNV-1a")
struct FNV1aTests {
    @Test("the published FNV-1a 64-bit test values, in 16 hex digits", arguments: [
        ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8"),
    ])
    func test_knownValues(text: String, hex: String) {
        #expect(FNV1a.of(Array(text.utf8)).hex == hex)
    }

    @Test("mixing in parts is hashing the whole")
    func test_mixInParts() {
        var hash = FNV1a()
        hash.mix("foo".utf8)
        hash.mix("bar".utf8)
        #expect(hash.value == FNV1a.of(Array("foobar".utf8)).value)
    }
}
