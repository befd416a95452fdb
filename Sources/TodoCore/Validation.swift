import Foundation

/// Why an item's values were refused. Each case reads as one sentence a person understands.
public enum TodoValidationError: Error, Equatable, Sendable, LocalizedError {
    case emptyTitle
    case titleTooLong(length: Int)
    case titleHasControlCharacters
    case detailsTooLong(length: Int)
    case detailsHaveInvalidCharacters
    case emptyLocationName
    case nameHasControlCharacters(field: String)
    case locationNameTooLong(length: Int)
    case incompleteCoordinates
    case latitudeOutOfRange(Double)
    case longitudeOutOfRange(Double)
    case emptyProjectName
    case projectNameTooLong(length: Int)
    case estimateOutOfRange(minutes: Int)
    case invalidPosition

    public var errorDescription: String? {
        switch self {
        case .emptyTitle:
            "The title can't be empty."
        case .titleTooLong(let length):
            "The title is \(length) characters long; it can be at most \(TodoRules.maxTitleLength)."
        case .titleHasControlCharacters:
            "The title can't contain line breaks or control characters."
        case .detailsTooLong(let length):
            "The details are \(length) characters long; they can be at most \(TodoRules.maxDetailsLength)."
        case .detailsHaveInvalidCharacters:
            "The details can't contain NUL or other control characters (line breaks and tabs are fine)."
        case .emptyLocationName:
            "A location needs a name."
        case .nameHasControlCharacters(let field):
            "The \(field) name can't contain line breaks, NUL or other control characters."
        case .locationNameTooLong(let length):
            "The location name is \(length) characters long; it can be at most \(TodoRules.maxNameLength)."
        case .incompleteCoordinates:
            "A location needs both a latitude and a longitude, or neither."
        case .latitudeOutOfRange(let value):
            "The latitude \(value) is outside -90…90."
        case .longitudeOutOfRange(let value):
            "The longitude \(value) is outside -180…180."
        case .emptyProjectName:
            "A project needs a name."
        case .projectNameTooLong(let length):
            "The project name is \(length) characters long; it can be at most \(TodoRules.maxNameLength)."
        case .estimateOutOfRange(let minutes):
            "The estimate of \(minutes) minutes is outside 1 minute…1 week."
        case .invalidPosition:
            "The order must be a finite number."
        }
    }
}

/// The rules every stored item obeys. Both stores apply them; the database enforces a
/// coarser copy with CHECK constraints so that a bug cannot store a bad row.
public enum TodoRules {
    public static let maxTitleLength = 500
    public static let maxDetailsLength = 10_000
    public static let maxNameLength = 200

    /// The title trimmed, or the reason it is refused. Length counts characters as a person
    /// sees them (grapheme clusters), after trimming.
    public static func title(_ raw: String) throws(TodoValidationError) -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .emptyTitle }
        guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .titleHasControlCharacters }
        guard title.count <= maxTitleLength else { throw .titleTooLong(length: title.count) }
        return title
    }

    /// The details, nil when blank, or the reason they are refused. Kept verbatim otherwise.
    public static func details(_ raw: String?) throws(TodoValidationError) -> String? {
        guard let raw, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        guard !raw.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !allowed.contains($0)
        }) else { throw .detailsHaveInvalidCharacters }
        guard raw.count <= maxDetailsLength else { throw .detailsTooLong(length: raw.count) }
        return raw
    }

    public static func location(_ raw: Location?) throws(TodoValidationError) -> Location? {
        guard let raw else { return nil }
        let name = raw.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyLocationName }
        guard !hasControlCharacters(name) else { throw .nameHasControlCharacters(field: "location") }
        guard name.count <= maxNameLength else { throw .locationNameTooLong(length: name.count) }
        guard (raw.latitude == nil) == (raw.longitude == nil) else { throw .incompleteCoordinates }
        if let lat = raw.latitude, !(lat.isFinite && (-90...90).contains(lat)) { throw .latitudeOutOfRange(lat) }
        if let lon = raw.longitude, !(lon.isFinite && (-180...180).contains(lon)) { throw .longitudeOutOfRange(lon) }
        return Location(name: name, latitude: raw.latitude, longitude: raw.longitude)
    }

    public static func project(_ raw: Project?) throws(TodoValidationError) -> Project? {
        guard let raw else { return nil }
        let name = raw.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyProjectName }
        guard !hasControlCharacters(name) else { throw .nameHasControlCharacters(field: "project") }
        guard name.count <= maxNameLength else { throw .projectNameTooLong(length: name.count) }
        return Project(name: name)
    }

    /// Names are one line of text: a NUL or a control character would be cut off or garble a row.
    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    public static func estimate(_ minutes: Int?) throws(TodoValidationError) -> Int? {
        guard let minutes else { return nil }
        guard (1...Estimate.maximumMinutes).contains(minutes) else { throw .estimateOutOfRange(minutes: minutes) }
        return minutes
    }

    public static func position(_ value: Double?) throws(TodoValidationError) -> Double? {
        guard let value else { return nil }
        guard value.isFinite else { throw .invalidPosition }
        return value
    }
}
