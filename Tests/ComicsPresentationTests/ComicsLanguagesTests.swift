import ComicsCore
import ComicsPresentation
import Foundation
import Localization
import Testing

/// LANG-13: the Comics ViewModels word their messages in the language they are given (LANG-4,
/// LANG-5), and in English by default.
@Suite("Comics ViewModels in three languages")
struct ComicsLanguagesTests {
    @Test("LANG-13 COMICS-1 the seed's no-connection message in Japanese and Chinese")
    func test_LANG_13_noConnection() async {
        for (language, expected) in [
            (Language.japanese, "インターネットに接続されていません。接続を確認して、もう一度お試しください。"),
            (.simplifiedChinese, "没有网络连接。请检查网络连接后重试。"),
            (.english, "There is no internet connection. Check your connection and try again."),
        ] {
            let sut = ComicsListViewModel(source: Failing(error: .noConnection(detail: "dns")), language: language)
            await sut.load()
            #expect(sut.state == .failed(message: expected))
            #expect(sut.errorMessage == expected)
        }
    }

    @Test("LANG-13 COMICS-2 the seed's couldn't-be-read message in Japanese and Chinese")
    func test_LANG_13_unreadable() async {
        let ja = ComicsListViewModel(source: Failing(error: .invalidContent(detail: "HTTP 500")), language: .japanese)
        await ja.load()
        #expect(ja.errorMessage == "内容を読み込めませんでした。しばらくしてからもう一度お試しください。")
        let zh = ComicsListViewModel(source: Failing(error: .invalidContent(detail: "HTTP 500")), language: .simplifiedChinese)
        await zh.load()
        #expect(zh.errorMessage == "无法读取内容。请稍后重试。")
    }

    @Test("LANG-13 COMICS-MSG-1…4 and HARDEN-5 in Japanese and Chinese: every failure has its own sentence")
    func test_LANG_13_failures() {
        let failures: [ComicsSourceError] = [
            .noConnection(detail: ""), .notAnswering(detail: ""), .keysRefused(detail: ""), .notFound(detail: ""),
            .invalidContent(detail: ""), .tooLarge(detail: ""),
        ]
        #expect(ComicsMessages.forComics(.notAnswering(detail: ""), language: .japanese)
            == "コミックのサーバーが応答していません。しばらくしてからもう一度お試しください。")
        #expect(ComicsMessages.forComics(.keysRefused(detail: ""), language: .simplifiedChinese)
            == "漫画服务器拒绝了密钥。请检查用户名和密码（或密钥）后重试。")
        #expect(ComicsMessages.forCharacters(.notFound(detail: ""), language: .japanese) == "このコミックは存在しません。")
        for language in [Language.japanese, .simplifiedChinese] {
            for error in failures {
                for sentence in [
                    ComicsMessages.forComics(error, language: language),
                    ComicsMessages.forCharacters(error, language: language),
                ] {
                    #expect(!sentence.contains(where: { $0.isASCII && $0.isLetter }), "\(language) \(error): \(sentence)")
                    #expect(!sentence.isEmpty)
                }
            }
        }
    }

    @Test("LANG-13 CHARACTERS-2 and the attribution in Chinese; English stays as it was")
    func test_LANG_13_characters() async {
        let zh = CharactersViewModel(
            comicID: 1, title: "Thor #1", source: Failing(error: .invalidContent(detail: "x")), language: .simplifiedChinese)
        await zh.load()
        #expect(zh.errorMessage == "无法显示角色列表。请稍后重试。")
        #expect(zh.attribution == "数据由 Marvel 提供。© 2025 MARVEL")
        let en = CharactersViewModel(comicID: 1, title: "Thor #1", source: Failing(error: .invalidContent(detail: "x")))
        await en.load()
        #expect(en.errorMessage == "The list of characters can't be shown. Please try again later.")
        #expect(en.attribution == Attribution.marvel)
    }

    @Test("LANG-5 COMICS-COPY-2 the copy's date in each language's style: 1 Jan 1970, 1970/01/01")
    func test_LANG_5_copyNotice() async {
        let copy = MemoryCopy()
        try? copy.keep(comics: [Comic(id: 1, title: "Avengers #1")], fetchedAt: Date(timeIntervalSince1970: 3_600 * 19 + 360))
        let utc = TimeZone(identifier: "UTC")!
        var notices: [Language: String] = [:]
        for language in Language.allCases {
            let sut = ComicsListViewModel(
                source: Failing(error: .noConnection(detail: "dns")),
                options: .init(offlineCopy: copy, offline: true, timeZone: utc), language: language)
            await sut.load()
            notices[language] = sut.copyNotice
        }
        #expect(notices[.english] == "Showing the copy from 1 Jan 1970 at 19:06.")
        #expect(notices[.simplifiedChinese] == "正在显示 1970/01/01 19:06 保存的副本。")
        #expect(notices[.japanese] == "1970/01/01 19:06 に保存したコピーを表示しています。")
    }

    @Test("LANG-13 COMICS-PAGE-1 the count of a longer list in Japanese and Chinese, numbers grouped")
    func test_LANG_13_countSummary() async {
        let pages = (0..<3).map { page in (1...2).map { Comic(id: page * 10 + $0, title: "Title \(page * 10 + $0)") } }
        let ja = ComicsListViewModel(source: PagedSource(pages: pages), language: .japanese)
        await ja.load()
        #expect(ja.countSummary == "6 件中 2 件のコミックを表示しています。")
        let zh = ComicsListViewModel(source: PagedSource(pages: pages), language: .simplifiedChinese)
        await zh.load()
        #expect(zh.countSummary == "已显示 6 部漫画中的 2 部。")
        #expect(ComicsMessages.showing(100, of: 5_000, language: .japanese) == "5,000 件中 100 件のコミックを表示しています。")
        #expect(ComicsMessages.showing(100, of: 5_000) == "Showing 100 of 5,000 comics.")
    }

    @Test("LANG-13 COMICS-COPY-3 nothing kept yet, in Japanese")
    func test_LANG_13_noCopyYet() async {
        let sut = ComicsListViewModel(
            source: Failing(error: .noConnection(detail: "")), options: .init(offlineCopy: MemoryCopy(), offline: true),
            language: .japanese)
        await sut.load()
        #expect(sut.errorMessage == "オフライン用のコピーはまだありません。接続しているときに一度コミックを開いてください。")
    }
}
