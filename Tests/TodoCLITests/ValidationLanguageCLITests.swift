import Testing
import TodoCLI

/// A command line refused before it runs (`validate()`) says why in the terminal's language;
/// the usage lines after it are help text and stay English (LANG-3, LANG-4).
@Suite("Refused command lines in three languages")
struct ValidationLanguageCLITests {
    private func run(_ lang: String, _ arguments: String...) async -> (Int32, String) {
        let h = CLIHarness()
        h.environment = ["LANG": lang]
        let code = await h.run(arguments)
        return (code, h.err)
    }

    @Test("LANG-3 LANG=ja_JP.UTF-8 todo trash --yes without --empty is refused in Japanese")
    func test_LANG_3_refusalInJapanese() async {
        let (code, err) = await run("ja_JP.UTF-8", "trash", "--yes")
        #expect(code == 64)
        #expect(err.hasPrefix("エラー：--yes は --empty と一緒に使います。\n"), "\(err)")
        #expect(err.contains("Usage: todo trash"), "the usage stays help text")
    }

    @Test("LANG-3 LANG=zh_CN.UTF-8 refusals with values are one sentence in Chinese")
    func test_LANG_3_refusalWithValuesInChinese() async {
        let (code, err) = await run("zh_CN.UTF-8", "edit", "1", "--due", "tomorrow", "--no-due")
        #expect(code == 64)
        #expect(err.hasPrefix("错误：--due 和 --no-due 只能给出其中一个。\n"), "\(err)")
        let (_, format) = await run("zh_CN.UTF-8", "export", "--output", "list.xyz")
        #expect(format.hasPrefix("错误：无法从文件名“list.xyz”判断格式；请给出 --format "), "\(format)")
    }

    @Test("LANG-3 in English (LANG=C, or no locale at all) the refusals are as they were")
    func test_LANG_3_refusalInEnglish() async {
        for lang in ["C", ""] {
            let (code, err) = await run(lang, "search", "   ")
            #expect(code == 64)
            #expect(err.hasPrefix("Error: Give the text to look for.\n"), "\(err)")
        }
    }
}
