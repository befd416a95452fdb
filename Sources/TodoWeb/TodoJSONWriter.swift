import Foundation
import TodoCore

/// The shared item shape (`TodoItem+JSON.swift`) written straight into bytes, for long lists
/// (`GET /api/todos`, HARDEN-7b): Foundation's `JSONEncoder` spends about 10 µs on each item.
/// The members come from the same fields as the encoder's (`ItemField.all` and the item's
/// bookkeeping), in the sorted order the encoder writes them.
enum TodoJSONWriter {
    /// What a member holds: a field of the content, the item's address, or a piece of its
    /// bookkeeping.
    private enum Member {
        case field(ItemField), url, bookkeeping(Bookkeeping)
    }

    private enum Bookkeeping {
        case id, number, order, version, createdAt, updatedAt, completedAt
    }

    /// Writes members of an item; the `url` prefix, when the API gives one.
    private typealias Write = @Sendable (TodoItem, String?, inout [UInt8]) -> Void

    /// Every member, `url` included, sorted by name as `TodoJSON.encoder()` sorts them: each
    /// writes its name (quoted, with the colon; a comma before all but the first) and its value.
    /// Chained into one closure once, so that writing 10,000 items retains nothing per member.
    private static let writeMembers: Write = {
        let others: [(String, Member)] = [
            ("id", .bookkeeping(.id)), ("number", .bookkeeping(.number)), ("order", .bookkeeping(.order)),
            ("version", .bookkeeping(.version)), ("createdAt", .bookkeeping(.createdAt)),
            ("updatedAt", .bookkeeping(.updatedAt)), ("completedAt", .bookkeeping(.completedAt)), ("url", .url),
        ]
        // "completed" comes first, so the comma before each other member never dangles.
        let members = (ItemField.all.map { ($0.id, Member.field($0)) } + others).sorted { $0.0 < $1.0 }
        var write: Write = { _, _, _ in }
        for (offset, (key, member)) in members.enumerated() {
            var quoted: [UInt8] = offset == 0 ? [] : [UInt8(ascii: ",")]
            JSONText.string(key, &quoted)
            quoted.append(UInt8(ascii: ":"))
            // Appended through a pointer: `append(contentsOf:)` of the array itself retains it.
            let previous = write, name = quoted
            switch member {
            case .field(let field):
                let json = field.jsonWriter
                write = { item, urlPrefix, out in
                    previous(item, urlPrefix, &out)
                    name.withUnsafeBufferPointer { out.append(contentsOf: $0) }
                    JSONText.append(json(item.content), to: &out)
                }
            case .url:
                write = { item, urlPrefix, out in
                    previous(item, urlPrefix, &out)
                    guard let urlPrefix else { return }
                    name.withUnsafeBufferPointer { out.append(contentsOf: $0) }
                    out.append(UInt8(ascii: "\""))
                    JSONText.escaped(urlPrefix, &out)
                    JSONText.uuidDigits(item.id, &out)
                    out.append(UInt8(ascii: "\""))
                }
            case .bookkeeping(let piece):
                write = { item, urlPrefix, out in
                    previous(item, urlPrefix, &out)
                    name.withUnsafeBufferPointer { out.append(contentsOf: $0) }
                    bookkeeping(piece, of: item, &out)
                }
            }
        }
        return write
    }()

    /// Appends the item's object. With `urlPrefix`, a `"url"` member too (where the sorted keys
    /// put it): the prefix followed by the item's id in lower case, as the API gives it.
    static func append(_ item: TodoItem, urlPrefix: String? = nil, to out: inout [UInt8]) {
        append(item, urlPrefix: urlPrefix, writing: writeMembers, to: &out)
    }

