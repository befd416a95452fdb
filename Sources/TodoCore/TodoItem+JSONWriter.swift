import Foundation

/// The shared item shape (`TodoItem+JSON.swift`) written straight into bytes: the same bytes
/// `TodoJSON.encoder()` writes for an item (keys sorted, slashes unescaped, the same escapes and
/// numbers), without building the encoder's tree of boxed values for every item. Long lists
/// are written this way (`GET /api/todos`, HARDEN-7b): Foundation's `JSONEncoder` spends
/// about 10 µs on each item.
///
/// Strings escape `"`, `\` and the control characters U+0000…U+001F (`\b \t \n \f \r`, the others as
/// `\u00xx`) and are otherwise written as their UTF-8; numbers are written as Swift prints them,
/// without a trailing `.0`.
public enum TodoJSONWriter {
    /// Appends the item's object. With `urlPrefix`, a `"url"` member too (where the sorted keys
    /// put it): the prefix followed by the item's id in lower case, as the API gives it.
    public static func append(_ item: TodoItem, urlPrefix: String? = nil, to out: inout [UInt8]) {
        literal(#"{"completed":"#, &out)
        literal(item.isDone ? "true" : "false", &out)
        literal(#","completedAt":"#, &out)
        if let completedAt = item.completedAt { timestamp(completedAt, &out) } else { literal("null", &out) }
        literal(#","createdAt":"#, &out)
        timestamp(item.createdAt, &out)
        literal(#","details":"#, &out)
        if let details = item.details { string(details, &out) } else { literal("null", &out) }
        literal(#","dueDate":"#, &out)
        if let dueDate = item.dueDate { calendarDate(dueDate, &out) } else { literal("null", &out) }
        literal(#","estimateMinutes":"#, &out)
        if let minutes = item.estimateMinutes { integer(minutes, &out) } else { literal("null", &out) }
        literal(#","id":"#, &out)
        uuid(item.id, &out)
        literal(#","location":"#, &out)
        if let location = item.location { self.location(location, &out) } else { literal("null", &out) }
        literal(#","number":"#, &out)
        integer(item.number, &out)
        literal(#","order":"#, &out)
        number(item.position, &out)
        literal(#","project":"#, &out)
        if let project = item.project { string(project.name, &out) } else { literal("null", &out) }
        literal(#","repeatDays":"#, &out)
        out.append(UInt8(ascii: "["))
        for (index, day) in item.repeatDays.ordered.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(day.rawValue, &out)
        }
        out.append(UInt8(ascii: "]"))
        literal(#","title":"#, &out)
        string(item.title, &out)
        literal(#","updatedAt":"#, &out)
        timestamp(item.updatedAt, &out)
        if let urlPrefix {
            literal(#","url":"#, &out)
            out.append(UInt8(ascii: "\""))
            escaped(urlPrefix, &out)
            uuidDigits(item.id, &out)
            out.append(UInt8(ascii: "\""))
        }
        literal(#","version":"#, &out)
        integer(item.version, &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `value` as a JSON string, quoted and escaped.
    public static func string(_ value: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        escaped(value, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string: `value` as UTF-8 with the characters JSON reserves escaped.
    private static func escaped(_ value: String, _ out: inout [UInt8]) {
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if start < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
                start = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                default:
                    out.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigit(byte >> 4), hexDigit(byte & 0x0F)])
                }
            }
            if start < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        }
    }

    // MARK: the parts

    /// Text as it is: a member's name with its punctuation, `null`, `true` or `false`.
    private static func literal(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static func integer(_ value: Int, _ out: inout [UInt8]) {
        guard value != 0 else { return out.append(UInt8(ascii: "0")) }
        if value < 0 { out.append(UInt8(ascii: "-")) }
        // The magnitude as an unsigned number, so that Int.min has one too.
        var rest = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 20 digits, written back to front
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// `value` (0 …  9999) in `width` digits (2, 3 or 4), zeros in front. Divisions by constants
    /// only: a loop over a computed divisor cost more than the rest of a timestamp.
    private static func fixedDigits(_ value: Int, width: Int, _ out: inout [UInt8]) {
        if width >= 4 { out.append(digit(value / 1000)) }
        if width >= 3 { out.append(digit(value / 100)) }
        out.append(digit(value / 10))
        out.append(digit(value))
    }

    /// The last decimal digit of `value` (≥ 0) as a character.
    private static func digit(_ value: Int) -> UInt8 {
        UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }

    /// Not a number and the infinities, which no stored item holds (`TodoRules` keeps positions
    /// and coordinates finite) and JSON cannot say, are written as `null`.
    private static func number(_ value: Double, _ out: inout [UInt8]) {
        guard value.isFinite else { return literal("null", &out) }
        // Whole numbers well inside the range where Swift prints every digit: straight to digits
        // (−0 keeps its sign through the general path).
        if value == value.rounded(.towardZero), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return integer(Int(value), &out)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`, as `Timestamp.iso` writes it.
    private static func timestamp(_ date: Date, _ out: inout [UInt8]) {
        let ms = Timestamp.milliseconds(date)
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_400_000 + 1) / 86_400_000
        let msOfDay = Int(ms - days * 86_400_000)
        let (y, m, d) = Timestamp.civil(fromDays: days)
        out.append(UInt8(ascii: "\""))
        fixedDigits(y, width: 4, &out)
        out.append(UInt8(ascii: "-"))
        fixedDigits(m, width: 2, &out)
        out.append(UInt8(ascii: "-"))
        fixedDigits(d, width: 2, &out)
        out.append(UInt8(ascii: "T"))
        fixedDigits(msOfDay / 3_600_000, width: 2, &out)
        out.append(UInt8(ascii: ":"))
        fixedDigits(msOfDay / 60_000 % 60, width: 2, &out)
        out.append(UInt8(ascii: ":"))
        fixedDigits(msOfDay / 1000 % 60, width: 2, &out)
        out.append(UInt8(ascii: "."))
        fixedDigits(msOfDay % 1000, width: 3, &out)
        out.append(UInt8(ascii: "Z"))
        out.append(UInt8(ascii: "\""))
    }

    private static func calendarDate(_ date: CalendarDate, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        fixedDigits(date.year, width: 4, &out)
        out.append(UInt8(ascii: "-"))
        fixedDigits(date.month, width: 2, &out)
        out.append(UInt8(ascii: "-"))
        fixedDigits(date.day, width: 2, &out)
        out.append(UInt8(ascii: "\""))
    }

    private static func uuid(_ id: UUID, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        uuidDigits(id, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The canonical form in lower case (`UUID.lowercasedText`).
    private static func uuidDigits(_ id: UUID, _ out: inout [UInt8]) {
        withUnsafeBytes(of: id.uuid) { bytes in
            for (offset, byte) in bytes.enumerated() {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 { out.append(UInt8(ascii: "-")) }
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0x0F))
            }
        }
    }

    private static func location(_ location: Location, _ out: inout [UInt8]) {
        literal(#"{"latitude":"#, &out)
        if let latitude = location.latitude { number(latitude, &out) } else { literal("null", &out) }
        literal(#","longitude":"#, &out)
        if let longitude = location.longitude { number(longitude, &out) } else { literal("null", &out) }
        literal(#","name":"#, &out)
        string(location.name, &out)
        out.append(UInt8(ascii: "}"))
    }
}
