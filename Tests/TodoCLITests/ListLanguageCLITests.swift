import Foundation
import Testing
import TodoCore
import TodoTestSupport

/// `todo list`, `todo search`, `todo list --upcoming` and `todo projects` in the terminal's
/// language (LANG-3, LANG-4, LANG-5, LANG-7, LANG-8); `--json` stays as it is.
@Suite("todo list in three languages")
struct ListLanguageCLITests {
    /// A harness whose terminal speaks `lang`, over a to-do due 11/24 at Home, one overdue and a done item.
    private func makeHarness(_ lang: String) async throws -> CLIHarness {
        let cli = CLIHarness()
        cli.environment = ["LANG": lang]
        let done = try await cli.store.add(TodoDraft(title: "Old"))
        _ = try await cli.store.setDone(id: done.id, true)
        _ = try await cli.store.add(TodoDraft(title: "Late", dueDate: CalendarDate(iso: "2026-11-20")!))
        _ = try await cli.store.add(TodoDraft(
            title: "买牛奶", dueDate: CalendarDate(iso: "2026-11-24")!, location: Location(name: "Home")))
        return cli
    }

    @Test("LANG-4 LANG-5 LANG=ja_JP.UTF-8 todo list prints 未完了 and 完了, dates year first")
    func test_LANG_4_japaneseHeaders() async throws {
        let cli = try await makeHarness("ja_JP.UTF-8")
        #expect(await cli.run("list") == 0)
        #expect(cli.out == "未完了\n  #3 [ ] 买牛奶  (Home、期限 2026/11/24)\n  #2 [ ] Late  (期限 2026/11/20)\n完了\n  #1 [x] Old\n")
        #expect(await cli.run("list", "--due", "today") == 0)
        #expect(cli.out.hasPrefix("今日\n期限切れ\n  #2 [ ] Late  (期限 2026/11/20、期限切れ)\n"))
    }

    @Test("LANG-4 LANG=zh_CN.UTF-8 todo list prints 待办 and 已完成")
    func test_LANG_4_chineseHeaders() async throws {
        let cli = try await makeHarness("zh_CN.UTF-8")
        #expect(await cli.run("list") == 0)
        #expect(cli.out == "待办\n  #3 [ ] 买牛奶  (Home，2026/11/24 到期)\n  #2 [ ] Late  (2026/11/20 到期)\n已完成\n  #1 [x] Old\n")
        #expect(await cli.run("search", "牛奶") == 0)
        #expect(cli.out == "搜索“牛奶”\n待办\n  #3 [ ] 买牛奶  (Home，2026/11/24 到期)\n")
        #expect(await cli.run("list", "--upcoming") == 0)
        #expect(cli.out == "即将到期\n11月24日 星期二\n  #3 [ ] 买牛奶  (Home)\n")
    }

    @Test("LANG-3 LANG=C todo list prints the English headers and dates, as before")
    func test_LANG_3_englishHeaders() async throws {
        let cli = try await makeHarness("C")
        #expect(await cli.run("list") == 0)
        #expect(cli.out == "To Do\n  #3 [ ] 买牛奶  (Home, due 11/24/2026)\n  #2 [ ] Late  (due 11/20/2026)\nDone\n  #1 [x] Old\n")
        #expect(await cli.run("list", "--overdue") == 0)
        #expect(cli.out == "Overdue\nTo Do\n  #2 [ ] Late  (due 11/20/2026, overdue)\n")
    }

    @Test("LANG-4 an empty list says so in the terminal's language")
    func test_LANG_4_emptyList() async throws {
        let cli = CLIHarness()
        cli.environment = ["LC_ALL": "ja_JP.UTF-8", "LANG": "C"]
        #expect(await cli.run("list") == 0)
        #expect(cli.out == "まだ項目がありません。最初の項目はこのコマンドで追加します：todo add \"タイトル\"\n")
        #expect(await cli.run("projects") == 0)
        #expect(cli.out.hasPrefix("まだプロジェクトがありません。"))
    }

    @Test("LANG-7 LANG-8 todo projects: sorted by the language's collation, counted in its words")
    func test_LANG_8_projects() async throws {
        let cli = CLIHarness()
        for (title, project) in [("a", "上海"), ("b", "北京"), ("c", "北京"), ("d", "广州")] {
            _ = try await cli.store.add(TodoDraft(title: title, project: Project(name: project)))
        }
        cli.environment = ["LANG": "zh_CN.UTF-8"]
        #expect(await cli.run("projects") == 0)
        #expect(cli.out == "北京（2 项）\n广州（1 项）\n上海（1 项）\n")
        cli.environment = ["LANG": "ja_JP.UTF-8"]
        #expect(await cli.run("projects") == 0)
        #expect(cli.out.contains("北京（2件）\n"))
        cli.environment = ["LANG": "C"]
        #expect(await cli.run("projects") == 0)
        #expect(cli.out.contains("北京 (2)\n"))
        // --json is for programs: the same in every language.
        #expect(await cli.run("projects", "--json") == 0)
        let english = cli.out
        cli.environment = ["LANG": "zh_CN.UTF-8"]
        #expect(await cli.run("projects", "--json") == 0)
        #expect(cli.out == english)
    }

    @Test("LANG-3 LANG-4 the todo executable takes LANG from its environment")
    func test_LANG_3_process() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let base = ["TODO_DB": folder.file("t.sqlite"), "LC_ALL": "", "LC_MESSAGES": ""]
        #expect(try await TodoProcess.run(["add", "Buy milk", "--raw"], environment: base).status == 0)
        #expect(try await TodoProcess.run(["add", "Old", "--raw"], environment: base).status == 0)
        #expect(try await TodoProcess.run(["check", "2"], environment: base).status == 0)
        let headers: [(String, [String])] = [
            ("ja_JP.UTF-8", ["未完了", "完了"]), ("zh_CN.UTF-8", ["待办", "已完成"]), ("C", ["To Do", "Done"]),
        ]
        for (lang, expected) in headers {
            var env = base
            env["LANG"] = lang
            let result = try await TodoProcess.run(["list"], environment: env)
            #expect(result.status == 0, "\(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(" ") }
            #expect(lines == expected, "\(lang)")
        }
    }
}
