import Foundation
public import Localization

/// Comics' words in each language: the ViewModels' catalog in `Resources/*.lproj` (LANG-10,
/// LANG-13). Every Comics ViewModel that words text takes a `Language` and words it with these.
public enum ComicsWords {
    /// The ViewModels' catalog, read once per process; the language is chosen per use.
    public static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()

    /// The ViewModels' messages in `language`.
    public static func strings(_ language: Language) -> Strings { catalog.strings(language) }
}
