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
    case priorityOutOfRange(Int)
    case tagHasComma(String)
    case tagHasControlCharacters
    case tagTooLong(String)
    case tooManyTags(count: Int)
    /// A repeat rule REPEAT-7 refuses.
    case repeatRule(RepeatRule.Problem)
    /// SUB-2: a to-do under itself, under one of its own subtasks, under none the list has, or
    /// nested deeper than `Subtasks.maxDepth`.
    case parentIsItself
    case parentIsSubtask
    case parentNotFound
    case nestedTooDeep
    /// TIME-2: a due time without a due date.
    case timeWithoutDate
    /// A whole number of the field (its name in the shared JSON shape) outside its range.
    case outOfRange(field: String, value: Int, range: ClosedRange<Int>)
    case invalidPosition
    case positionOutOfRange(Double)
    case versionOutOfRange(Int)
    case timestampOutOfRange(field: String)

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
        case .priorityOutOfRange(let number):
            "The priority \(number) is outside 1 (highest) … 9 (lowest)."
        case .tagHasComma(let tag):
            "The tag “\(tag)” has a comma: tags are separated by commas."
        case .tagHasControlCharacters:
            "A tag can't contain line breaks, NUL or other control characters."
        case .tagTooLong(let tag):
            "The tag “\(tag)” is longer than \(TodoRules.maxTagLength) characters."
        case .tooManyTags(let count):
            "An item can have at most \(TodoRules.maxTagCount) tags, not \(count)."
        case .repeatRule(let problem):
            "The repeat rule can't be kept: \(problem)."
        case .parentIsItself:
            "A to-do can't be its own subtask."
        case .parentIsSubtask:
            "A to-do can't go under one of its own subtasks."
        case .parentNotFound:
            "There is no such to-do to put it under."
        case .nestedTooDeep:
            "Subtasks go at most \(Subtasks.maxDepth) levels deep."
        case .timeWithoutDate:
            "A due time needs a due date."
        case .outOfRange(let field, let value, let range):
            "The \(field) \(value) is outside \(range.lowerBound)…\(range.upperBound)."
        case .invalidPosition:
            "The order must be a finite number."
        case .positionOutOfRange(let value):
            "The order \(TodoRules.plain(value)) is outside \(TodoRules.rangeText(TodoRules.positionRange))."
        case .versionOutOfRange(let value):
            "The version \(value) is outside \(TodoRules.versionRange.lowerBound)…\(TodoRules.versionRange.upperBound)."
        case .timestampOutOfRange(let field):
            "The \(field) must lie between the years 1 and 9999."
        }
    }
}

/// The rules every stored item obeys, each defined once. Both stores apply them where input
/// arrives; the SQLite schema repeats the same numbers in CHECK constraints generated from
/// these constants (`Schema`, in TodoStore), so a bug cannot store a row the model would refuse.
///
/// Lengths are counted in Unicode code points, the unit SQLite's `length()` counts, so the
/// model and the database agree on every text (HARDEN-8).
public enum TodoRules {
    public static let maxTitleLength = 500
    public static let maxDetailsLength = 10_000
    public static let maxNameLength = 200

    /// Versions count an item's changes. The top is the largest integer every JSON reader
    /// holds exactly (2^53 − 1); after it the count starts again at 1 (`nextVersion`).
    public static let versionRange = 1...9_007_199_254_740_991

    /// Positions: wide enough for any list, narrow enough that `p ± 1` and midpoints of
    /// neighbours stay exact in a `Double`.
    public static let positionRange = -1e12...1e12

    /// Placing an item first or last never goes past this; the section is respaced first
    /// (HARDEN-9), so the full range stays free for positions that come from outside.
    public static let comfortablePositions = -5e11...5e11

    /// Items one import takes at most (HARDEN-22): every import path (web, API, CLI) and every
    /// format refuses a file with more, before it reads them one by one.
    public static let maxImportItems = 100_000

    /// Why a file with more than `maxImportItems` items is refused.
    public static let tooManyImportItems =
        "the file has more than 100,000 items, the most one import takes; split it into parts and import each"

    /// Timestamps: whole milliseconds from 0001-01-01 to the end of 9999-12-31 (UTC).
    public static let timestampRange: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999

    /// The version after `version`: one more, or 1 after the top of the range. Never traps.
    public static func nextVersion(after version: Int) -> Int {
        version >= versionRange.upperBound || version < versionRange.lowerBound ? versionRange.lowerBound : version + 1
    }