    /// Appends `items` as elements of an array, a comma before each (but the first of the array
    /// when `first`). The chain of members is taken once for all of them: taken for each item,
    /// its closure was retained and released by every thread writing a list in turn.
    static func append(elements items: some Sequence<TodoItem>, urlPrefix: String? = nil, first: Bool, to out: inout [UInt8]) {
        let write = writeMembers
        var first = first
        for item in items {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            append(item, urlPrefix: urlPrefix, writing: write, to: &out)
        }
    }

    private static func append(_ item: TodoItem, urlPrefix: String?, writing write: Write, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        write(item, urlPrefix, &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func bookkeeping(_ piece: Bookkeeping, of item: TodoItem, _ out: inout [UInt8]) {
        switch piece {
        case .id: JSONText.uuid(item.id, &out)
        case .number: JSONText.integer(item.number, &out)
        case .order: JSONText.number(item.position, &out)
        case .version: JSONText.integer(item.version, &out)
        case .createdAt: JSONText.timestamp(item.createdAt, &out)
        case .updatedAt: JSONText.timestamp(item.updatedAt, &out)
        case .completedAt:
            if let completedAt = item.completedAt { JSONText.timestamp(completedAt, &out) } else { JSONText.append(.null, to: &out) }
        }
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
        fixed(26, &out) { text in
            text.append(UInt8(ascii: "\""))
            text.digits(year, width: 4)
            text.append(UInt8(ascii: "-"))
            text.digits(month, width: 2)
            text.append(UInt8(ascii: "-"))
            text.digits(day, width: 2)
            text.append(UInt8(ascii: "T"))
            text.digits(ms / 3_600_000, width: 2)
            text.append(UInt8(ascii: ":"))
            text.digits(ms / 60_000 % 60, width: 2)
            text.append(UInt8(ascii: ":"))
            text.digits(ms / 1000 % 60, width: 2)
            text.append(UInt8(ascii: "."))
            text.digits(ms % 1000, width: 3)
            text.append(UInt8(ascii: "Z"))
            text.append(UInt8(ascii: "\""))
        }
    }

    /// Text of at most `capacity` bytes, written in place and appended to `out` at once:
    /// appended byte by byte, every byte checked the array's capacity and uniqueness.
    private static func fixed(_ capacity: Int, _ out: inout [UInt8], _ write: (inout FixedText) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = FixedText(buffer: buffer)
            write(&text)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<text.count]))
        }
    }

    /// The bytes `fixed` writes, front to back.
    private struct FixedText {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func append(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }

        /// `value` (0…9999) in `width` digits (2, 3 or 4), zeros in front. Divisions by constants
        /// only: a loop over the places cost a timestamp more than the rest of it.
        mutating func digits(_ value: Int, width: Int) {
            if width >= 4 { append(digit(value / 1000)) }
            if width >= 3 { append(digit(value / 100)) }
            append(digit(value / 10))
            append(digit(value))
        }

        /// The last decimal digit of `value` (≥ 0) as a character.
        private func digit(_ value: Int) -> UInt8 {
            UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        }
    }

    /// `id` in its canonical form in lower case (`UUID.lowercasedText`), quoted.
    static func uuid(_ id: UUID, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        uuidDigits(id, &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `id`'s canonical form in lower case, unquoted.
    static func uuidDigits(_ id: UUID, _ out: inout [UInt8]) {
        let digits: StaticString = "0123456789abcdef"
        fixed(36, &out) { text in
            withUnsafeBytes(of: id.uuid) { bytes in
                for offset in 0..<16 {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 { text.append(UInt8(ascii: "-")) }
                    text.append(digits.utf8Start[Int(bytes[offset] >> 4)])
                    text.append(digits.utf8Start[Int(bytes[offset] & 0x0F)])
                }
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
        // A native string's bytes where they are; a copy only for a string that has none in one
        // piece (`withUTF8` on a copy retained every string written).
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0, &out) }) == nil {
            var value = value
            value.withUTF8 { escaped($0, &out) }
        }
    }

    private static func escaped(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout [UInt8]) {
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
