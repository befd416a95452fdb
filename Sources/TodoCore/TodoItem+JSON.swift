import Foundation

/// The one JSON shape of an item that the whole project shares (CLI `--json`, the web API,
/// export and import):
///
/// `{"id","number","title","details","completed","dueDate","location","project","estimateMinutes",
///   "repeatDays","order","createdAt","updatedAt","completedAt","version"}`
///
/// `number` is the item's stable short number (`#7`); 0 or absent when it has none yet.
///
/// Absent values are written as `null`; dates are `YYYY-MM-DD`; timestamps ISO 8601 UTC
/// with milliseconds; repeat days three-letter names, Monday first.
///
/// `TodoJSONWriter` (TodoItem+JSONWriter.swift) writes the same bytes without the encoder, for
/// long lists: a change of this shape is made in both (`TodoJSONWriterTests` compares them).
extension TodoItem: Codable {
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, details, completed, dueDate, location, project, estimateMinutes
        case repeatDays, order, createdAt, updatedAt, completedAt, version
        case number
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id.lowercasedText, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(details, forKey: .details)
        try c.encode(isDone, forKey: .completed)
        try c.encode(dueDate, forKey: .dueDate)
        try c.encode(location, forKey: .location)
        try c.encode(project?.name, forKey: .project)
        try c.encode(estimateMinutes, forKey: .estimateMinutes)
        try c.encode(repeatDays.ordered, forKey: .repeatDays)
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
        self.init(
            id: id,
            title: try c.decode(String.self, forKey: .title),
            details: try c.decodeIfPresent(String.self, forKey: .details),
            isDone: try c.decodeIfPresent(Bool.self, forKey: .completed) ?? false,
            dueDate: try c.decodeIfPresent(CalendarDate.self, forKey: .dueDate),
            location: try c.decodeIfPresent(Location.self, forKey: .location),
            project: try c.decodeIfPresent(String.self, forKey: .project).map(Project.init(name:)),
            estimateMinutes: try c.decodeIfPresent(Int.self, forKey: .estimateMinutes),
            repeatDays: Set(try c.decodeIfPresent([Weekday].self, forKey: .repeatDays) ?? []),
            position: try c.decodeIfPresent(Double.self, forKey: .order) ?? 0,
            createdAt: createdAt,
            updatedAt: try timestamp(.updatedAt) ?? createdAt,
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
