import ComicsCore

/// The sentences the spec asks the app to show.
public enum ComicsMessages {
    /// COMICS-1, CHARACTERS-1.
    public static let noConnection = "There is no internet connection. Check your connection and try again."
    /// COMICS-2.
    public static let comicsUnreadable = "The content couldn't be read. Please try again later."
    /// CHARACTERS-2.
    public static let charactersUnavailable = "The list of characters can't be shown. Please try again later."

    public static func forComics(_ error: ComicsSourceError) -> String {
        error.isNoConnection ? noConnection : comicsUnreadable
    }

    public static func forCharacters(_ error: ComicsSourceError) -> String {
        error.isNoConnection ? noConnection : charactersUnavailable
    }
}
