@testable import ComicsAPI
import Testing

@Suite("Marvel request signature")
struct MarvelCredentialsTests {
    @Test("hash of the documented example: ts 1, private abcd, public 1234")
    func documentedExample() {
        let credentials = MarvelCredentials(publicKey: "1234", privateKey: "abcd")

        #expect(credentials.hash(timestamp: "1") == "ffd275c5130566a2916217b101f26150")
    }

    @Test("query items carry ts, apikey and hash in that order")
    func queryItems() {
        let items = MarvelCredentials(publicKey: "1234", privateKey: "abcd").queryItems(timestamp: "1")

        #expect(items.map(\.name) == ["ts", "apikey", "hash"])
        #expect(items.map(\.value) == ["1", "1234", "ffd275c5130566a2916217b101f26150"])
    }

    @Test("accepts its own signature and rejects a wrong key, hash or timestamp")
    func accepts() {
        let credentials = MarvelCredentials(publicKey: "1234", privateKey: "abcd")

        #expect(credentials.accepts(timestamp: "1", apikey: "1234", hash: "FFD275C5130566A2916217B101F26150"))
        #expect(!credentials.accepts(timestamp: "2", apikey: "1234", hash: "ffd275c5130566a2916217b101f26150"))
        #expect(!credentials.accepts(timestamp: "1", apikey: "9999", hash: "ffd275c5130566a2916217b101f26150"))
        #expect(!credentials.accepts(timestamp: "1", apikey: "1234", hash: "00000000000000000000000000000000"))
    }

    @Test("MD5 matches the RFC 1321 test suite", arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfcVectors(input: String, expected: String) {
        #expect(MD5.hex(input) == expected)
    }
}
