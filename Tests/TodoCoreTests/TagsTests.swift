import Foundation
import Testing
import TodoCore

/// An item's tags in the Model (docs/specs/tags.md): their order, the rule, the shared JSON and
/// table shapes, the in-memory filter, plain words and search.
@Suite("Tags: the Model")
struct TagsTests {
    private static let monday = CalendarDate(year: 2026, month: 11, day: 23)!

    @Test("TAG-1 tags keep the order written, each once; compared as written")
    func test_TAG_1_orderAndRepeats() {
        let tags = Tags(["errands", "家", "errands", "Errands"])
        #expect(tags.names == ["errands", "家", "Errands"])
        #expect(tags.contains("Errands") && !tags.contains("ERRANDS"))
        #expect(tags.adding(["post", "家"], removing: ["errands"]).names == ["家", "Errands", "post"])
        #expect(Tags(text: " errands,, waiting ,家 ").names == ["errands", "waiting", "家"])
        #expect(Tags(["a", "b"]).text == "a, b" && Tags.empty.text == "")
    }

    @Test("TAG-2 the rule trims each tag and drops blank ones; a comma, a control character, a long tag or too many are refused with a sentence",
          arguments: [
              (Tags(["a,b"]), TodoValidationError.tagHasComma("a,b"),
               "The tag “a,b” has a comma: tags are separated by commas."),
              (Tags(["line\nbreak"]), .tagHasControlCharacters, "A tag can't contain line breaks, NUL or other control characters."),
              (Tags([String(repeating: "x", count: 51)]), .tagTooLong(String(repeating: "x", count: 51)),
               "The tag “\(String(repeating: "x", count: 51))” is longer than 50 characters."),
              (Tags((1...21).map { "t\($0)" }), .tooManyTags(count: 21), "An item can have at most 20 tags, not 21."),
          ])
    func test_TAG_2_theRuleRefuses(_ tags: Tags, _ error: TodoValidationError, _ sentence: String) {
        #expect(throws: error) { try TodoRules.tags(tags) }
        #expect(error.errorDescription == sentence)
    }

    @Test("TAG-2 what the rule keeps: trimmed, blanks dropped, the longest and the most allowed")
    func test_TAG_2_theRuleKeeps() throws {
        #expect(try TodoRules.tags(Tags([" errands ", "", "  ", "errands"])) == ["errands"])
        let most = Tags((1...20).map { String(repeating: "家", count: 49) + String($0 % 10) })
        #expect(try TodoRules.tags(most) == most)
    }

    @Test("TAG-6 TAG-7 JSON is an array of strings ([] for none, absent is none); a table's cell the tags with “, ”")
    func test_TAG_6_TAG_7_sharedShapes() throws {
        var content = TodoContent(title: "x", tags: ["errands", "家"])
        #expect(ItemField.tags.json(content) == .array([.string("errands"), .string("家")]))
        try ItemField.tags.read(nil, into: &content)
        #expect(content.tags == .empty)
        try ItemField.tags.read(.array([.string("a"), .string("b")]), into: &content)
        #expect(content.tags == ["a", "b"])
        #expect(throws: JSONFieldError.self) { try ItemField.tags.read(.string("a"), into: &content) }
        #expect(throws: JSONFieldError.self) { try ItemField.tags.read(.array([.int(1)]), into: &content) }
        #expect(ItemField.tags.texts(TodoContent(title: "x", tags: ["a", "b c"])) == ["a, b c"])
        try ItemField.tags.read(texts: ["post , errands"], into: &content)
        #expect(content.tags == ["post", "errands"])
    }

    @Test("TAG-3 a filter keeps the items with every one of its tags, exactly as written")
    func test_TAG_3_filterMatches() {
        let item = TodoItem(id: UUID(), title: "Buy stamps", tags: ["errands", "post"], createdAt: Date(timeIntervalSince1970: 0))
        #expect(TodoFilter(tags: ["errands"]).matches(item) && TodoFilter(tags: ["post", "errands"]).matches(item))
        #expect(!TodoFilter(tags: ["errand"]).matches(item) && !TodoFilter(tags: ["Errands"]).matches(item))
        #expect(!TodoFilter(tags: ["errands", "home"]).matches(item))
        #expect(!TodoFilter(tags: ["errands"]).isWholeList)
    }

    @Test("TAG-13 plain words: +tag, +\"two words\", full-width ＋, every one and wherever they stand",
          arguments: [
              ("Buy milk +errands", "Buy milk", ["errands"]),
              ("+errands Buy milk +home", "Buy milk", ["errands", "home"]),
              ("Buy +\"corner shop\" milk", "Buy milk", ["corner shop"]),
              ("买牛奶 ＋家 +购物", "买牛奶", ["家", "购物"]),
              ("Call +phone +phone", "Call", ["phone"]),
              ("Pay rent +rent2026", "Pay rent", ["rent2026"]),
          ])
    func test_TAG_13_plainWordsReadTags(_ input: String, _ title: String, _ tags: [String]) {
        let reading = PlainWords.read(input, today: Self.monday)
        #expect(reading.title == title)
        #expect(reading.tags == tags)
        #expect(reading.pieces.filter { $0.kind == .tag }.count == input.split(separator: " ").count { $0.first == "+" || $0.first == "＋" })
        // Each tag's piece names its tag (a repeated one, again), for its chip.
        #expect(Tags(reading.pieces.compactMap(\.tag)).names == tags)
        #expect(reading.pieces.allSatisfy { ($0.kind == .tag) == ($0.tag != nil) })
    }

    @Test("TAG-13 tags at the end leave the date before them at the end; other signs and words read as before")
    func test_TAG_13_tagsAndDates() {
        let reading = PlainWords.read("Call mom tomorrow +phone #Family !high", today: Self.monday)
        #expect(reading.title == "Call mom")
        #expect(reading.dueDate == CalendarDate(year: 2026, month: 11, day: 24))
        #expect(reading.tags == ["phone"] && reading.project == "Family" && reading.priority == .high)
        #expect(reading.pieces.map(\.kind) == [.dueDate, .tag, .project, .priority])
        let glued = PlainWords.read("买牛奶明天 +购物", today: Self.monday)
        #expect(glued.title == "买牛奶" && glued.dueDate == CalendarDate(year: 2026, month: 11, day: 24) && glued.tags == ["购物"])
    }

    @Test("TAG-13 what is not a tag stays text: a number, a sign inside a word, a lone sign, quotes",
          arguments: ["Learn C++", "a+b=c", "Score +1", "Add +30", "Sum + total", "Say \"+tag\" aloud", "x+y +5"])
    func test_TAG_13_otherWordsStayText(_ input: String) {
        let reading = PlainWords.read(input, today: Self.monday)
        #expect(reading.tags.isEmpty)
        #expect(reading.title == input.replacingOccurrences(of: "\"", with: ""))
    }

    @Test("TAG-15 a search's tags are a filter, the other words the text to find")
    func test_TAG_15_searchTagsAreAFilter() {
        let filter = PlainWords.searchFilter("milk +errands oat !high")
        #expect(filter.text == "milk oat" && filter.tags == ["errands"] && filter.priorities == [.high])
        #expect(PlainWords.searchFilter("+errands ＋家").tags == ["errands", "家"])
        #expect(PlainWords.searchFilter("+errands ＋家").text == "")
        let plain = PlainWords.searchFilter("C++ +1")
        #expect(plain.tags.isEmpty && plain.text == "C++ +1")
    }
}
