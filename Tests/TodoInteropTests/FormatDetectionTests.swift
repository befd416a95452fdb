import Foundation
import Testing
import TodoCore
import TodoInterop

/// IMPORT-1: the format of a file read from its content.
@Suite("Format detection")
struct FormatDetectionTests {
    private static let items = [
        TodoItem(
            id: UUID(uuidString: "6F1C2A4E-0000-4000-8000-000000000001")!, title: "Call mom", details: "about Sunday",
            dueDate: CalendarDate(iso: "2026-12-24"), project: Project(name: "Family"),
            createdAt: Date(timeIntervalSince1970: 1_795_251_600)),
    ]

    @Test("IMPORT-1 every format's own export is detected as that format", arguments: InteropFormat.allCases)
    func test_IMPORT_1_exportsDetected(format: InteropFormat) throws {
        let text = try format.codec().encode(Self.items)
        #expect(InteropFormat.detect(text) == format, "\(text)")
        // And what is detected reads back.
        #expect(try InteropFormat.detect(text)?.codec().decode(text).count == 1)
    }

    @Test("IMPORT-1 hand-written files of each format")
    func test_IMPORT_1_handWritten() {
        #expect(InteropFormat.detect("\n  begin:vcalendar\r\nVERSION:2.0\r\n") == .ics)
        #expect(InteropFormat.detect(#"[{"title": "Buy milk"}]"#) == .json)
        #expect(InteropFormat.detect(#"{"todo": [{"title": "A"}], "done": []}"#) == .json)
        #expect(InteropFormat.detect("[]") == .json)
        #expect(InteropFormat.detect("{not json") == .json, "a broken JSON file gets the JSON reader's sentence")
        #expect(InteropFormat.detect(#"[{"description": "Buy milk", "status": "pending", "uuid": "x"}]"#) == .taskwarrior)
        #expect(InteropFormat.detect(#"{"description":"A","status":"pending"}"# + "\n" + #"{"description":"B","status":"completed"}"#)
            == .taskwarrior)
        #expect(InteropFormat.detect("title,completed\nBuy milk,false\n") == .csv)
        #expect(InteropFormat.detect("\"Title\",\"Project\"\r\nA,B\r\n") == .csv)
        #expect(InteropFormat.detect("x 2026-11-20 Buy milk +Home\n(A) Call mom due:2026-12-24\n") == .todotxt)
        #expect(InteropFormat.detect("Buy milk, eggs and bread\n") == .todotxt, "a comma is not a CSV header")
        #expect(InteropFormat.detect("title\n") == .csv)
        #expect(InteropFormat.detect("   \n\n") == nil)
        #expect(InteropFormat.detect("") == nil)
    }
}
