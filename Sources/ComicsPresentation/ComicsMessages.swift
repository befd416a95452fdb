import ComicsCore
import Foundation
public import Localization

/// The sentences the spec asks the app to show, in each language (LANG-13). The properties
/// without a language are the English ones (the JSON API's, and the tests' reference).
public enum ComicsMessages {
    /// COMICS-1, CHARACTERS-1.
    public static var noConnection: String { noConnection(.english) }
    /// COMICS-2.
    public static var comicsUnreadable: String { comicsUnreadable(.english) }
    /// CHARACTERS-2.
    public static var charactersUnavailable: String { charactersUnavailable(.english) }
    /// COMICS-MSG-1: a configured server refuses the connection or doesn't answer in time.
    public static var notAnswering: String { notAnswering(.english) }
    /// COMICS-MSG-2: 401/403.
    public static var keysRefused: String { keysRefused(.english) }
    /// COMICS-MSG-3: 404.
    public static var comicNotFound: String { comicNotFound(.english) }
    /// COMICS-COPY-3: `--offline` with nothing kept yet.
    public static var noCopyYet: String { noCopyYet(.english) }
    /// HARDEN-5: the server sent more than the app accepts (too much data, too many pages, too long).
    public static var comicsTooLarge: String { comicsTooLarge(.english) }
    /// HARDEN-5, for a comic's characters.
    public static var charactersTooLarge: String { charactersTooLarge(.english) }

    public static func noConnection(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.no-connection")
    }

    public static func comicsUnreadable(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.unreadable")
    }

    public static func charactersUnavailable(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.characters-unavailable")
    }

    public static func notAnswering(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.not-answering")
    }

    public static func keysRefused(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.keys-refused")
    }

    public static func comicNotFound(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.comic-not-found")
    }

    public static func noCopyYet(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.no-copy-yet")
    }

    public static func comicsTooLarge(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.comics-too-large")
    }

    public static func charactersTooLarge(_ language: Language) -> String {
        ComicsWords.strings(language)("comics.error.characters-too-large")
    }

    public static func forComics(_ error: ComicsSourceError, language: Language = .english) -> String {
        switch error {
        case .noConnection: noConnection(language)
        case .notAnswering: notAnswering(language)
        case .keysRefused: keysRefused(language)
        case .notFound, .invalidContent: comicsUnreadable(language)
        case .tooLarge: comicsTooLarge(language)
        }
    }

    public static func forCharacters(_ error: ComicsSourceError, language: Language = .english) -> String {
        switch error {
        case .noConnection: noConnection(language)
        case .notAnswering: notAnswering(language)
        case .keysRefused: keysRefused(language)
        case .notFound: comicNotFound(language)
        case .invalidContent: charactersUnavailable(language)
        case .tooLarge: charactersTooLarge(language)
        }
    }

    /// COMICS-COPY-2: "Showing the copy from 23 Nov 2026 at 19:06.", "正在显示 2026/11/23 19:06
    /// 保存的副本。", "2026/11/23 19:06 に保存したコピーを表示しています。"
    public static func showingCopy(from date: Date, timeZone: TimeZone, language: Language = .english) -> String {
        let strings = ComicsWords.strings(language)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = strings("comics.copy.date-format")
        let day = formatter.string(from: date)
        formatter.dateFormat = "HH:mm"
        return strings("comics.copy.showing", ["date": day, "time": formatter.string(from: date)])
    }

    /// COMICS-PAGE-1: "Showing 100 of 5,000 comics."
    public static func showing(_ shown: Int, of total: Int, language: Language = .english) -> String {
        ComicsWords.strings(language)("comics.list.showing", ["shown": grouped(shown), "total": grouped(total)])
    }

    /// Marvel's attribution, wherever their data shows.
    public static func attribution(_ language: Language = .english) -> String {
        ComicsWords.strings(language)("comics.attribution")
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0, character != "-" { out.append(",") }
            out.append(character)
        }
        return out
    }
}
