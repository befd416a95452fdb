/// The public and private keys of a Marvel-compatible server, and the request signature they make.
public struct MarvelCredentials: Equatable, Sendable {
    public let publicKey: String
    public let privateKey: String

    public init(publicKey: String, privateKey: String) {
        self.publicKey = publicKey
        self.privateKey = privateKey
    }

    /// `md5(ts + privateKey + publicKey)` in lower-case hex, as the contract asks.
    public func hash(timestamp: String) -> String {
        MD5.hex(timestamp + privateKey + publicKey)
    }

    /// The `ts`, `apikey` and `hash` query parameters for one request.
    public func queryItems(timestamp: String) -> [(name: String, value: String)] {
        [("ts", timestamp), ("apikey", publicKey), ("hash", hash(timestamp: timestamp))]
    }

    /// `true` when `hash` is the signature of `timestamp` with these keys and `apikey` is the public key.
    public func accepts(timestamp: String, apikey: String, hash: String) -> Bool {
        apikey == publicKey && hash.lowercased() == self.hash(timestamp: timestamp)
    }
}
