import Foundation

/// A person who can sign in (docs/specs/accounts.md).
public struct Account: Equatable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var createdAt: Date
    /// The zone the person's list is reckoned in (docs/specs/times.md, TIME-6); nil until they
    /// choose one, and then the server's zone is used. Stored as its IANA identifier.
    public var timeZone: TimeZone?

    public init(id: UUID, name: String, createdAt: Date, timeZone: TimeZone? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.timeZone = timeZone
    }
}

/// Time zones as the account stores keep them: by IANA identifier (TIME-6).
public enum AccountZone {
    /// The zone `identifier` names, or nil when it names none (any more): a stored identifier
    /// the system no longer knows reads as no zone chosen.
    /// An identifier is a zone's when the system's time zone database has it as it is written
    /// (`Asia/Tokyo`, `Etc/UTC`; not `asia/tokyo`).
    public static func zone(_ identifier: String?) -> TimeZone? {
        guard let identifier, isPossible(identifier), let zone = TimeZone(identifier: identifier), zone.identifier == identifier
        else { return nil }
        return zone
    }

    /// The longest identifier kept (the longest IANA name is about 30 characters).
    public static let maxIdentifierLength = 64

    /// Whether `identifier` is written as an IANA name can be (`America/Port-au-Prince`,
    /// `Etc/GMT+5`): ASCII letters, digits, `_`, `-`, `+` in parts between single slashes.
    /// Anything else is no zone without asking the system, which reads zones from files.
    static func isPossible(_ identifier: String) -> Bool {
        let bytes = Array(identifier.utf8)
        guard (1...maxIdentifierLength).contains(bytes.count) else { return false }
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+")].contains(byte)
            }
        }
    }

    /// The identifier a zone is stored as.
    public static func identifier(_ zone: TimeZone?) -> String? { zone?.identifier }
}

/// Why an account operation was refused: each case is one sentence the Views word in their
/// language (`Users.strings` in the CLI); `errorDescription` is the English one.
public enum AccountError: Error, Equatable, Sendable, LocalizedError {
    case invalidName(String)
    case duplicateName(String)
    case passwordTooShort(minimum: Int)
    case passwordTooLong(maximumBytes: Int)
    case unknownUser(String)
    case wrongPassword
    case invalidLabel(String)
    case duplicateLabel(String)
    case unknownLabel(String)
    case tooManyTokens(maximum: Int)
    /// The identifier names no time zone (TIME-6).
    case unknownTimeZone(String)

    public var errorDescription: String? {
        switch self {
        case .invalidName(let name):
            "“\(name)” can't be a user name: use 1 to \(AccountRules.maxNameLength) letters, digits, “.”, “_” or “-”, starting with a letter or digit."
        case .duplicateName(let name): "There is already a user named “\(name)”."
        case .passwordTooShort(let minimum): "The password is too short: use at least \(minimum) characters."
        case .passwordTooLong(let maximum): "The password is too long: use at most \(maximum) bytes."
        case .unknownUser(let name): "There is no user named “\(name)”."
        case .wrongPassword: "The current password is not right; nothing was changed."
        case .invalidLabel: "A token label is 1 to \(AccountRules.maxLabelLength) characters, without control characters."
        case .duplicateLabel(let label): "There is already a token labelled “\(label)”."
        case .unknownLabel(let label): "There is no token labelled “\(label)”."
        case .tooManyTokens(let maximum): "A user can have at most \(maximum) tokens: revoke one first."
        case .unknownTimeZone(let identifier): "“\(identifier)” is not a time zone."
        }
    }
}

/// The rules of names, passwords and labels, and the numbers of the sign-in policy.
public enum AccountRules {
    public static let maxNameLength = 64
    public static let minPasswordLength = 8
    /// Longer passwords are refused before any hashing: a 1 MiB password costs nothing.
    public static let maxPasswordBytes = 1024
    public static let maxLabelLength = 64
    public static let maxTokensPerAccount = 100
    /// A user's newest sessions kept; signing in again ends the oldest beyond these.
    public static let maxSessionsPerAccount = 50
    /// The longest client address kept with a sign-in failure (longer ones are cut).
    public static let maxAddressLength = 128
    /// Sign-ups are counted under the address with this before it, apart from sign-in failures
    /// (HARDEN-19).
    public static let signUpPrefix = "sign-up "

    /// Sign-in failures that limit an account name or an address …
    public static let failureLimit = 10
    /// … within this window (15 minutes).
    public static let failureWindow: TimeInterval = 15 * 60
    /// A session unused this long is over (14 days).
    public static let sessionIdleLimit: TimeInterval = 14 * 24 * 3600
    /// A session this old is over however often it is used (90 days).
    public static let sessionAbsoluteLimit: TimeInterval = 90 * 24 * 3600
    /// Last-seen and last-used times are written at most this often.
    public static let touchInterval: TimeInterval = 60

    /// Whether `name` can be an account's name: 1–64 ASCII letters, digits, `.`, `_`, `-`,
    /// starting with a letter or a digit.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...maxNameLength).contains(bytes.count), let first = bytes.first, isAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The name as compared and counted: names are unique ignoring (ASCII) case.
    public static func key(_ name: String) -> String { name.lowercased() }

    public static func checkName(_ name: String) throws(AccountError) {
        guard isValidName(name) else { throw .invalidName(name) }
    }

    /// Refuses a password outside the rules; the length in bytes is checked first, before
    /// anything counts its characters or hashes it.
    public static func checkPassword(_ password: String) throws(AccountError) {
        guard password.utf8.count <= maxPasswordBytes else { throw .passwordTooLong(maximumBytes: maxPasswordBytes) }
        guard password.count >= minPasswordLength else { throw .passwordTooShort(minimum: minPasswordLength) }
    }

    public static func checkLabel(_ label: String) throws(AccountError) {
        // Counted in code points, as SQLite's length() and PostgreSQL's char_length() count.
        guard !label.trimmingCharacters(in: .whitespaces).isEmpty, label.unicodeScalars.count <= maxLabelLength,
              !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .invalidLabel(label) }
    }

    /// An address as kept with a failure: at most `maxAddressLength` characters.
    public static func addressKey(_ address: String) -> String { String(address.prefix(maxAddressLength)) }
}
