/// RFC 4180 comma-separated values: records end with CRLF (LF is read too); a field that
/// holds a comma, a double quote, CR or LF is put in double quotes, with its quotes doubled.
enum CSV {
    /// One record as a line (with its CRLF).
    /// A free-text cell, safe to open in a spreadsheet (HARDEN-10d): a value that starts with
    /// `=`, `+`, `-` or `@` (which spreadsheets run as a formula) gets a leading `'`, which they
    /// show as text. A value that starts with `'` before such a value gets one too, so
    /// `textValue` can always tell the two apart.
    static func text(_ value: String) -> String {
        needsQuote(Substring(value)) ? "'" + value : value
    }

    /// What `text` was given, read back from a cell.
    static func textValue(_ cell: String) -> String {
        cell.hasPrefix("'") && needsQuote(cell.dropFirst()) ? String(cell.dropFirst()) : cell
    }

    /// Whether `value`, after any `'`s it starts with, starts with a formula character.
    private static func needsQuote(_ value: Substring) -> Bool {
        guard let first = value.first(where: { $0 != "'" }) else { return false }
        return "=+-@".contains(first)
    }

    static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A record and the line it starts on (1-based).
    struct Record {
        var line: Int
        var fields: [String]
    }

    /// The records of `text`; empty lines are skipped.
    static func records(_ text: String) throws(TodoFormatError) -> [Record] {
        var reader = RecordReader(text)
        return try reader.read()
    }
}

/// Reads CSV records one character at a time, keeping the line each record starts on (quoted
/// fields may hold line breaks) for the refusals.
private struct RecordReader {
    private let scalars: [Unicode.Scalar]
    private var i = 0
    private var records: [CSV.Record] = []
    private var fields: [String] = []
    private var field = String.UnicodeScalarView()
    private var line = 1, recordLine = 1
    private var inQuotes = false, wasQuoted = false, atFieldStart = true

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    mutating func read() throws(TodoFormatError) -> [CSV.Record] {
        while i < scalars.count {
            if inQuotes { readQuoted(scalars[i]) } else { try readUnquoted(scalars[i]) }
            i += 1
        }
        if inQuotes { throw .line(recordLine, "a quoted field is never closed (a double quote is missing).") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }

    private func next(is scalar: Unicode.Scalar) -> Bool { i + 1 < scalars.count && scalars[i + 1] == scalar }

    /// Inside quotes a doubled quote is one quote, and a single one ends the quotes.
    private mutating func readQuoted(_ c: Unicode.Scalar) {
        if c == "\"" {
            if next(is: "\"") {
                field.append("\"")
                i += 1
            } else {
                inQuotes = false
            }
        } else {
            if c == "\n" { line += 1 }
            field.append(c)
        }
    }

    private mutating func readUnquoted(_ c: Unicode.Scalar) throws(TodoFormatError) {
        if c == "," {
            endField()
        } else if c == "\r" || c == "\n" {
            if c == "\r", next(is: "\n") { i += 1 }
            endRecord()
            line += 1
            recordLine = line
        } else if c == "\"" {
            guard atFieldStart else {
                throw .line(line, "a field holds a double quote but does not start with one; "
                    + "put the field in double quotes and double the quote inside (\"\").")
            }
            inQuotes = true
            wasQuoted = true
            atFieldStart = false
        } else {
            guard !wasQuoted else {
                throw .line(line, "a quoted field goes on after its closing quote; "
                    + "a quote inside a field is written twice (\"\").")
            }
            field.append(c)
            atFieldStart = false
        }
    }

    private mutating func endField() {
        fields.append(String(field))
        field = String.UnicodeScalarView()
        wasQuoted = false
        atFieldStart = true
    }

    private mutating func endRecord() {
        endField()
        if !(fields.count == 1 && fields[0].isEmpty) { records.append(CSV.Record(line: recordLine, fields: fields)) }
        fields = []
    }
}
