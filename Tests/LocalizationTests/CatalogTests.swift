import Foundation
import Localization
import Testing

/// LANG-10: every catalog of every module, checked against the code that uses it.
@Suite("Localization: the catalogs are complete and used")
struct CatalogTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// The modules that carry catalogs: those with `Resources/en.lproj`.
    static func catalogModules() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: sources, includingPropertiesForKeys: nil).filter {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("Resources/en.lproj").path)
        }.sorted { $0.path < $1.path }
    }

    static func tables(of module: URL) throws -> [Language: [String: String]] {
        var tables: [Language: [String: String]] = [:]
        for language in Language.allCases {
            tables[language] = try Catalog.read(folder: module.appendingPathComponent("Resources/\(language.tag).lproj"))
        }
        return tables
    }

    /// `{name}` placeholders of an entry. A date's `{m}` and `{d}` are its `{month}` and `{day}`
    /// without the leading zero: the same value, written as the language writes it.
    static func placeholders(_ text: String) -> Set<String> {
        Set(names(text).map { ["m": "month", "d": "day"][$0] ?? $0 })
    }

    static func names(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test("LANG-10 the modules that word text have catalogs in all three languages")
    func test_LANG_10_modules() throws {
        let names = try Self.catalogModules().map(\.lastPathComponent)
        for expected in ["WebUI", "TodoPresentation", "TodoWeb", "TodoCLI", "ComicsPresentation", "ComicsWeb", "ComicsCLI"] {
            #expect(names.contains(expected), "\(expected) has no Resources/en.lproj")
        }
    }

    @Test("LANG-10 every key has a translation in every language, with the same placeholders")
    func test_LANG_10_complete() throws {
        for module in try Self.catalogModules() {
            let tables = try Self.tables(of: module)
            let english = tables[.english] ?? [:]
            #expect(!english.isEmpty, "\(module.lastPathComponent) has an empty English catalog")
            // The messages: plural entries counted once, by their base key.
            for language in Language.allCases {
                let table = tables[language] ?? [:]
                for (key, text) in english {
                    let (base, category) = Self.split(key)
                    if let category, !language.pluralCategories.contains(category) { continue }
                    guard let translated = table[key] ?? (category == nil ? nil : table[base + "#other"]) else {
                        Issue.record("\(module.lastPathComponent): \(key) has no \(language.tag) translation")
                        continue
                    }
                    #expect(
                        Self.placeholders(translated) == Self.placeholders(text),
                        "\(module.lastPathComponent) \(language.tag) \(key): placeholders differ from English")
                    #expect(!translated.isEmpty, "\(module.lastPathComponent) \(language.tag) \(key) is empty")
                }
                for key in table.keys {
                    let (base, _) = Self.split(key)
                    #expect(
                        english[key] != nil || english[base + "#other"] != nil,
                        "\(module.lastPathComponent) \(language.tag) has \(key), which English lacks")
                }
            }
        }
    }

    @Test("LANG-10 every key is used by the code or a template")
    func test_LANG_10_used() throws {
        let code = try Self.allCode()
        for module in try Self.catalogModules() {
            let english = try Self.tables(of: module)[.english] ?? [:]
            for key in Set(english.keys.map { Self.split($0).base }) {
                #expect(
                    code.contains("\"\(key)\"") || code.contains("[[\(key)]]"),
                    "\(module.lastPathComponent): no code uses \(key)")
            }
        }
    }

    /// `key#one` → (`key`, `one`); other keys → (`key`, nil).
    static func split(_ key: String) -> (base: String, category: String?) {
        guard let mark = key.lastIndex(of: "#") else { return (key, nil) }
        return (String(key[..<mark]), String(key[key.index(after: mark)...]))
    }

    /// Every Swift file and template under Sources, as one text.
    static func allCode() throws -> String {
        var text = ""
        guard let paths = FileManager.default.enumerator(atPath: sources.path) else { return text }
        for case let path as String in paths where path.hasSuffix(".swift") || path.hasSuffix(".mustache") {
            text += try String(contentsOfFile: sources.path + "/" + path, encoding: .utf8)
        }
        return text
    }
}
