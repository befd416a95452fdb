import Foundation
import Hummingbird
import TodoCore
import TodoInterop
import TodoPresentation

@testable import TodoDAV
@testable import TodoWeb

/// The fuzz targets (docs/specs/hardening.md, HARDEN-13), by name: each hands its input to one
/// parser of what a request or a file sends, the way the app does, and drops what it answers.
/// Only a crash (or a hang) is a finding; every error a parser throws is an answer.
enum FuzzTargets {
    static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("dav-xml", davXML),
        ("ics", iCalendar),
        ("multipart", multipart),
        ("plain-words", plainWords),
        ("csv", { interop(.csv, $0) }),
        ("todotxt", { interop(.todotxt, $0) }),
        ("taskwarrior", { interop(.taskwarrior, $0) }),
        ("json", { interop(.json, $0) }),
        ("form", form),
        ("rrule", repeatRule),
    ]

    static func named(_ name: String) -> (@Sendable ([UInt8]) -> Void)? { all.first { $0.name == name }?.run }

    /// A CalDAV request body (PROPFIND, PROPPATCH, REPORT, MKCALENDAR), as `DAVRequests` reads it.
    static func davXML(_ bytes: [UInt8]) {
        _ = try? DAVXML.parse(Data(bytes))
    }

    /// An `.ics` file imported, and a CalDAV `PUT` body (both iCalendar readers), then the
    /// dates a `time-range` reads from what the server keeps of it (DAV-28: its VTIMEZONEs).
    static func iCalendar(_ bytes: [UInt8]) {
        interop(.ics, bytes)
        let utc = TimeZone(identifier: "UTC")!
        guard let text = String(data: Data(bytes), encoding: .utf8), let todo = try? CalDAVTodoCodec.read(text, timeZone: utc) else { return }
        _ = todo.draft(project: nil)
        let item = TodoItem(
            id: UUID(), title: todo.title, isDone: todo.isDone, dueDate: todo.dueDate, repeatRule: todo.repeatRule,
            createdAt: Date(timeIntervalSince1970: 1_795_000_000), completedAt: todo.completedAt)
        let times = CalDAVTodoCodec.times(of: item, kept: todo.kept, timeZone: utc)
        _ = DAVTimeRange(start: DAVTimeRange.utc("99990101T000000Z"), end: nil).overlaps(times, zone: utc)
    }

    /// A file or pasted text imported in `format`, and the format detection that runs first.
    static func interop(_ format: InteropFormat, _ bytes: [UInt8]) {
        guard let text = try? InteropFormat.text(from: Data(bytes)) else { return }
        _ = InteropFormat.detect(text)
        _ = try? format.codec().decode(text)
    }

    /// The import route's `multipart/form-data` body, through HARDEN-12's check; the first byte
    /// picks one of a few boundaries.
    static func multipart(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let boundaries = ["XyZ", "-", "----WebKitFormBoundary7MA4YWxkTrZu0gW"]
        _ = try? ImportFields.fields(of: ByteBuffer(bytes: bytes.dropFirst()), boundary: boundaries[Int(first) % boundaries.count])
    }

    /// Plain words (TodoCore's grammar) in English, Chinese, Japanese and all three, read on a
    /// few days (the first byte picks both), then applied to a draft as the add fields do, and
    /// shown as the add preview's chips (TAG-13); and the
    /// same text as a search, its priority and tag signs a filter (PRIO-13, TAG-15), and what
    /// that search marks in the text's two halves, each taken as a found row's title (FIND-12).
    static func plainWords(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let vocabularies: [PlainWordsVocabulary] = [.allLanguages, .english, .chinese, .japanese]
        let days = [(2026, 11, 24), (2024, 2, 29), (2026, 12, 31)].compactMap { CalendarDate(year: $0, month: $1, day: $2) }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let reading = PlainWords.read(
            text, today: days[Int(first >> 2) % days.count], vocabulary: vocabularies[Int(first) % vocabularies.count])
        _ = PlainWordsInput.apply(reading, to: TodoDraft(title: text), wordsWin: true)
        _ = PlainWordsPreview(text: text, today: days[Int(first >> 2) % days.count])
        let search = PlainWords.searchFilter(text, vocabulary: vocabularies[Int(first) % vocabularies.count])
        let middle = text.index(text.startIndex, offsetBy: text.count / 2)
        for title in [text[..<middle], text[middle...]] { _ = MarkedText(String(title), marking: search.words) }
    }

    /// A repeat rule's `RRULE` text (REPEAT-12), read, written and read again, and its next
    /// dates reckoned from a few anchors, each counting its `COUNT` down.
    static func repeatRule(_ bytes: [UInt8]) {
        guard let rule = try? RepeatRule(rruleText: String(decoding: bytes, as: UTF8.self)) else { return }
        _ = try? RepeatRule(rruleText: rule.rruleText)
        let anchors = [(2026, 12, 6), (2024, 2, 29), (9999, 12, 25), (1, 1, 1)].compactMap { CalendarDate(year: $0, month: $1, day: $2) }
        for anchor in anchors {
            var current = rule, last = anchor
            for _ in 0..<3 {
                guard let next = current.nextDate(after: last, anchor: anchor) else { break }
                last = next
                current = current.afterOccurrence
            }
        }
    }

    /// A URL-encoded form body, decoded into the forms the pages send.
    static func form(_ bytes: [UInt8]) {
        let body = ByteBuffer(bytes: bytes)
        // The repeat controls' text read as a rule (REPEAT-17), as the form's save reads it.
        if let form = try? WebFormat.form(ItemForm.self, from: body) { _ = (form.values.repeatRule, form.baseValues?.repeatRule) }
        _ = try? WebFormat.form(QuickAddForm.self, from: body)
        _ = try? WebFormat.form(ImportForm.self, from: body)
        _ = try? WebFormat.form(RowActionForm.self, from: body)
    }
}
