public import Foundation
import Synchronization

/// One module's translations: every `*.strings` table in its `en.lproj`, `zh-Hans.lproj` and
/// `ja.lproj` resource folders (LANG-10). English, every language's fallback, is read when the
/// catalog is made; another language when it is first asked for, so a command run in English
/// reads one folder instead of three.
///
/// A key names one message; a message with values is one entry whose text holds named
/// placeholders (`Added “{title}”.`), so a translation can put them in its own order. A message
/// that depends on a count has one entry per plural category its language has:
/// `items#one` and `items#other` in English, `items#other` alone in Chinese and Japanese.
public struct Catalog: Sendable {
    /// Where each language's folder is read from; nil for a catalog made from tables.
    private let root: URL?
    /// English's entries: the fallback of every language.
    private let english: [String: String]
    /// Each language's messages, made once (on first use): asked for on every row of every page.
    private let made: Made

    /// Each language's messages once made; shared by the copies of a catalog.
    private final class Made: Sendable {
        let byLanguage: Mutex<[Language: Strings]>
        init(_ byLanguage: [Language: Strings]) { self.byLanguage = Mutex(byLanguage) }
    }

    public init(tables: [Language: [String: String]]) {
        root = nil
        english = tables[.english] ?? [:]
        var byLanguage: [Language: Strings] = [:]
        for language in Language.allCases {
            byLanguage[language] = Strings(language: language, entries: tables[language] ?? [:], fallback: english)
        }
        made = Made(byLanguage)
    }

    /// Reads the catalogs of the module whose resources are `bundle`.
    public init(bundle: Bundle) throws {
        guard let root = bundle.resourceURL else { throw CatalogError.missing(bundle.bundlePath) }
        try self.init(folder: root)
    }

    /// Reads English's tables from `root`'s `en.lproj` now; the other languages' folders when
    /// first asked for. A language whose folder can't be read then shows in English (the
    /// catalog tests read every folder, so an installation never ships one).
    public init(folder root: URL) throws {
        self.root = root
        english = try Self.read(folder: Self.folder(of: .english, in: root))
        made = Made([.english: Strings(language: .english, entries: english, fallback: english)])
    }

    /// The text for `language`.
    public func strings(_ language: Language) -> Strings {
        if let strings = made.byLanguage.withLock({ $0[language] }) { return strings }
        // Read outside the lock: two first requests may both read, and the first one kept wins.
        let entries = root.flatMap { try? Self.read(folder: Self.folder(of: language, in: $0)) } ?? [:]
        let strings = Strings(language: language, entries: entries, fallback: english)
        return made.byLanguage.withLock { byLanguage in
            if let kept = byLanguage[language] { return kept }
            byLanguage[language] = strings
            return strings
        }
    }

    /// SwiftPM copies `zh-Hans.lproj` as `zh-hans.lproj`; either spelling is found.
    static func folder(of language: Language, in root: URL) -> URL {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        let name = names.first { $0.lowercased() == language.tag.lowercased() + ".lproj" } ?? language.tag + ".lproj"
        return root.appendingPathComponent(name)
    }

    /// Every entry of every `.strings` table in `folder`; a key in two tables is an error.
    public static func read(folder: URL) throws -> [String: String] {
        var entries: [String: String] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".strings") }.sorted()
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let table = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String] else {
                throw CatalogError.unreadable(folder.appendingPathComponent(name).path)
            }
            for (key, value) in table {
                if entries[key] != nil { throw CatalogError.duplicate(key, folder.path) }
                entries[key] = value
            }
        }
        return entries
    }
}

public enum CatalogError: Error, CustomStringConvertible {
    case missing(String)
    case unreadable(String)
    case duplicate(String, String)

    public var description: String {
        switch self {
        case .missing(let path): "The translations in \(path) are missing from the installation."
        case .unreadable(let path): "The translations in \(path) can't be read."
        case .duplicate(let key, let path): "The key \(key) is in two tables of \(path)."
        }
    }
}

/// The messages of one module in one language: what a ViewModel or View words its text with.
/// Its catalog makes one per language at start-up and hands out that one: views, rows and
/// closures share a reference instead of copying its tables.
public final class Strings: Sendable {
    public let language: Language
    private let entries: [String: String]
    private let fallback: [String: String]
    /// The entries with placeholders, each read once into text and names: a page fills
    /// thousands of them (every row has several), so none is scanned again.
    private let pieces: [String: [Piece]]

    init(language: Language, entries: [String: String], fallback: [String: String]) {
        self.language = language
        self.entries = entries
        self.fallback = fallback
        var pieces: [String: [Piece]] = [:]
        for (key, text) in fallback.merging(entries, uniquingKeysWith: { $1 }) where text.utf8.contains(UInt8(ascii: "{")) {
            pieces[key] = Self.pieces(of: text)
        }
        self.pieces = pieces
    }

