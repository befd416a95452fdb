import ComicsCore
import Foundation

/// The sentences the spec asks the app to show.
public enum ComicsMessages {
    /// COMICS-1, CHARACTERS-1.
    public static let noConnection = "There is no internet connection. Check your connection and try again."
    /// COMICS-2.
    public static let comicsUnreadable = "The content couldn't be read. Please try again later."
    /// CHARACTERS-2.
    public static let charactersUnavailable = "The list of characters can't be shown. Please try again later."
    /// COMICS-MSG-1: a configured server refuses the connection or doesn't answer in time.
    public static let notAnswering = "The comics server isn't answering. Please try again later."
    /// COMICS-MSG-2: 401/403.
    public static let keysRefused =
        "The comics server refused the keys. Check the user name and password (or the keys) and try again."
    /// COMICS-MSG-3: 404.
    public static let comicNotFound = "This comic doesn't exist."
    /// COMICS-COPY-3: `--offline` with nothing kept yet.
    public static let noCopyYet = "There is no offline copy yet. Open the comics once while connected."

    /// HARDEN-5: the server sent more than the app accepts (too much data, too many pages, too long).
    public static let comicsTooLarge =
        "The comics server sent more than this app can take in, so the comics can't be shown. Please try again later."
    /// HARDEN-5, for a comic's characters.
    public static let charactersTooLarge =
        "The comics server sent more than this app can take in, so the list of characters can't be shown. Please try again later."

    public static func forComics(_ error: ComicsSourceError) -> String {
        switch error {
        case .noConnection: noConnection
        case .notAnswering: notAnswering
        case .keysRefused: keysRefused
        case .notFound, .invalidContent: comicsUnreadable
        case .tooLarge: comicsTooLarge
        }
    }

    public static func forCharacters(_ error: ComicsSourceError) -> String {
        switch error {
        case .noConnection: noConnection
        case .notAnswering: notAnswering
        case .keysRefused: keysRefused
        case .notFound: comicNotFound
        case .invalidContent: charactersUnavailable
        case .tooLarge: charactersTooLarge
        }
    }

    /// COMICS-COPY-2: "Showing the copy from 23 Nov 2026 at 19:06."
    public static func showingCopy(from date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy 'at' HH:mm"
        return "Showing the copy from \(formatter.string(from: date))."
    }

    /// COMICS-PAGE-1: "Showing 100 of 5,000 comics."
    public static func showing(_ shown: Int, of total: Int) -> String {
        "Showing \(grouped(shown)) of \(grouped(total)) comics."
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
