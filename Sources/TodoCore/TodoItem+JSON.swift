import Foundation

/// The one JSON shape of an item that the whole project shares (CLI `--json`, the web API,
/// export and import):
///
/// `{"id","number", …the content's fields…, "order","createdAt","updatedAt","completedAt","version"}`
///
/// `number` is the item's stable short number (`#7`); 0 or absent when it has none yet.
///
/// Absent values are written as `null`; dates are `YYYY-MM-DD`; timestamps ISO 8601 UTC
/// with milliseconds; repeat days three-letter names, Monday first.
///
/// The content's members are those of `ItemField.all`, each written and read by its field;
/// the others are the item's bookkeeping. The API writes long lists with `TodoJSONWriter`
/// (TodoWeb), from the same fields (`TodoJSONWriterTests` compares the bytes).
extension TodoItem: Codable {
    /// The members of the shape, by name.
    public struct CodingKeys: CodingKey, Hashable, Sendable {
        public let stringValue: String
        public var rawValue: String { stringValue }
        public var intValue: Int? { nil }
        public init(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }

        static let id = CodingKeys(stringValue: "id"), number = CodingKeys(stringValue: "number")
        static let order = CodingKeys(stringValue: "order"), version = CodingKeys(stringValue: "version")
        static let createdAt = CodingKeys(stringValue: "createdAt"), updatedAt = CodingKeys(stringValue: "updatedAt")
        static let completedAt = CodingKeys(stringValue: "completedAt")

        /// Every member: the bookkeeping, then the content's fields.
        public static let allCases = [id, number, order, version, createdAt, updatedAt, completedAt]
            + ItemField.all.map { CodingKeys(stringValue: $0.id) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id.lowercasedText, forKey: .id)
        for field in ItemField.all { try c.encode(field.json(content), forKey: CodingKeys(stringValue: field.id)) }
        try c.encode(position, forKey: .order)
        try c.encode(Timestamp.iso(createdAt), forKey: .createdAt)
        try c.encode(Timestamp.iso(updatedAt), forKey: .updatedAt)
        try c.encode(completedAt.map(Timestamp.iso), forKey: .completedAt)
        try c.encode(version, forKey: .version)
        try c.encode(number, forKey: .number)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func timestamp(_ key: CodingKeys) throws -> Date? {
            guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "\"\(text)\" is not an ISO 8601 timestamp.")
            }
            return date
        }
        guard let id = UUID(uuidString: try c.decode(String.self, forKey: .id)) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: c, debugDescription: "The id is not a UUID.")
        }
        guard let createdAt = try timestamp(.createdAt) else {
            throw DecodingError.keyNotFound(
                CodingKeys.createdAt, .init(codingPath: c.codingPath, debugDescription: "createdAt is missing."))
        }
        var content = TodoContent(title: "")
        for field in ItemField.all {
            let key = CodingKeys(stringValue: field.id)
            do {
                try field.read(try c.decodeIfPresent(JSONValue.self, forKey: key), into: &content)
            } catch let error as JSONFieldError {
                throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: error.sentence)
            }
        }
        self.init(
            id: id, content: content, position: try c.decodeIfPresent(Double.self, forKey: .order) ?? 0,
            createdAt: createdAt, updatedAt: try timestamp(.updatedAt) ?? createdAt,
            completedAt: try timestamp(.completedAt),
            version: try c.decodeIfPresent(Int.self, forKey: .version) ?? 1,
            number: try c.decodeIfPresent(Int.self, forKey: .number) ?? 0)
    }
}

extension Location {
    private enum CodingKeys: String, CodingKey { case name, latitude, longitude }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try c.decode(String.self, forKey: .name),
            latitude: try c.decodeIfPresent(Double.self, forKey: .latitude),
            longitude: try c.decodeIfPresent(Double.self, forKey: .longitude))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
    }
}

/// Encoders configured for the shared shape: stable key order, no escaped slashes.
public enum TodoJSON {
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty
            ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
