import ComicsCore

/// The sentences the spec asks the app to show.
public enum ComicsMessages {
    /// COMICS-1, CHARACTERS-1.
    public static let noConnection = "There is no internet connection. Check your connection and try again."
    /// COMICS-2.
    public static let comicsUnreadable = "The content couldn't be read. Please try again later."
    /// CHARACTERS-2.
    public static let charactersUnavailable = "The list of characters can't be shown. Please try again later."

    /// HARDEN-5: the server sent more than the app accepts (too much data, too many pages, too long).
    public static let comicsTooLarge =
        "The comics server sent more than this app can take in, so the comics can't be shown. Please try again later."
    /// HARDEN-5, for a comic's characters.
    public static let charactersTooLarge =
        "The comics server sent more than this app can take in, so the list of characters can't be shown. Please try again later."

    public static func forComics(_ error: ComicsSourceError) -> String {
        switch error {
        case .noConnection: noConnection
        case .invalidContent: comicsUnreadable
        case .tooLarge: comicsTooLarge
        }
    }

    public static func forCharacters(_ error: ComicsSourceError) -> String {
        switch error {
        case .noConnection: noConnection
        case .invalidContent: charactersUnavailable
        case .tooLarge: charactersTooLarge
        }
    }
}
