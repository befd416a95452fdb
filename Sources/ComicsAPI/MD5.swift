import Crypto

/// MD5 for the Marvel request signature only (not for anything that needs security): swift-crypto's
/// `Insecure.MD5`, in lower-case hex.
enum MD5 {
    static func hex(_ text: String) -> String {
        Insecure.MD5.hash(data: Array(text.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }
}
