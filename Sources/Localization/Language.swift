/// The languages both apps speak: English (the default), Simplified Chinese and Japanese — the
/// languages their user stories were written in (LANG-1).
public enum Language: String, CaseIterable, Hashable, Sendable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    case japanese = "ja"

    /// The BCP 47 tag: what `<html lang>` and the language cookie carry.
    public var tag: String { rawValue }

    /// The language's own name for itself, as the language switcher shows it.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .simplifiedChinese: "简体中文"
        case .japanese: "日本語"
        }
    }

    /// The locale whose collation sorts names and whose conventions the catalogs follow.
    public var localeIdentifier: String {
        switch self {
        case .english: "en_US"
        case .simplifiedChinese: "zh_Hans_CN"
        case .japanese: "ja_JP"
        }
    }

    /// The language a tag names, or nil for one the apps don't speak. `zh`, `zh-CN`,
    /// `zh-Hans`, `zh-SG` (and `zh-Hans-…`) are Simplified Chinese; `ja`, `ja-JP` Japanese;
    /// `en` and any `en-…` English. Case and `_` for `-` don't matter.
    public init?(tag: String) {
        let parts = tag.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let primary = parts.first else { return nil }
        switch primary {
        case "en":
            self = .english
        case "ja":
            guard parts.count == 1 || parts[1] == "jp" else { return nil }
            self = .japanese
        case "zh":
            // Simplified Chinese by script, or by the regions that write it.
            guard parts.count == 1 || ["hans", "cn", "sg"].contains(parts[1]) else { return nil }
            self = .simplifiedChinese
        default:
            return nil
        }
    }

    /// The language an `Accept-Language` header prefers (RFC 9110 §12.5.4): its ranges in order
    /// of `q` (equal weights keep their order), the first that names a language the apps speak;
    /// English when none does, when the header is missing, or when it can't be read (LANG-1).
    public static func negotiate(acceptLanguage header: String?) -> Language {
        guard let header, !header.isEmpty else { return .english }
        var ranges: [(tag: String, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").prefix(32).enumerated() {
            let fields = item.split(separator: ";")
            guard let tag = fields.first?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in fields.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2, pair[0].lowercased() == "q" { quality = Double(pair[1]) ?? 0 }
            }
            if quality > 0 { ranges.append((tag, quality, order)) }
        }
        ranges.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.order < $1.order }
        return ranges.lazy.compactMap { Language(tag: $0.tag) }.first ?? .english
    }

    /// The language of a command line's locale: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty (POSIX's order), read as `ja_JP.UTF-8` is; `C`, `POSIX` and
    /// anything the apps don't speak are English (LANG-3).
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            // `ja_JP.UTF-8@modifier`: the language and region come before `.` and `@`.
            let locale = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? value
            return Language(tag: locale) ?? .english
        }
        return .english
    }
}
