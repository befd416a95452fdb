/// Estimated durations, kept as whole minutes and written like `30m`, `1h`, `1h30m`.
public enum Estimate {
    /// The longest estimate accepted: one week.
    public static let maximumMinutes = 7 * 24 * 60

    /// Parses `45m`, `2h`, `1h30m` or a bare number of minutes (`90`).
    /// Returns nil for anything else, for zero and for more than a week.
    public static func minutes(from text: String) -> Int? {
        let input = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !input.isEmpty else { return nil }
        // Every number is checked against the week before it is multiplied or added, so no
        // input can overflow (HARDEN-1).
        var total = 0
        if input.allSatisfy(\.isASCII), let plain = Int(input) {
            total = plain
        } else {
            var number = ""
            var sawUnit = false
            for char in input {
                if char.isASCII, char.isNumber {
                    number.append(char)
                } else if char == "h" || char == "m" {
                    guard let value = Int(number), value <= maximumMinutes, !(char == "h" && sawUnit) else { return nil }
                    total += char == "h" ? value * 60 : value
                    guard total <= maximumMinutes else { return nil }
                    number = ""
                    sawUnit = true
                } else {
                    return nil
                }
            }
            guard number.isEmpty, sawUnit else { return nil }
        }
        guard total > 0, total <= maximumMinutes else { return nil }
        return total
    }

    /// `30m`, `1h`, `1h30m`.
    public static func text(minutes: Int) -> String {
        let hours = minutes / 60, rest = minutes % 60
        switch (hours, rest) {
        case (0, _): return "\(rest)m"
        case (_, 0): return "\(hours)h"
        default: return "\(hours)h\(rest)m"
        }
    }
}