    /// The version, or why it is refused.
    public static func version(_ value: Int) throws(TodoValidationError) -> Int {
        guard versionRange.contains(value) else { throw .versionOutOfRange(value) }
        return value
    }

    /// The timestamp, or why it is refused (`field` names it in the sentence).
    public static func timestamp(_ date: Date, field: String) throws(TodoValidationError) -> Date {
        let milliseconds = date.timeIntervalSince1970 * 1000
        guard milliseconds.isFinite,
              Double(timestampRange.lowerBound) <= milliseconds, milliseconds <= Double(timestampRange.upperBound)
        else { throw .timestampOutOfRange(field: field) }
        return date
    }

    /// `length` as the rules count it: Unicode code points.
    public static func length(_ text: String) -> Int { text.unicodeScalars.count }

    static func plain(_ value: Double) -> String {
        Int64(exactly: value).map(String.init) ?? String(value)
    }

    static func rangeText(_ range: ClosedRange<Double>) -> String {
        "\(plain(range.lowerBound))…\(plain(range.upperBound))"
    }

    /// TIME-2: a due time belongs to a due date.
    public static func dueTime(_ content: TodoContent) throws(TodoValidationError) {
        if content.dueTime != nil, content.dueDate == nil { throw .timeWithoutDate }
    }

    /// The title trimmed, or the reason it is refused. Length counts code points, after trimming.
    public static func title(_ raw: String) throws(TodoValidationError) -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .emptyTitle }
        guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .titleHasControlCharacters }
        guard length(title) <= maxTitleLength else { throw .titleTooLong(length: length(title)) }
        return title
    }

    /// The details, nil when blank, or the reason they are refused. Kept verbatim otherwise.
    public static func details(_ raw: String?) throws(TodoValidationError) -> String? {
        guard let raw, !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        let allowed: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        guard !raw.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control && !allowed.contains($0)
        }) else { throw .detailsHaveInvalidCharacters }
        guard length(raw) <= maxDetailsLength else { throw .detailsTooLong(length: length(raw)) }
        return raw
    }

    public static func location(_ raw: Location?) throws(TodoValidationError) -> Location? {
        guard let raw else { return nil }
        let name = raw.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .emptyLocationName }
        guard !hasControlCharacters(name) else { throw .nameHasControlCharacters(field: "location") }
        guard length(name) <= maxNameLength else { throw .locationNameTooLong(length: length(name)) }
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
        guard length(name) <= maxNameLength else { throw .projectNameTooLong(length: length(name)) }
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

    /// A priority's number in 0…9 (PRIO-2).
    public static func priority(_ priority: Priority) throws(TodoValidationError) -> Priority {
        guard Priority.numbers.contains(priority.number) else { throw .priorityOutOfRange(priority.number) }
        return priority
    }

    /// A repeat rule REPEAT-7 keeps (REPEAT-13), or its problem.
    public static func repeatRule(_ rule: RepeatRule?) throws(TodoValidationError) -> RepeatRule? {
        if let problem = rule?.problem() { throw .repeatRule(problem) }
        return rule
    }

    public static let maxTagLength = 50
    public static let maxTagCount = 20

    /// Each tag trimmed, blank ones dropped, then checked (TAG-2): no comma, no control
    /// character, at most `maxTagLength` characters; at most `maxTagCount` tags.
    public static func tags(_ raw: Tags) throws(TodoValidationError) -> Tags {
        let names = raw.names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in names {
            guard !hasControlCharacters(name) else { throw .tagHasControlCharacters }
            guard !name.contains(",") else { throw .tagHasComma(name) }
            guard length(name) <= maxTagLength else { throw .tagTooLong(name) }
        }
        let tags = Tags(names)
        guard tags.names.count <= maxTagCount else { throw .tooManyTags(count: tags.names.count) }
        return tags
    }

    /// The rule of an optional whole-number field (its name in the shared JSON shape) whose
    /// values lie in `range`: a field's `rule` in `ItemField.all`.
    public static func wholeNumber(
        in range: ClosedRange<Int>, field: String
    ) -> @Sendable (Int?) throws(TodoValidationError) -> Int? {
        { value throws(TodoValidationError) in
            guard let value else { return nil }
            guard range.contains(value) else { throw .outOfRange(field: field, value: value, range: range) }
            return value
        }
    }

    public static func position(_ value: Double?) throws(TodoValidationError) -> Double? {
        guard let value else { return nil }
        guard value.isFinite else { throw .invalidPosition }
        guard positionRange.contains(value) else { throw .positionOutOfRange(value) }
        return value
    }
}
