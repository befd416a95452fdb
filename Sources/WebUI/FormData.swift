/// The fields of an `application/x-www-form-urlencoded` body or a query string, in order,
/// repeated names kept (checkbox groups).
public struct FormData: Sendable, Equatable {
    public private(set) var fields: [(name: String, value: String)]

    public init(fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// Parses `a=1&b=x+y&c=%C3%A9`. Malformed percent escapes are kept literally.
    public init(urlEncoded body: String) {
        fields = body.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = FormData.decode(parts[0])
            let value = parts.count > 1 ? FormData.decode(parts[1]) : ""
            return (name, value)
        }
    }

    /// The first value named `name`.
    public subscript(name: String) -> String? { fields.first { $0.name == name }?.value }

    /// Every value named `name`, in order.
    public func all(_ name: String) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    public static func == (lhs: FormData, rhs: FormData) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    private static func decode(_ raw: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = Array(raw.utf8)[...]
        while let byte = iterator.popFirst() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                if iterator.count >= 2,
                   let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                    bytes.append(value)
                    iterator = iterator.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
