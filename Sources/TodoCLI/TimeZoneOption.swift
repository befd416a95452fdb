import Foundation
import TodoCore

/// The time zone a command reckons its days and times in (TIME-6): `--tz ZONE`, else `TZ`, else
/// the system's.
public enum CLITimeZone {
    /// The zone `--tz ZONE` or `--tz=ZONE` names among `arguments` (before a `--`), when it names
    /// one: the composition root opens the list in it, `TodoCLI.run` reckons today in it.
    public static func named(in arguments: some Sequence<String>) -> TimeZone? {
        var arguments = arguments.makeIterator()
        while let argument = arguments.next(), argument != "--" {
            if argument == "--tz" { return arguments.next().flatMap(zone) }
            if argument.hasPrefix("--tz=") { return zone(String(argument.dropFirst(5))) }
        }
        return nil
    }

    /// The zone an IANA name or a `TZ` value (`Asia/Tokyo`, `:Asia/Tokyo`) names; nil for
    /// anything else (an offset such as `+09:00` is no zone: its clock never changes).
    static func zone(_ name: String) -> TimeZone? {
        let name = name.hasPrefix(":") ? String(name.dropFirst()) : name
        guard !name.isEmpty, name.utf8.count <= 64, TimeZone.knownTimeZoneIdentifiers.contains(name) || name == "UTC"
        else { return nil }
        return TimeZone(identifier: name)
    }

    /// Up to five zones named like `name`, for the refusal of an unknown one: those whose city
    /// contains it, else those a letter or two away from it.
    static func like(_ name: String) -> [String] {
        let wanted = city(name)
        guard !wanted.isEmpty else { return [] }
        let known = TimeZone.knownTimeZoneIdentifiers.sorted()
        let containing = known.filter { city($0).contains(wanted) }
        if !containing.isEmpty { return Array(containing.prefix(5)) }
        return Array(known.filter { distance(city($0), wanted, atMost: 2) <= 2 }.prefix(5))
    }

    /// The last part of a zone's name, lower-cased, without `_`: `new york` for `America/New_York`.
    private static func city(_ name: String) -> String {
        String(name.split(separator: "/").last ?? "").lowercased().replacingOccurrences(of: "_", with: " ")
    }

    /// How many letters change `a` into `b` (Levenshtein), or more than `limit` once that is certain.
    private static func distance(_ a: String, _ b: String, atMost limit: Int) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard abs(a.count - b.count) <= limit, a.count <= 64, b.count <= 64 else { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension CLIContext {
    /// The zone the command reckons in: `TZ` (which `--tz` sets), else the system's.
    public var timeZone: TimeZone {
        environment["TZ"].flatMap { CLITimeZone.zone($0) ?? TimeZone(identifier: $0) } ?? systemZone
    }

    /// The context of a command run with `--tz zone`: today, `TZ` and what reads it, in `zone`.
    mutating func reckon(in zone: TimeZone) {
        environment["TZ"] = zone.identifier
        let now = self.now
        today = { CalendarDate(now(), in: zone) }
    }

    /// The time it is on the command's clock: a to-do due today before it is overdue (TIME-7).
    var timeOfDay: TimeOfDay { TimeOfDay(now(), in: timeZone) }
}
