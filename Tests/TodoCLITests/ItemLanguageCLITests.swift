import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// The item commands in the terminal's language (LANG-3, LANG-4, LANG-5, LANG-6). The
/// harness's today is Saturday 11/21/2026.
@Suite("Item commands in Chinese and Japanese")
struct ItemLanguageCLITests {
    private func harness(_ lang: String) -> CLIHarness {
        let h = CLIHarness()
        h.environment = ["LANG": lang]
        return h
    }

    private func only(_ h: CLIHarness) async throws -> TodoItem {
        let items = try await h.store.items()
        try #require(items.count == 1)
        return items[0]
    }

    @Test("LANG-4 LANG-5 LANG-6 LANG=ja_JP.UTF-8 todo add confirms in Japanese, with 2026/11/22 and 30分")
    func test_LANG_5_addInJapanese() async throws {
        let h = harness("ja_JP.UTF-8")
        #expect(await h.run("add", "牛乳を買う tomorrow #家 ~30m") == 0)
        let item = try await only(h)
        #expect(item.title == "牛乳を買う" && item.project == Project(name: "家") && item.estimateMinutes == 30)
        let id = item.id.uuidString.lowercased().prefix(8)
        #expect(h.out == "#\(item.number)「牛乳を買う」（\(id)）を追加しました · 期限 2026/11/22 · #家 · ~30分\n")
    }

    @Test("LANG-4 LANG-6 LANG=zh_CN.UTF-8 todo add confirms in Chinese")
    func test_LANG_6_addInChinese() async throws {
        let h = harness("zh_CN.UTF-8")
        #expect(await h.run("add", "买牛奶", "--estimate", "1h30m", "--repeat", "mon,wed") == 0)
        let item = try await only(h)
        let id = item.id.uuidString.lowercased().prefix(8)
        #expect(h.out == "已添加 #\(item.number) “买牛奶”（\(id)）· 截止 2026/11/23 · ~1 小时 30 分钟 · 每周一、周三。\n")
        #expect(await h.run("add", "打电话") == 0)
        #expect(h.out.hasPrefix("已添加 #") && h.out.hasSuffix("）。\n"))
    }

    @Test("LANG-4 error sentences in Japanese: a number that names nothing, a date that isn't one, one in the Trash")
    func test_LANG_4_errorsInJapanese() async throws {
        let h = harness("ja_JP.UTF-8")
        #expect(await h.run("show", "7") == 1)
        #expect(h.err == "todo: #7 はありません。（`todo list` で各項目の番号を確認できます。数字で始まる ID なら id:7 と書いてください。）\n")
        #expect(await h.run("add", "牛乳", "--due", "あした") == 1)
        #expect(h.err == "todo: 「あした」は日付ではありません。YYYY-MM-DD、today、tomorrow のいずれかで入力してください。\n")
        #expect(try await h.store.items().isEmpty, "nothing was added")
        #expect(await h.run("add", "牛乳", "--raw") == 0)
        let item = try await only(h)
        #expect(await h.run("rm", "\(item.number)") == 0)
        #expect(h.out == "「牛乳」を削除しました（元に戻すには：todo restore \(item.number)）。\n")
        #expect(await h.run("check", "\(item.number)") == 1)
        #expect(h.err == "todo: #\(item.number) はゴミ箱にあります。`todo restore \(item.number)` で元に戻せます。\n")
    }

    @Test("LANG-4 check, uncheck, edit and show in Chinese")
    func test_LANG_4_checkEditShowInChinese() async throws {
        let h = harness("zh_CN.UTF-8")
        #expect(await h.run("add", "交房租", "--due", "2026-11-24", "--raw") == 0)
        let item = try await only(h)
        #expect(await h.run("check", "\(item.number)") == 0)
        #expect(h.out == "已完成“交房租”。\n")
        #expect(await h.run("check", "\(item.number)") == 0)
        #expect(h.out == "“交房租”已经是已完成。\n")
        #expect(await h.run("uncheck", "\(item.number)") == 0)
        #expect(h.out == "已将“交房租”标为未完成。\n")
        #expect(await h.run("edit", "\(item.number)", "--estimate", "45m") == 0)
        #expect(h.out == "已保存“交房租”。\n")
        #expect(await h.run("show", "\(item.number)") == 0)
        #expect(h.out.hasPrefix("交房租\n"))
        #expect(h.out.contains("  状态      待办\n"), "labels padded to the widest (4 columns), two columns a character")
        #expect(h.out.contains("  截止日期  2026/11/24\n"))
        #expect(h.out.contains("  预计用时  45 分钟\n"))
        #expect(h.out.contains("  编号      #\(item.number)\n"))
    }

    @Test("LANG-4 a repeating item's check names the next occurrence in Japanese")
    func test_LANG_4_checkRepeatingInJapanese() async throws {
        let h = harness("ja_JP.UTF-8")
        #expect(await h.run("add", "水やり", "--due", "2026-11-23", "--repeat", "mon,thu") == 0)
        let item = try await only(h)
        #expect(await h.run("check", "\(item.number)") == 0)
        #expect(h.out.hasPrefix("「水やり」を完了にしました。次回：#"))
        #expect(h.out.hasSuffix("（期限 2026/11/26）\n"))
    }

    @Test("LANG-3 LC_ALL=C keeps the English sentences")
    func test_LANG_3_englishWithC() async throws {
        let h = harness("ja_JP.UTF-8")
        h.environment["LC_ALL"] = "C"
        #expect(await h.run("add", "Call mom", "--due", "2026-11-24") == 0)
        #expect(h.out.hasPrefix("Added #") && h.out.hasSuffix(" · due 11/24/2026.\n"))
        #expect(await h.run("show", "99") == 1)
        #expect(h.err.hasPrefix("todo: There is no #99."))
    }
}
