import Foundation
import Localization
import Testing

@Suite("Localization: choosing the language")
struct LanguageTests {
    @Test("LANG-1 Accept-Language picks Simplified Chinese, Japanese or English")
    func test_LANG_1_negotiation() {
        let cases: [(String?, Language)] = [
            ("zh", .simplifiedChinese), ("zh-CN", .simplifiedChinese), ("zh-Hans", .simplifiedChinese),
            ("zh-SG", .simplifiedChinese), ("zh-Hans-CN", .simplifiedChinese), ("ZH-cn", .simplifiedChinese),
            ("ja", .japanese), ("ja-JP", .japanese), ("en", .english), ("en-GB", .english),
            ("fr", .english), ("zh-TW", .english), ("", .english), (nil, .english), (";;;,,q=", .english),
            ("fr-FR, ja;q=0.5", .japanese), ("en;q=0.4, zh-CN;q=0.9", .simplifiedChinese),
            ("ja;q=0, zh", .simplifiedChinese), ("zh-TW, zh;q=0.8, en;q=0.5", .simplifiedChinese),
            ("en-US,en;q=0.9,ja;q=0.8", .english), ("*", .english),
        ]
        for (header, expected) in cases {
            #expect(Language.negotiate(acceptLanguage: header) == expected, "\(header ?? "nil")")
        }
    }

    @Test("LANG-3 LC_ALL, then LC_MESSAGES, then LANG; C and POSIX are English")
    func test_LANG_3_environment() {
        #expect(Language.fromEnvironment(["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(Language.fromEnvironment(["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(Language.fromEnvironment(["LANG": "zh_SG.UTF-8"]) == .simplifiedChinese)
        #expect(Language.fromEnvironment(["LANG": "zh_TW.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "C"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "POSIX"]) == .english)
        #expect(Language.fromEnvironment([:]) == .english)
        #expect(Language.fromEnvironment(["LANG": "en_US.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) == .japanese)
        #expect(Language.fromEnvironment(["LANG": "ja_JP.UTF-8", "LC_MESSAGES": "zh_CN", "LC_ALL": "C.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "ja_JP.UTF-8", "LC_ALL": ""]) == .japanese)
        #expect(Language.fromEnvironment(["LANG": "ja_JP.eucJP@euro"]) == .japanese)
    }

    @Test("LANG-7 English has one and other; Chinese and Japanese have one form")
    func test_LANG_7_plurals() {
        let catalog = Catalog(tables: [
            .english: ["items#one": "{count} item", "items#other": "{count} items in {list}"],
            .simplifiedChinese: ["items#other": "{list}中有 {count} 项"],
            .japanese: ["items#other": "{list}に{count}件"],
        ])
        #expect(catalog.strings(.english).plural("items", count: 1) == "1 item")
        #expect(catalog.strings(.english).plural("items", count: 0, ["list": "Home"]) == "0 items in Home")
        #expect(catalog.strings(.english).plural("items", count: 2, ["list": "Home"]) == "2 items in Home")
        #expect(catalog.strings(.simplifiedChinese).plural("items", count: 1, ["list": "家"]) == "家中有 1 项")
        #expect(catalog.strings(.japanese).plural("items", count: 3, ["list": "家"]) == "家に3件")
    }

    @Test("LANG-10 placeholders are filled once, by name, and a value's braces are left alone")
    func test_LANG_10_placeholders() {
        let catalog = Catalog(tables: [
            .english: ["added": "Added “{title}” to {project}.", "plain": "No values"],
            .japanese: ["added": "{project}に「{title}」を追加しました。"],
        ])
        let english = catalog.strings(.english), japanese = catalog.strings(.japanese)
        #expect(english("added", ["title": "{project}", "project": "Home"]) == "Added “{project}” to Home.")
        #expect(japanese("added", ["title": "牛乳", "project": "家"]) == "家に「牛乳」を追加しました。")
        #expect(english("plain") == "No values")
        #expect(english("added", ["title": "x"]) == "Added “x” to {project}.")
        // `{count}` is an ordinary value outside a plural, and text around braces stays as it is.
        let counted = Catalog(tables: [.english: ["shown": "{first}–{last} of {count} {", "odd": "a } b {x"]]).strings(.english)
        #expect(counted("shown", ["first": "1", "last": "50", "count": "60"]) == "1–50 of 60 {")
        #expect(counted("odd", ["x": "y"]) == "a } b {x")
        // A key Japanese lacks shows in English rather than as nothing.
        #expect(japanese("plain") == "No values")
    }

    @Test("LANG-10 a catalog reads English at once and another language's folder when first asked for")
    func test_LANG_10_read_when_needed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ folder: String, _ text: String) throws {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url.appendingPathComponent("Words.strings"))
        }
        try write("en.lproj", #""greeting" = "Hello";\#n"only" = "English only";"#)
        try write("zh-hans.lproj", #""greeting" = "旧的";"#)
        let catalog = try Catalog(folder: root)
        // Written after the catalog was made: what it shows proves when each folder was read.
        try write("en.lproj", #""greeting" = "Changed";"#)
        try write("zh-hans.lproj", #""greeting" = "你好";"#)
        #expect(catalog.strings(.english)("greeting") == "Hello")
        #expect(catalog.strings(.simplifiedChinese)("greeting") == "你好")
        #expect(catalog.strings(.simplifiedChinese)("only") == "English only")
        // Read once: a later change to the folder is not seen.
        try write("zh-hans.lproj", #""greeting" = "再变";"#)
        #expect(catalog.strings(.simplifiedChinese)("greeting") == "你好")
        // A language without a folder shows in English; a catalog without English is refused.
        #expect(catalog.strings(.japanese)("greeting") == "Hello")
        #expect(throws: (any Error).self) { try Catalog(folder: root.appendingPathComponent("nowhere")) }
    }

    @Test("LANG-8 names sort by the language's collation")
    func test_LANG_8_collation() {
        let names = ["上海", "北京", "广州"]
        let catalog = Catalog(tables: [:])
        #expect(catalog.strings(.simplifiedChinese).sorted(names) == ["北京", "广州", "上海"])
        #expect(catalog.strings(.english).sorted(["banana", "Apple", "cherry"]) == ["Apple", "banana", "cherry"])
        let japanese = catalog.strings(.japanese).sorted(["さくら", "あさひ", "カメラ"])
        #expect(japanese == ["あさひ", "カメラ", "さくら"])
    }
}
