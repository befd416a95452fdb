import Foundation
import TodoCore

/// The shared item shape (`TodoItem+JSON.swift`) written straight into bytes, for long lists
/// (`GET /api/todos`, HARDEN-7b): Foundation's `JSONEncoder` spends about 10 µs on each item.
/// The members come from the same fields as the encoder's (`ItemField.all` and the item's
/// bookkeeping), in the sorted order the encoder writes them.
enum TodoJSONWriter {
    /// One member: its name, quoted, with the colon; and how its value is written.
    private typealias Member = (name: [UInt8], write: @Sendable (TodoItem, inout [UInt8]) -> Void)

    /// Every member but `url`, sorted by name as `TodoJSON.encoder()` sorts them.
    private static let members: [(key: String, member: Member)] = {
        func member(_ key: String, _ write: @escaping @Sendable (TodoItem, inout [UInt8]) -> Void) -> (String, Member) {
            var name: [UInt8] = []
            JSONText.string(key, &name)
            name.append(UInt8(ascii: ":"))
            return (key, (name, write))
        }
        let content = ItemField.all.map { field in
            member(field.id) { item, out in JSONText.append(field.json(item.content), to: &out) }
        }
        let bookkeeping = [
            member("id") { item, out in JSONText.uuid(item.id, &out) },
            member("number") { item, out in JSONText.integer(item.number, &out) },
            member("order") { item, out in JSONText.number(item.position, &out) },
            member("version") { item, out in JSONText.integer(item.version, &out) },
            member("createdAt") { item, out in JSONText.timestamp(item.createdAt, &out) },
            member("updatedAt") { item, out in JSONText.timestamp(item.updatedAt, &out) },
            member("completedAt") { item, out in
                if let completedAt = item.completedAt { JSONText.timestamp(completedAt, &out) }
                else { JSONText.append(.null, to: &out) }
            },
        ]
        return (content + bookkeeping).sorted { $0.0 < $1.0 }.map { (key: $0.0, member: $0.1) }
    }()

    /// Appends the item's object. With `urlPrefix`, a `"url"` member too (where the sorted keys
    /// put it): the prefix followed by the item's id in lower case, as the API gives it.
    static func append(_ item: TodoItem, urlPrefix: String? = nil, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        var urlWritten = urlPrefix == nil
        for (key, member) in members {
            if !urlWritten, key > "url" {
                urlMember(item, urlPrefix!, first: first, &out)
                urlWritten = true
                first = false
            }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: member.name)
            member.write(item, &out)
        }
        if !urlWritten { urlMember(item, urlPrefix!, first: first, &out) }
        out.append(UInt8(ascii: "}"))
    }

    private static func urlMember(_ item: TodoItem, _ prefix: String, first: Bool, _ out: inout [UInt8]) {
        if !first { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: #""url":""#.utf8)
        JSONText.escaped(prefix, &out)
        JSONText.uuidDigits(item.id, &out)
        out.append(UInt8(ascii: "\""))
    }
}

/// JSON text written straight into bytes: the same bytes `TodoJSON.encoder()` writes (keys
/// sorted, slashes unescaped, the same escapes and numbers), without the encoder's tree of boxed
/// values. Strings escape `"`, `\` and U+0000…U+001F (`\b \t \n \f \r`, the others as `\u00xx`);
/// numbers are written as Swift prints them, without a trailing `.0`.
enum JSONText {
    static func append(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): integer(number, &out)
        case .number(let number): self.number(number, &out)
        case .string(let text): string(text, &out)
        case .array(let values):
            out.append(UInt8(ascii: "["))
            for (index, element) in values.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(element, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(key, &out)
                out.append(UInt8(ascii: ":"))
                append(members[key]!, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `date` as `Timestamp.iso` writes it (`YYYY-MM-DDTHH:MM:SS.mmmZ`), quoted: digit by digit,
    /// since a timestamp made as text first cost the API's list of 10,000 items a third of its time.
    static func timestamp(_ date: Date, _ out: inout [UInt8]) {
        let (year, month, day, ms) = Timestamp.utcParts(date)
        out.append(UInt8(ascii: "\""))
        fixedDigits(year, width: 4, &out)
        out.append(UInt8(ascii: "-"))
        fixedDigits(month, width: 2, &out)
        out.append(UInt8(ascii: "-"))
        fixedDigits(day, width: 2, &out)
        out.append(UInt8(ascii: "T"))
        fixedDigits(ms / 3_600_000, width: 2, &out)
        out.append(UInt8(ascii: ":"))
        fixedDigits(ms / 60_000 % 60, width: 2, &out)
        out.append(UInt8(ascii: ":"))
        fixedDigits(ms / 1000 % 60, width: 2, &out)
        out.append(UInt8(ascii: "."))
        fixedDigits(ms % 1000, width: 3, &out)
        out.append(contentsOf: "Z\"".utf8)
    }

    /// `value` (0…9999) in `width` digits (2, 3 or 4), zeros in front. Divisions by constants
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

    /// `id` in its canonical form in lower case (`UUID.lowercasedText`), quoted.
    static func uuid(_ id: UUID, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        uuidDigits(id, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `id`'s canonical form in lower case, unquoted.
    static func uuidDigits(_ id: UUID, _ out: inout [UInt8]) {
        withUnsafeBytes(of: id.uuid) { bytes in
            for (offset, byte) in bytes.enumerated() {
                if offset == 4 || offset == 6 || offset == 8 || offset == 10 { out.append(UInt8(ascii: "-")) }
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0x0F))
            }
        }
    }

    /// `value` as a JSON string, quoted and escaped.
    static func string(_ value: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        escaped(value, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string: `value` as UTF-8 with the characters JSON reserves escaped.
    static func escaped(_ value: String, _ out: inout [UInt8]) {
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

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    static func integer(_ value: Int, _ out: inout [UInt8]) {
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

    /// Not a number and the infinities, which no stored item holds (`TodoRules` keeps positions
    /// and coordinates finite) and JSON cannot say, are written as `null`.
    static func number(_ value: Double, _ out: inout [UInt8]) {
        guard value.isFinite else { return out.append(contentsOf: "null".utf8) }
        // Whole numbers well inside the range where Swift prints every digit: straight to digits
        // (−0 keeps its sign through the general path).
        if value == value.rounded(.towardZero), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            return integer(Int(value), &out)
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
    }
}
