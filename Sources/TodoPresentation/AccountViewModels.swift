import Foundation
public import Localization
import TodoCore

/// Why an account form was refused, as one sentence in a language (docs/specs/accounts.md,
/// ACCOUNT-43). The web maps the accounts model's errors to these, so that this module needs no
/// accounts framework.
public enum AccountProblem: Equatable, Sendable {
    /// An unknown name or a wrong password: the same sentence for both (ACCOUNT-32).
    case refused
    /// Too many failed sign-ins: try again in this many seconds (ACCOUNT-33).
    case rateLimited(retryAfter: Int)
    /// Too many sign-ups from this address lately: try again in this many seconds (HARDEN-19).
    case signUpsLimited(retryAfter: Int)
    /// Too many wrong current passwords lately (HARDEN-19).
    case wrongPasswordsLimited(retryAfter: Int)
    case invalidName
    case duplicateName(String)
    case passwordTooShort(minimum: Int)
    case passwordTooLong(maximumBytes: Int)
    case passwordsDiffer
    case wrongPassword
    case invalidLabel(maximum: Int)
    case duplicateLabel(String)
    case unknownLabel(String)
    case tooManyTokens(maximum: Int)
    /// The identifier sent names no time zone (TIME-6).
    case unknownTimeZone(String)

    /// The seconds to wait before trying again, for a refusal that says to wait.
    public var retryAfter: Int? {
        switch self {
        case .rateLimited(let seconds), .signUpsLimited(let seconds), .wrongPasswordsLimited(let seconds): seconds
        default: nil
        }
    }

    /// Whether the refusal is about the time zone sent: shown in the time zone section.
    public var isAboutZone: Bool {
        if case .unknownTimeZone = self { return true }
        return false
    }

    /// The sentence in `language`.
    public func message(_ language: Language) -> String {
        let words = TodoWords.strings(language)
        switch self {
        case .refused: return words("account.refused")
        case .rateLimited(let seconds):
            return words.plural("account.rate-limited", count: Self.minutes(seconds))
        case .signUpsLimited(let seconds):
            return words.plural("account.sign-ups-limited", count: Self.minutes(seconds))
        case .wrongPasswordsLimited(let seconds):
            return words.plural("account.wrong-passwords-limited", count: Self.minutes(seconds))
        case .invalidName: return words("account.invalid-name")
        case .duplicateName(let name): return words("account.duplicate-name", ["name": name])
        case .passwordTooShort(let minimum): return words("account.password-short", ["minimum": String(minimum)])
        case .passwordTooLong(let maximum): return words("account.password-long", ["maximum": String(maximum)])
        case .passwordsDiffer: return words("account.passwords-differ")
        case .wrongPassword: return words("account.wrong-password")
        case .invalidLabel(let maximum): return words("account.invalid-label", ["maximum": String(maximum)])
        case .duplicateLabel(let label): return words("account.duplicate-label", ["label": label])
        case .unknownLabel(let label): return words("account.unknown-label", ["label": label])
        case .tooManyTokens(let maximum): return words("account.too-many-tokens", ["maximum": String(maximum)])
        case .unknownTimeZone(let identifier): return words("account.unknown-time-zone", ["zone": identifier])
        }
    }

    /// Seconds to wait, in whole minutes (at least one).
    private static func minutes(_ seconds: Int) -> Int { max(1, (seconds + 59) / 60) }
}

/// The sign-in page: the name typed last (never the password) and what went wrong.
public struct SignInViewModel: Equatable, Sendable {
    public let language: Language
    /// The name as typed: kept when sign-in is refused.
    public let name: String
    /// Where to go once signed in (a local path, checked by the View).
    public let from: String
    public let problem: AccountProblem?
    /// Whether the page offers a link to sign up.
    public let offersSignUp: Bool
    /// While no one has an account: the command that makes the first one (PHONE-5).
    public let firstAccountCommand: String?

    public init(name: String = "", from: String = "/", problem: AccountProblem? = nil, offersSignUp: Bool = false,
                firstAccountCommand: String? = nil, language: Language = .english) {
        self.name = name
        self.from = from
        self.problem = problem
        self.offersSignUp = offersSignUp
        self.firstAccountCommand = firstAccountCommand
        self.language = language
    }

    private var words: Strings { TodoWords.strings(language) }
    public var title: String { words("account.signin.title") }
    /// “No one has an account yet. On the computer that runs Todo, make the first one:”, before
    /// ``firstAccountCommand``.
    public var firstAccountHint: String? { firstAccountCommand.map { _ in words("account.signin.first-account") } }
    /// The sentence above the form, when sign-in was refused.
    public var message: String? { problem?.message(language) }
}

/// The sign-up page: the name typed last and what went wrong.
public struct SignUpViewModel: Equatable, Sendable {
    public let language: Language
    public let name: String
    public let problem: AccountProblem?

    public init(name: String = "", problem: AccountProblem? = nil, language: Language = .english) {
        self.name = name
        self.problem = problem
        self.language = language
    }

    public var title: String { TodoWords.strings(language)("account.signup.title") }
    public var message: String? { problem?.message(language) }

    /// The problem with a new password and its repetition, checked before anything else.
    public static func check(password: String, repeated: String) -> AccountProblem? {
        password == repeated ? nil : .passwordsDiffer
    }
}

/// A token as the settings page lists it: never the token itself.
public struct TokenSummary: Equatable, Sendable {
    public let label: String
    public let createdAt: Date
    public let lastUsedAt: Date?