    /// The message `key`, its placeholders filled from `values`. A key the catalog lacks shows
    /// in English, or as the key itself (the catalog tests keep both from happening).
    public func callAsFunction(_ key: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        guard !values.isEmpty, let pieces = pieces[key] else { return text(key) }
        return Self.assemble(pieces, values, count: nil)
    }

    /// The message `key` for `count` things: the entry of the count's plural category
    /// (`key#one`, `key#other`), with `{count}` and `values` filled in (LANG-7).
    public func plural(_ key: String, count: Int, _ values: KeyValuePairs<String, String> = [:]) -> String {
        let category = language.pluralCategory(count)
        let chosen = [key + "#" + category, key + "#other"].first { entries[$0] != nil }
            ?? (fallback[key + "#" + category] != nil ? key + "#" + category : key)
        guard let pieces = pieces[chosen] else { return text(chosen) }
        return Self.assemble(pieces, values, count: String(count))
    }

    /// The raw entry, placeholders and all: for templates, which fill them themselves.
    public func text(_ key: String) -> String {
        entries[key] ?? fallback[key] ?? key
    }

    /// A command-line parser's message (`Error: …` and usage lines) with its first line worded
    /// by the entry `key` (whose `{message}` is that line's text); the lines after it, help
    /// text, stay as they are. A message without the prefix is returned unchanged.
    public func rewordingFirstLine(of message: String, prefix: String = "Error: ", key: String) -> String {
        guard message.hasPrefix(prefix) else { return message }
        let rest = message.dropFirst(prefix.count)
        let line = rest.prefix { $0 != "\n" }
        return self(key, ["message": String(line)]) + rest.dropFirst(line.count)
    }

    /// Whether the catalog has `key` in this language.
    public func has(_ key: String) -> Bool { entries[key] != nil }

    /// `names` in the order of this language's collation (LANG-8): pinyin for Chinese, the
    /// Japanese order for Japanese, the English alphabet (case ignored) for English.
    public func sorted(_ names: [String]) -> [String] {
        let locale = Locale(identifier: language.localeIdentifier)
        return names.sorted { $0.compare($1, options: [.caseInsensitive], locale: locale) == .orderedAscending }
    }

    /// A piece of an entry: text as it is, or a `{name}` to fill.
    enum Piece: Sendable {
        case text(String)
        case value(String)
    }

    /// `text` as text and `{name}`s, read once. `{` and `}` are ASCII, so they never fall inside
    /// another character's UTF-8; a `{` without its `}` is text.
    static func pieces(of text: String) -> [Piece] {
        let bytes = Array(text.utf8)
        var pieces: [Piece] = []
        var start = 0, index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"),
                  let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "}"))
            else {
                index += 1
                continue
            }
            if start < index { pieces.append(.text(String(decoding: bytes[start..<index], as: UTF8.self))) }
            pieces.append(.value(String(decoding: bytes[(index + 1)..<close], as: UTF8.self)))
            start = close + 1
            index = close + 1
        }
        if start < bytes.count { pieces.append(.text(String(decoding: bytes[start...], as: UTF8.self))) }
        return pieces
    }

    /// The pieces with each `{name}` replaced by its value (`{count}` by `count` when given);
    /// a name without a value stays as `{name}`. A value is never read again, so braces in it
    /// stay as they are.
    static func assemble(_ pieces: [Piece], _ values: KeyValuePairs<String, String>, count: String?) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .text(let text):
                result += text
            case .value(let name):
                if let value = (name == "count" ? count : nil) ?? values.first(where: { $0.key == name })?.value {
                    result += value
                } else {
                    result += "{" + name + "}"
                }
            }
        }
        return result
    }
}

extension Language {
    /// The CLDR plural category of `count`: English has `one` and `other`; Chinese and Japanese
    /// have `other` only.
    public func pluralCategory(_ count: Int) -> String {
        switch self {
        case .english: count == 1 ? "one" : "other"
        case .simplifiedChinese, .japanese: "other"
        }
    }

    /// The CLDR ordinal category of `number` (“1st”, “2nd”, “3rd”, “4th”): English has `one`,
    /// `two`, `few` and `other`; Chinese and Japanese have `other` only.
    public func ordinalCategory(_ number: Int) -> String {
        guard self == .english else { return "other" }
        let last = number % 10, lastTwo = number % 100
        if last == 1 && lastTwo != 11 { return "one" }
        if last == 2 && lastTwo != 12 { return "two" }
        if last == 3 && lastTwo != 13 { return "few" }
        return "other"
    }

    /// The plural categories a catalog in this language must give for a counted message.
    public var pluralCategories: [String] {
        switch self {
        case .english: ["one", "other"]
        case .simplifiedChinese, .japanese: ["other"]
        }
    }
}
