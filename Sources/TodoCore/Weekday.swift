/// A day of the week, for an item's repeat days. Raw values are the project's shared
/// three-letter names (`"mon"` … `"sun"`), Monday first.
public enum Weekday: String, CaseIterable, Codable, Sendable, Comparable {
    case monday = "mon", tuesday = "tue", wednesday = "wed", thursday = "thu"
    case friday = "fri", saturday = "sat", sunday = "sun"

    /// Monday = 0 … Sunday = 6.
    public var index: Int { Weekday.allCases.firstIndex(of: self)! }

    /// "Monday", "Tuesday", …
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// "Mon", "Tue", …
    public var shortName: String { String(name.prefix(3)) }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.index < rhs.index }

    /// Parses a day name: the three-letter code or the full English name, any case.
    public init?(name: String) {
        let key = name.trimmingCharacters(in: .whitespaces).lowercased()
        guard let day = Weekday.allCases.first(where: { $0.rawValue == key || $0.name.lowercased() == key })
        else { return nil }
        self = day
    }

    /// The days as a bit set (Monday = bit 0), the form the database stores.
    public static func mask(of days: Set<Weekday>) -> Int {
        days.reduce(0) { $0 | (1 << $1.index) }
    }

    /// The days of a bit set made by `mask(of:)`.
    public static func days(fromMask mask: Int) -> Set<Weekday> {
        Set(Weekday.allCases.filter { mask & (1 << $0.index) != 0 })
    }
}

extension Set where Element == Weekday {
    /// The days Monday first, as lists and JSON show them.
    public var ordered: [Weekday] { sorted() }
}
