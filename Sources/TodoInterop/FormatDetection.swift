import Foundation

extension InteropFormat {
    /// The format a file's text is written in, read from the text itself (IMPORT-1); nil when
    /// the text is blank.
    ///
    /// - `BEGIN:VCALENDAR` first: iCalendar;
    /// - JSON whose items have a `description` and no `title` (an array, or one task a line):
    ///   Taskwarrior; any other JSON, or text that starts like JSON: the shared item shape;
    /// - a first line that is a CSV header naming only known columns, `title` among them: CSV;
    /// - any other text: todo.txt, whose lines can say anything.
    public static func detect(_ text: String) -> InteropFormat? {
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard let first = trimmed.first else { return nil }
        if trimmed.prefix(15).uppercased() == "BEGIN:VCALENDAR" { return .ics }
        if first == "[" || first == "{" { return isTaskwarrior(String(trimmed)) ? .taskwarrior : .json }
        let header = physicalLines(String(trimmed)).first ?? ""
        let names = header.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        let known = Set(CSVFormat.columns.map { $0.lowercased() })
        if names.contains("title"), names.allSatisfy(known.contains) { return .csv }
        return .todotxt
    }

    /// Taskwarrior's export: tasks with a `description` (and no `title`), as an array or one a line.
    private static func isTaskwarrior(_ text: String) -> Bool {
        func isTask(_ value: Any?) -> Bool {
            guard let object = value as? [String: Any] else { return false }
            return object["description"] != nil && object["title"] == nil
                && (object["status"] != nil || object["uuid"] != nil || object["entry"] != nil)
        }
        if let whole = try? JSONSerialization.jsonObject(with: Data(text.utf8)) {
            if let array = whole as? [Any] { return isTask(array.first) }
            return isTask(whole)
        }
        // One task a line (`task export` of older versions, `task … export` piped line by line).
        let firstLine = physicalLines(text).first ?? ""
        return isTask(try? JSONSerialization.jsonObject(with: Data(firstLine.utf8)))
    }
}