    public init(label: String, createdAt: Date, lastUsedAt: Date?) {
        self.label = label
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

/// The settings page: the person, their tokens, a token just made (shown once), their time zone
/// and a notice.
public struct SettingsViewModel: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public let label: String
        /// “Created 11/21/2026”.
        public let created: String
        /// “Last used 11/22/2026” or “Never used”.
        public let lastUsed: String
        /// The revoke button's accessible name: “Revoke “laptop””.
        public let revokeLabel: String
    }

    public let language: Language
    public let name: String
    public let rows: [Row]
    /// A token just made: its label and text, shown on this page only.
    public let newToken: (label: String, text: String)?
    public let problem: AccountProblem?
    /// A sentence saying what was just done (“Your password was changed.”).
    public let notice: String?
    /// The time zone section (TIME-6).
    public let zone: ZoneSettingViewModel

    /// - Parameters:
    ///   - timeZone: the zone the tokens' dates are shown in.
    ///   - chosenZone: the person's zone, nil while they have chosen none.
    ///   - serverZone: the zone used while they have chosen none.
    public init(
        name: String, tokens: [TokenSummary], newToken: (label: String, text: String)? = nil,
        problem: AccountProblem? = nil, done: SettingsDone? = nil, timeZone: TimeZone = .current,
        chosenZone: TimeZone? = nil, serverZone: TimeZone = .current, language: Language = .english
    ) {
        let words = TodoWords.strings(language)
        self.language = language
        self.name = name
        self.rows = tokens.map { token in
            Row(
                label: token.label,
                created: words("account.token.created", ["date": words.date(CalendarDate(token.createdAt, in: timeZone))]),
                lastUsed: token.lastUsedAt.map { words("account.token.last-used", ["date": words.date(CalendarDate($0, in: timeZone))]) }
                    ?? words("account.token.never-used"),
                revokeLabel: words("account.token.revoke-label", ["label": token.label]))
        }
        self.newToken = newToken
        self.problem = problem
        self.notice = done.map { $0.message(language) }
        self.zone = ZoneSettingViewModel(chosen: chosenZone, server: serverZone, problem: problem, language: language)
    }

    public var title: String { TodoWords.strings(language)("account.settings.title") }
    /// The refusal shown above the forms (one about the time zone is shown in its section).
    public var message: String? { problem?.isAboutZone == true ? nil : problem?.message(language) }
    public var hasTokens: Bool { !rows.isEmpty }
    /// “Your new token “laptop”: copy it now, it is not shown again.”
    public var newTokenMessage: String? {
        newToken.map { TodoWords.strings(language)("account.token.shown-once", ["label": $0.label]) }
    }

    public static func == (lhs: SettingsViewModel, rhs: SettingsViewModel) -> Bool {
        lhs.language == rhs.language && lhs.name == rhs.name && lhs.rows == rhs.rows
            && lhs.newToken?.label == rhs.newToken?.label && lhs.newToken?.text == rhs.newToken?.text
            && lhs.problem == rhs.problem && lhs.notice == rhs.notice && lhs.zone == rhs.zone
    }
}

/// What a settings form just did.
public enum SettingsDone: Equatable, Sendable {
    case passwordChanged
    case tokenRevoked(String)
    /// The time zone was saved (TIME-6).
    case zoneSaved

    public func message(_ language: Language) -> String {
        let words = TodoWords.strings(language)
        return switch self {
        case .passwordChanged: words("account.password-changed")
        case .tokenRevoked(let label): words("account.token.revoked", ["label": label])
        case .zoneSaved: words("account.zone.saved")
        }
    }
}

/// The time zone section of Settings (docs/specs/times.md, TIME-6): every zone the system
/// knows, the person's selected; while they have none, the server's is selected and the page
/// may propose the browser's own.
public struct ZoneSettingViewModel: Equatable, Sendable {
    public struct Option: Equatable, Sendable {
        /// The IANA identifier, `Asia/Tokyo`: the option's value and its text.
        public let identifier: String
        public let selected: Bool
    }

    /// Every zone the system knows, sorted (read once).
    public static let knownIdentifiers: [String] = TimeZone.knownTimeZoneIdentifiers.sorted()

    public let options: [Option]
    /// Whether the person has chosen a zone.
    public let isChosen: Bool
    /// While none is chosen: “Not chosen yet: the server's zone, Etc/UTC, is used.”
    public let serverNote: String?
    /// While none is chosen, for the page's script to fill `{zone}` with the browser's zone:
    /// “Your browser's zone, {zone}, is proposed. Save to keep it.”
    public let proposal: String?
    /// Why the zone sent was refused, shown in the section.
    public let refusal: String?

    public init(chosen: TimeZone?, server: TimeZone, problem: AccountProblem? = nil, language: Language = .english) {
        let words = TodoWords.strings(language)
        let selected = (chosen ?? server).identifier
        var identifiers = Self.knownIdentifiers
        // The server's zone (`Etc/UTC`) may be one the list leaves out: it is offered all the same.
        if !identifiers.contains(selected) {
            identifiers.insert(selected, at: identifiers.firstIndex { $0 > selected } ?? identifiers.endIndex)
        }
        options = identifiers.map { Option(identifier: $0, selected: $0 == selected) }
        isChosen = chosen != nil
        serverNote = chosen == nil ? words("account.zone.server", ["zone": server.identifier]) : nil
        proposal = chosen == nil ? words("account.zone.proposed", ["zone": "{zone}"]) : nil
        refusal = problem?.isAboutZone == true ? problem?.message(language) : nil
    }
}

