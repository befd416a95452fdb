public import Foundation
public import Localization
import Mustache

/// The Mustache templates of one web app: the shared frame (`layout`, from WebUI's resources)
/// plus the app's own pages and fragments, loaded once at start-up.
///
/// Templates hold no logic beyond sections and loops: everything they show is a value of a
/// ViewModel (or of a small view value made from one), already worded and formatted. `{{name}}`
/// escapes for HTML; the templates never use the unescaped form for text that came from a person.
///
/// Templates hold their words as catalog keys, `[[list.add]]`. The templates are read once and
/// made into one library per language, each `[[key]]` replaced by that language's entry
/// (escaped for HTML; its `{name}` placeholders become `{{name}}`), so a page in Japanese costs
/// what it costs in English (LANG-4, LANG-10).
public struct PageTemplates: Sendable {
    private let libraries: [Language: MustacheLibrary]

    /// Loads every `*.mustache` file under WebUI's own `templates` folder and then under each of
    /// `directories` (an app's `templates` folder); a template is named by its path without the
    /// extension (`list`, `fragments/row`). `catalogs` are the app's translations, after WebUI's
    /// own; a `[[key]]` none of them has is an error.
    public init(directories: [URL], catalogs: [Catalog] = []) throws {
        var sources: [(name: String, text: String)] = []
        for directory in [WebUIResources.templates] + directories {
            let root = directory.standardizedFileURL.path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue,
                  let paths = FileManager.default.enumerator(atPath: root)
            else {
                throw PageTemplatesError.missingFolder(root)
            }
            for case let path as String in paths where path.hasSuffix(".mustache") {
                let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
                sources.append((String(path.dropLast(".mustache".count)), text))
            }
        }
        let catalogs = [WebUIStrings.catalog] + catalogs
        var libraries: [Language: MustacheLibrary] = [:]
        for language in Language.allCases {
            var library = MustacheLibrary()
            let strings = catalogs.map { $0.strings(language) }
            for (name, text) in sources {
                let localized = try Self.localize(text, named: name, with: strings)
                do {
                    try library.register(localized, named: name)
                } catch {
                    throw PageTemplatesError.unreadable(name, "\(error)")
                }
            }
            libraries[language] = library
        }
        self.libraries = libraries
    }

    /// `value` rendered by the template `name` in `language`. A missing template is a
    /// programming error (the set is fixed at build time and the tests render every one).
    public func render(_ value: Any, _ name: String, language: Language = .english) -> String {
        guard let text = libraries[language]?.render(TemplateValue.wrap(value) ?? value, withTemplate: name) else {
            preconditionFailure("No template named \(name)")
        }
        return text
    }

    /// `text` with each `[[key]]` replaced by the first of `strings` that has it.
    static func localize(_ text: String, named name: String, with strings: [Strings]) throws -> String {
        guard text.contains("[[") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "[[") {
            guard let close = rest[open.upperBound...].range(of: "]]") else { break }
            let key = String(rest[open.upperBound..<close.lowerBound])
            guard let entry = strings.first(where: { $0.has(key) })?.text(key) else {
                throw PageTemplatesError.unknownKey(key, name)
            }
            result += rest[..<open.lowerBound]
            result += Self.mustache(entry)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// A catalog entry as template text: escaped for HTML, each `{name}` made `{{name}}`.
    static func mustache(_ entry: String) -> String {
        var escaped = ""
        for character in entry {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
    }
}

/// A view value as Mustache sees it: reflected once, not once for every name a template looks
/// up in it (Mustache's own look-up reflects the value each time, which made a list page of
/// 100 rows take 40 ms). Values that answer look-ups themselves (`MustacheParent`) pass through.
final class TemplateValue: MustacheParent {
    private let value: Any
    /// Every stored property, wrapped, once the first name is looked up.
    private var fields: [String: Any?]?

    private init(_ value: Any) { self.value = value }

    func child(named name: String) -> Any? {
        if fields == nil {
            var found: [String: Any?] = [:]
            for child in Mirror(reflecting: value).children {
                if let label = child.label { found[label] = Self.wrap(child.value) }
            }
            fields = found
        }
        return fields?[name] ?? nil
    }

    /// Text, numbers and flags as they are; an optional unwrapped (nil when empty); arrays
    /// element by element; any other struct or class reflected on demand.
    static func wrap(_ raw: Any) -> Any? {
        switch raw {
        case let optional as any OptionalValue:
            return optional.wrappedAny.flatMap(wrap)
        case is String, is Bool, is Int, is Double, is Substring, is MustacheParent:
            return raw
        case let array as any Collection where Mirror(reflecting: raw).displayStyle == .collection:
            return array.map { wrap($0) as Any }
        default:
            switch Mirror(reflecting: raw).displayStyle {
            case .struct, .class: return TemplateValue(raw)
            default: return raw
            }
        }
    }
}

/// Lets `TemplateValue` see through optionals held as `Any`.
protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedAny: Any? { map { $0 as Any } }
}

public enum PageTemplatesError: Error, CustomStringConvertible {
    case missingFolder(String)
    case unreadable(String, String)
    case unknownKey(String, String)

    public var description: String {
        switch self {
        case .missingFolder(let path): "The folder \(path) is missing from the installation."
        case .unreadable(let name, let reason): "The template \(name) can't be read: \(reason)"
        case .unknownKey(let key, let name): "The template \(name) uses [[\(key)]], which no catalog has."
        }
    }
}

/// Where WebUI's own resources are.
public enum WebUIResources {
    public static var templates: URL { Bundle.module.resourceURL!.appendingPathComponent("templates") }
    public static var assets: URL { Bundle.module.resourceURL!.appendingPathComponent("assets") }
}
