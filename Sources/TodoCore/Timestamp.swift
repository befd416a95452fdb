import Foundation

/// Timestamps as the project keeps them: whole milliseconds since 1970, written in JSON as
/// ISO 8601 UTC with milliseconds (`2026-11-21T14:05:09.123Z`).
public enum Timestamp {
    /// `date` rounded to the millisecond, so that every store gives back exactly what it kept.
    public static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// Whole milliseconds since 1970, within `TodoRules.timestampRange`: a date outside it
    /// (which validation refuses wherever one comes from outside) is held at the nearer end
    /// rather than trapping in the conversion.
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        let range = TodoRules.timestampRange
        guard value.isFinite else { return value > 0 ? range.upperBound : range.lowerBound }
        if value <= Double(range.lowerBound) { return range.lowerBound }
        if value >= Double(range.upperBound) { return range.upperBound }
        return Int64(value)
    }

    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    public static func iso(_ date: Date) -> String {
        let (y, m, d, msOfDay) = utcParts(date)
        let h = msOfDay / 3_600_000, mi = msOfDay / 60_000 % 60, s = msOfDay / 1000 % 60, f = msOfDay % 1000
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(h, 2)):\(pad(mi, 2)):\(pad(s, 2)).\(pad(f, 3))Z"
    }

    /// The parts `iso` writes, in UTC: the day, and the milliseconds since its start. For
    /// writers that put them straight into bytes (the API's long lists).
    public static func utcParts(_ date: Date) -> (year: Int, month: Int, day: Int, millisecondOfDay: Int) {
        let (days, msOfDay) = floorDivide(milliseconds(date), 86_400_000)
        let (y, m, d) = civil(fromDays: days)
        return (y, m, d, Int(msOfDay))
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` or with a `±HH:MM` offset.
    public static func parse(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= chars.count else { return nil }
            var value: Int64 = 0
            for i in range {
                guard chars[i] >= 48, chars[i] <= 57 else { return nil }
                value = value * 10 + Int64(chars[i] - 48)
            }
            return value
        }
        guard chars.count >= 20, chars[4] == 45, chars[7] == 45, chars[10] == 84 || chars[10] == 116,
              chars[13] == 58, chars[16] == 58,
              let y = number(0..<4), let mo = number(5..<7), let d = number(8..<10),
              let h = number(11..<13), let mi = number(14..<16), let s = number(17..<19),
              CalendarDate(year: Int(y), month: Int(mo), day: Int(d)) != nil, h < 24, mi < 60, s < 61
        else { return nil }
        var index = 19
        var millis: Int64 = 0
        if chars[index] == 46 {  // fraction: keep milliseconds, ignore finer digits
            index += 1
            var digits = 0
            while index < chars.count, chars[index] >= 48, chars[index] <= 57 {
                if digits < 3 { millis = millis * 10 + Int64(chars[index] - 48) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if digits < 3 { for _ in digits..<3 { millis *= 10 } }
        }
        var offsetMinutes: Int64 = 0
        guard index < chars.count else { return nil }
        if chars[index] == 90 || chars[index] == 122 {  // Z
            index += 1
        } else if chars[index] == 43 || chars[index] == 45 {  // + or -
            guard chars.count == index + 6, chars[index + 3] == 58,
                  let oh = number(index + 1..<index + 3), let om = number(index + 4..<index + 6)
            else { return nil }
            offsetMinutes = (oh * 60 + om) * (chars[index] == 45 ? -1 : 1)
            index += 6
        }
        guard index == chars.count else { return nil }
        let days = daysFromCivil(Int(y), Int(mo), Int(d))
        let total = ((days * 24 + h) * 60 + mi - offsetMinutes) * 60_000 + s * 1000 + millis
        return date(milliseconds: total)
    }

    // Howard Hinnant's civil-from-days and days-from-civil algorithms (proleptic Gregorian).
    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
    }

    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month), d = Int64(day)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a >= 0 ? a / b : (a - b + 1) / b
        return (q, a - q * b)
    }

    private static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
