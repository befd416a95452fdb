import ComicsCLI
import ComicsCore
import Testing

/// LANG-3, LANG-13: `comics` speaks the terminal's language (`LC_ALL`, `LC_MESSAGES`, `LANG`);
/// `--help` and `--json` stay as they are.
@Suite("comics in the terminal's language")
struct ComicsCLILanguagesTests {
    static let japanese = ["LANG": "ja_JP.UTF-8"]
    static let chinese = ["LANG": "zh_CN.UTF-8"]

    @Test("LANG-3 COMICS-1 LANG=ja_JP.UTF-8: the no-connection message in Japanese on stderr")
    func test_LANG_3_noConnectionJapanese() async {
        let console = ConsoleSpy(environment: Self.japanese)

        let status = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .failure(.noConnection(detail: "refused"))), json: false)

        #expect(status == 1)
        #expect(console.errors == "インターネットに接続されていません。接続を確認して、もう一度お試しください。\n")
        #expect(console.output.isEmpty)
    }

    @Test("LANG-3 COMICS-2 LANG=zh_CN.UTF-8: the couldn't-be-read message in Chinese")
    func test_LANG_3_unreadableChinese() async {
        let console = ConsoleSpy(environment: Self.chinese)

        _ = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .failure(.invalidContent(detail: "HTTP 500"))), json: false)

        #expect(console.errors == "无法读取内容。请稍后重试。\n")
    }

    @Test("LANG-3 COMICS-3 LANG=zh_CN.UTF-8: the titles as they are, the attribution in Chinese")
    func test_LANG_3_tableChinese() async {
        let console = ConsoleSpy(environment: Self.chinese)

        _ = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .success([Comic(id: 2, title: "Avengers (1963) #1")])), json: false)

        #expect(console.output == "A\n  2  Avengers (1963) #1\n\n数据由 Marvel 提供。© 2025 MARVEL\n")
    }

    @Test("LANG-3 COMICS-PAGE-2 LANG=ja_JP.UTF-8: the count and the next page's command in Japanese")
    func test_LANG_3_moreJapanese() async {
        let console = ConsoleSpy(environment: Self.japanese)

        _ = await ComicsCLI(context: console.context).list(source: TwoPages(), json: false)

        #expect(console.output.contains(
            "\n2 件中 1 件のコミックを表示しています。`comics list --page 2` で次のページを、`--all` ですべてのページを表示します。\n"))
        #expect(console.output.hasSuffix("データ提供：Marvel。© 2025 MARVEL\n"))
    }

    @Test("LANG-3 CHARACTERS-3 LANG=ja_JP.UTF-8: a comic without characters says so in Japanese")
    func test_LANG_3_noCharactersJapanese() async {
        let console = ConsoleSpy(environment: Self.japanese)

        _ = await ComicsCLI(context: console.context).characters(
            ofComic: 1, source: StubSource(comic: .success(Comic(id: 1, title: "Thor #1")), characters: .success([])),
            json: false)

        #expect(console.output == "Thor #1\n=======\n（キャラクターは登録されていません）\n\nデータ提供：Marvel。© 2025 MARVEL\n")
    }

    @Test("LANG-3 LOADING-1 on a terminal the spinner's words are in Chinese")
    func test_LANG_3_spinnerChinese() async {
        let console = ConsoleSpy(errorIsTerminal: true, environment: Self.chinese)

        _ = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .success([]), delay: .milliseconds(250)), json: false)

        #expect(console.errors.contains("正在加载漫画…"))
        #expect(!console.errors.contains("Loading"))
    }

    @Test("LANG-3 a usage error's sentence in Japanese; the usage lines (help text) stay English")
    func test_LANG_3_validationJapanese() async {
        let console = ConsoleSpy(environment: Self.japanese)

        let status = await ComicsCommand.run(ComicsCommand.self, ["list", "--page", "0"], context: console.context)

        #expect(status != 0)
        #expect(console.errors.hasPrefix("エラー: --page には 1 以上を指定してください。\n"))
        #expect(console.errors.contains("Usage:"))
    }

    @Test("LANG-3 a source option's error in Chinese (thrown while running)")
    func test_LANG_3_sourceErrorChinese() async {
        let console = ConsoleSpy(environment: Self.chinese.merging(["METRON_USERNAME": "u"], uniquingKeysWith: { $1 }))

        let status = await ComicsCommand.run(ComicsCommand.self, ["list", "--source", "metron"], context: console.context)

        #expect(status != 0)
        #expect(console.errors.hasPrefix(
            "错误：请给出 Metron 的用户名和密码（--metron-user 和 --metron-password，或 METRON_USERNAME 和 METRON_PASSWORD）。"))
    }

    @Test("LANG-3 LC_ALL wins over LANG; C is English; --json stays as it is")
    func test_LANG_3_order() async {
        let english = ConsoleSpy(environment: ["LC_ALL": "C", "LANG": "ja_JP.UTF-8"])
        _ = await ComicsCLI(context: english.context).list(
            source: StubSource(comics: .failure(.noConnection(detail: ""))), json: false)
        #expect(english.errors == "There is no internet connection. Check your connection and try again.\n")

        let messages = ConsoleSpy(environment: ["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "ja_JP.UTF-8"])
        _ = await ComicsCLI(context: messages.context).list(
            source: StubSource(comics: .failure(.noConnection(detail: ""))), json: false)
        #expect(messages.errors == "没有网络连接。请检查网络连接后重试。\n")

        let json = ConsoleSpy(environment: Self.japanese)
        _ = await ComicsCLI(context: json.context).list(
            source: StubSource(comics: .success([Comic(id: 2, title: "Avengers (1963) #1")])), json: true)
        #expect(json.output == #"{"groups":[{"comics":[{"id":2,"title":"Avengers (1963) #1"}],"letter":"A"}]}"# + "\n")
    }

    @Test("LANG-3 --help stays English whatever LANG says")
    func test_LANG_3_helpEnglish() async {
        let console = ConsoleSpy(environment: Self.japanese)

        let status = await ComicsCommand.run(ComicsCommand.self, ["list", "--help"], context: console.context)

        #expect(status == 0)
        #expect(console.output.contains("List the comics grouped by first letter."))
    }
}

/// Two pages of one comic each: the list says there is more.
struct TwoPages: ComicsSource {
    func loadComics() async throws(ComicsSourceError) -> [Comic] { [Comic(id: 1, title: "Avengers #1")] }

    func loadComicsPage(_ number: Int, titleContaining: String?) async throws(ComicsSourceError) -> ComicsPage {
        ComicsPage(comics: [Comic(id: number, title: "Avengers #\(number)")], number: number, totalCount: 2, hasMore: number < 2)
    }

    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic { Comic(id: id, title: "Avengers #\(id)") }
    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] { [] }
}
