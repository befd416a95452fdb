import Foundation
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoWeb

/// HARDEN-7b: the writer of long lists writes each item byte for byte as the JSON encoder does.
@Suite("The item JSON writer")
struct TodoJSONWriterTests {
    private func written(_ item: TodoItem, urlPrefix: String? = nil) -> String {
        var bytes: [UInt8] = []
        TodoJSONWriter.append(item, urlPrefix: urlPrefix, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func encoded(_ value: some Encodable) throws -> String {
        String(decoding: try TodoJSON.encoder().encode(value), as: UTF8.self)
    }

    private static let base = TodoItem(
        id: TestEnvironment.id(1), title: "t", createdAt: TestEnvironment.referenceDate)

    @Test("HARDEN-7b every item of tricky text is written as the encoder writes it, with and without its url")
    func test_HARDEN_7b_sameBytesAsTheEncoder() throws {
        for item in TrickyText.items(count: 300) {
            #expect(written(item) == (try encoded(item)))
            let prefix = "http://127.0.0.1:8080/api/todos/"
            #expect(written(item, urlPrefix: prefix)
                == (try encoded(EncodedItemWithURL(item: item, url: prefix + item.id.lowercasedText))))
        }
    }

    @Test("HARDEN-7b every control character, quote and backslash is escaped as the encoder escapes it")
    func test_HARDEN_7b_controlCharacters() throws {
        var item = Self.base
        item.title = TrickyText.everyControlCharacter
        item.details = "before" + TrickyText.everyControlCharacter + "after 😀 中文"
        item.location = Location(name: TrickyText.everyControlCharacter)
        item.project = Project(name: "\u{0}\u{1F}\"\\")
        let text = written(item)
        #expect(text == (try encoded(item)))
        #expect(text.contains(#""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e"#))
        let decoded = try JSONDecoder().decode(TodoItem.self, from: Data(text.utf8))
        #expect(decoded == item)
    }

    @Test("HARDEN-7b numbers are written as the encoder writes them", arguments: [
        0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1.0 / 3, -100.25, 1e-7, Double.leastNonzeroMagnitude, 123_456_789.123,
        999_999_999_999.0, 1e12, -1e12, 1e15, 1e16, 4_503_599_627_370_497.0, 1e300, -2.5e-300,
    ])
    func test_HARDEN_7b_numbers(_ value: Double) throws {
        var item = Self.base
        item.position = value
        item.location = Location(name: "here", latitude: value, longitude: -value)
        #expect(written(item) == (try encoded(item)))
    }

    @Test("HARDEN-7b every field at the ends of its range is written as the encoder writes it")
    func test_HARDEN_7b_ranges() throws {
        let first = Timestamp.date(milliseconds: TodoRules.timestampRange.lowerBound)
        let last = Timestamp.date(milliseconds: TodoRules.timestampRange.upperBound)
        var item = Self.base
        item.createdAt = first
        item.updatedAt = last
        item.completedAt = Timestamp.date(milliseconds: -1)
        item.isDone = true
        item.version = TodoRules.versionRange.upperBound
        item.number = Int.max
        item.estimateMinutes = 10_080
        item.dueDate = CalendarDate(year: 1, month: 1, day: 1)
        item.repeatRule = RepeatRule(.monthly, days: [RepeatRule.Day(.tuesday, nth: 2)], afterCompletion: true)
        #expect(written(item) == (try encoded(item)))
        item.dueDate = CalendarDate(year: 9999, month: 12, day: 31)
        item.completedAt = Timestamp.date(milliseconds: 0)
        item.number = 0
        item.estimateMinutes = nil
        item.version = 1
        item.id = UUID(uuid: (255, 254, 0, 1, 16, 15, 160, 10, 171, 205, 239, 1, 35, 69, 103, 137))
        #expect(written(item) == (try encoded(item)))
        #expect(written(item, urlPrefix: #"http://h"q\/"#)
            == (try encoded(EncodedItemWithURL(item: item, url: #"http://h"q\/"# + item.id.lowercasedText))))
    }
}
