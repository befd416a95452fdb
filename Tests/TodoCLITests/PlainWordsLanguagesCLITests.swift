import Foundation
import Testing
import TodoCLI
import TodoCore

/// `todo add` reads Chinese and Japanese words whatever the terminal's language
/// (docs/specs/plain-words.md WORDS-21 … WORDS-26, LANG-9). The harness's today is Saturday
/// 11/21/2026.
@Suite("todo add in plain words, in every language")
struct PlainWordsLanguagesCLITests {
    private let tomorrow = CalendarDate(iso: "2026-11-22")!

    private func added(_ arguments: [String], lang: String) async throws -> TodoItem {
        let h = CLIHarness()
        h.environment = ["LANG": lang]
        #expect(await h.run(["add"] + arguments) == 0, "\(h.err)")
        let items = try await h.store.items()
        try #require(items.count == 1)
        return items[0]
    }

    @Test("LANG-9 WORDS-21 LANG=ja_JP.UTF-8 todo add 牛乳を買う 明日 #家 stores 牛乳を買う, due tomorrow, in 家")
    func test_LANG_9_japaneseTerminal() async throws {
        let item = try await added(["牛乳を買う", "明日", "#家"], lang: "ja_JP.UTF-8")
        #expect(item.title == "牛乳を買う")
        #expect(item.dueDate == tomorrow)
        #expect(item.project == Project(name: "家"))
    }

    @Test("LANG-9 WORDS-25 LANG=zh_CN.UTF-8 todo add \"买牛奶 明天 ＃家\" reads the full-width sign")
    func test_LANG_9_chineseTerminal() async throws {
        let item = try await added(["买牛奶 明天 ＃家"], lang: "zh_CN.UTF-8")
        #expect(item.title == "买牛奶" && item.dueDate == tomorrow && item.project == Project(name: "家"))
    }

    @Test("LANG-9 WORDS-26 an English terminal reads the Chinese and Japanese words too, glued ones included")
    func test_LANG_9_englishTerminal() async throws {
        let glued = try await added(["牛乳を買う明日", "＠スーパー", "～30分"], lang: "C")
        #expect(glued.title == "牛乳を買う" && glued.dueDate == tomorrow)
        #expect(glued.location == Location(name: "スーパー") && glued.estimateMinutes == 30)
        let repeated = try await added(["健身 每周一、三"], lang: "en_US.UTF-8")
        #expect(repeated.title == "健身" && repeated.repeatRule == .weekly(on: [.monday, .wednesday]))
        #expect(repeated.dueDate == CalendarDate(iso: "2026-11-23"), "REPEAT-15: its first day from Saturday")
    }

    @Test("WORDS-23 --raw keeps Chinese and Japanese words in the title, and 明日香 is never a date")
    func test_WORDS_23_rawAndLookalikes() async throws {
        let raw = try await added(["--raw", "牛乳を買う 明日 #家"], lang: "ja_JP.UTF-8")
        #expect(raw.title == "牛乳を買う 明日 #家" && raw.dueDate == nil && raw.project == nil)
        let name = try await added(["明日香に電話"], lang: "ja_JP.UTF-8")
        #expect(name.title == "明日香に電話" && name.dueDate == nil)
    }
}
