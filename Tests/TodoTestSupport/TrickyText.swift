import Foundation
import TodoCore

/// Text that JSON writers get wrong — quotes, backslashes, control characters, characters outside
/// the Basic Multilingual Plane, CJK, the line and paragraph separators — and lists of items
/// made of it, for the tests of the whole list as JSON (HARDEN-7b).
public enum TrickyText {
    /// Titles the rules accept (one line, no control characters).
    public static let titles: [String] = [
        #"say "hi" to "them""#,
        #"C:\path\to\file and \\server\share"#,
        #"\"already escaped\" \u0041 \n"#,
        "a/b </script> <!-- & 'single'",
        "emoji 😀 👩‍👩‍👧‍👦 flag 🇯🇵 clef 𝄞",
        "中文标题：买牛奶",
        "日本語のタイトル「引用」",
        "한국어 제목",
        "line\u{2028}separator\u{2029}paragraph",
        "zero\u{200B}width \u{FEFF}bom \u{200D}joiner",
        "e\u{301}cole, combining",
        "plain words",
    ]

    /// Details the rules accept: line breaks and tabs are the only control characters they keep.
    public static let details: [String?] = [
        nil,
        "line 1\nline 2\r\nline 3\ttabbed\rreturn",
        #"{"json":"inside", "path":"C:\\temp"}"#,
        "\\u0000 is written, not a NUL",
        "多行\n説明\t😀",
        "\"\\/\"",
    ]

    /// Project names the rules accept.
    public static let projects: [String?] = [nil, "Home", #"Say "when""#, "仕事", "back\\slash", "😀 fun"]

    /// Every C0 control character, DEL and the C1 controls, with the characters JSON reserves:
    /// for writers, which must escape what stores refuse too.
    public static let everyControlCharacter: String = {
        var text = ""
        for value in UInt32(0)...0x1F { text.unicodeScalars.append(Unicode.Scalar(value)!) }
        for value in UInt32(0x7F)...0x9F { text.unicodeScalars.append(Unicode.Scalar(value)!) }
        return text + #""\/"#
    }()

    /// `count` valid items of tricky text, ids `TestEnvironment.id(firstID…)`, some done, with
    /// every optional field both present and absent, each at its own position.
    public static func items(count: Int, firstID: Int = 10_000) -> [TodoItem] {
        (0..<count).map { index in
            let done = index % 7 == 3
            let created = TestEnvironment.referenceDate.addingTimeInterval(Double(index) * 61.25)
            return TodoItem(
                id: TestEnvironment.id(firstID + index),
                title: "\(titles[index % titles.count]) #\(index)",
                details: details[index % details.count],
                isDone: done,
                dueDate: index % 3 == 0 ? CalendarDate(year: 2026 + index % 4, month: 1 + index % 12, day: 1 + index % 28) : nil,
                location: index % 5 == 0
                    ? Location(
                        name: "\(titles[(index + 3) % titles.count].prefix(40)) place",
                        latitude: index % 10 == 0 ? -33.8688 + Double(index) / 1000 : nil,
                        longitude: index % 10 == 0 ? 151.2093 - Double(index) / 7 : nil)
                    : nil,
                project: projects[index % projects.count].map(Project.init(name:)),
                estimateMinutes: index % 4 == 0 ? 1 + index % 600 : nil,
                repeatRule: index % 6 == 0 ? RepeatRule.weekly(on: [.monday, .friday, .sunday]) : nil,
                position: Double(index) * 1.5 - 100.25,
                createdAt: created,
                updatedAt: created.addingTimeInterval(3.5),
                completedAt: done ? created.addingTimeInterval(86_400.125) : nil,
                version: 1 + index % 9)
        }
    }
}
