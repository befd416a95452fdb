import Foundation
public import Localization

/// The comics command's words in each language (`Resources/*/Comics.strings`, LANG-3, LANG-13).
public enum ComicsCLIWords {
    /// Read once per process; the language is chosen per run.
    public static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()

    /// The language of the command being parsed and run: ArgumentParser's `validate()` sees no
    /// ``ComicsCLIContext``, so ``ComicsCommand/run(_:_:context:)`` sets this from the context.
    @TaskLocal public static var language: Language = .english

    /// The words in ``language``.
    public static var current: Strings { catalog.strings(language) }
}
