import Foundation
import Testing
import TodoCLI
import TodoCore
import TodoTestSupport

/// `todo` in the terminal's language (LANG-3, LANG-4, LANG-7) for the Trash, import and export,
/// and error sentences, over one in-memory store and a clock the test moves.
private final class LanguageHarness {
    let env = TestEnvironment(tick: 0)
    let store: any TodoStore
    var out = "", err = ""
    var environment: [String: String]
    var standardInput = Data()

    init(_ lang: String) {
        store = InMemoryTodoStore(environment: env.environment)
        environment = ["LANG": lang]
    }

    @discardableResult
    func run(_ arguments: String...) async -> Int32 {
        out = ""
        err = ""
        let store = self.store
        var context = CLIContext(
            openStore: { _, _ in store }, environment: environment, stdoutIsTerminal: false,
            today: { CalendarDate(iso: "2026-11-21")! },
            now: { TestEnvironment.referenceDate }, writeOut: { self.out += $0 }, writeErr: { self.err += $0 }, readStandardInput: { self.standardInput })
        context.stdinIsTerminal = false
        let env = self.env
        context.now = { env.now() }
        return await TodoCLI.run(arguments, context: context)
    }
}

@Suite("todo trash, import, export and errors in three languages")
struct RestLanguageCLITests {
    @Test("LANG-4 `LANG=ja_JP.UTF-8 todo rm`, `todo trash`, `todo restore` speak Japanese; titles stay as typed")
    func test_LANG_4_trashInJapanese() async throws {
        let h = LanguageHarness("ja_JP.UTF-8")
        await h.run("add", "牛乳を買う")
        await h.run("add", "Go")
        #expect(await h.run("rm", "1") == 0)
        #expect(h.out == "「牛乳を買う」を削除しました（元に戻すには：todo restore 1）。\n")
        h.env.advance(by: 2 * 3600)
        await h.run("rm", "2")
        h.env.advance(by: 60)

        #expect(await h.run("trash") == 0)
        // A wide title takes two columns a character: the when-column lines up.
        #expect(h.out == """
              #2  Go          1分前に削除
              #1  牛乳を買う  2時間前に削除

            """)

        #expect(await h.run("trash", "--empty") == 1)
        #expect(h.err == "todo: ゴミ箱を空にすると2件の項目が完全に削除されます：確認できる端末がない場合は --yes を付けてください。何も削除していません。\n")
        #expect(await h.run("restore", "1") == 0)
        #expect(h.out == "「牛乳を買う」を未完了に復元しました。\n")
        #expect(await h.run("trash", "--empty", "--yes") == 0)
        #expect(h.out == "1件の項目を完全に削除しました。\n")
        #expect(await h.run("trash") == 0)
        #expect(h.out == "ゴミ箱は空です。\n")
    }

    @Test("LANG-4 an error sentence in Chinese: a REF that is not in the Trash")
    func test_LANG_4_errorSentenceInChinese() async throws {
        let h = LanguageHarness("zh_CN.UTF-8")
        #expect(await h.run("restore", "7") == 1)
        #expect(h.err.hasPrefix("todo: #7 不在废纸篓中。"))
        #expect(await h.run("restore", "zz") == 1)
        #expect(h.err == "todo: “zz”既不是项目编号（#7），也不是项目 ID 的开头。\n")
        #expect(await h.run("import", "/no/such/file.csv") == 1)
        #expect(h.err == "todo: 无法读取 /no/such/file.csv：文件不存在或不可读。\n")
    }

    @Test("LANG-7 an import summary with its count, in Japanese, Chinese and English")
    func test_LANG_7_importSummary() async throws {
        let ja = LanguageHarness("ja_JP.UTF-8")
        ja.standardInput = Data("title\nA\nB\nC\n".utf8)
        #expect(await ja.run("import", "--format", "csv", "-") == 0)
        #expect(ja.out == "標準入力から3件の項目をインポートしました：追加 3件、更新 0件、変更なし 0件。\n")

        let zh = LanguageHarness("zh_CN.UTF-8")
        zh.standardInput = Data("title\nA\n".utf8)
        #expect(await zh.run("import", "--format", "csv", "--dry-run", "-") == 0)
        #expect(zh.out == "试运行，未做任何更改。导入标准输入将会：新增 1 项，更新 0 项，0 项未变。\n  添加 “A”\n")

        let en = LanguageHarness("C")
        en.standardInput = Data("title\nA\n".utf8)
        #expect(await en.run("import", "--format", "csv", "-") == 0)
        #expect(en.out == "Imported 1 item from standard input: 1 added, 0 updated, 0 unchanged.\n")
    }

    @Test("LANG-7 `todo export -o` says how many items it wrote, in the terminal's language")
    func test_LANG_7_exportSentence() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lang-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("out.csv").path
        let h = LanguageHarness("ja_JP.UTF-8")
        await h.run("add", "A")
        await h.run("add", "B")
        #expect(await h.run("export", "-o", file) == 0)
        #expect(h.out == "2件の項目を \(file) にエクスポートしました（csv）。\n")
        h.environment = ["LANG": "en_US.UTF-8"]
        #expect(await h.run("export", "-o", file) == 0)
        #expect(h.out == "Exported 2 items to \(file) (csv).\n")
    }

    @Test("LANG-4 the line `todo serve` prints keeps its address in every language")
    func test_LANG_4_serveLine() {
        let ja = ServeText.running(address: "http://127.0.0.1:8080/", location: .inMemory, environment: ["LANG": "ja_JP.UTF-8"])
        #expect(ja == "やることを http://127.0.0.1:8080/ で実行中です。保存先：メモリーのみ（何も保存されません）。Ctrl-C で停止します。\n")
        let en = ServeText.running(address: "http://127.0.0.1:8080/", location: .file("/tmp/t.sqlite"), environment: [:])
        #expect(en == "Todo is running at http://127.0.0.1:8080/ with the database /tmp/t.sqlite. Press Ctrl-C to stop.\n")
    }
}
