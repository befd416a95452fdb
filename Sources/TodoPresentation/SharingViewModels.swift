import Foundation
import Localization
import TodoCore

/// The sentences of sharing (docs/specs/sharing.md), in the person's language.
public enum SharingWording {
    /// The sentence for a refusal of sharing or of a shared list; nil for any other error.
    public static func sentence(for error: any Error, _ language: Language) -> String? {
        let words = TodoWords.strings(language)
        switch error {
        case TodoAccessError.readOnly(let list): return words("access.read-only", ["list": list])
        case TodoAccessError.otherList(let list): return words("access.other-list", ["list": list])
        case SharingError.unknownPerson(let name): return words("sharing.unknown-person", ["name": name])
        case SharingError.noSuchList(let owner, let list): return words("sharing.no-such-list", ["owner": owner, "list": list])
        case SharingError.withOwner(let name): return words("sharing.with-owner", ["name": name])
        case SharingError.notShared(let list, let person): return words("sharing.not-shared", ["list": list, "person": person])
        default: return nil
        }
    }

    /// “View only · alice's list” for a list shared to read only (SHARE-12); nil for any other.
    public static func viewOnly(_ access: ListAccess, _ language: Language) -> String? {
        guard case .viewOnly(let owner) = access else { return nil }
        return TodoWords.strings(language)("access.view-only", ["owner": owner])
    }

    /// “viewer”, “editor”, in the person's language.
    public static func role(_ role: ShareRole, _ language: Language) -> String {
        let words = TodoWords.strings(language)
        return switch role {
        case .viewer: words("sharing.role-name.viewer")
        case .editor: words("sharing.role-name.editor")
        }
    }

    /// “A role is “viewer” or “editor”.”
    public static func badRole(_ language: Language) -> String { TodoWords.strings(language)("sharing.bad-role") }

    /// “Only alice can share “Groceries”.”: a list shared with the person, not theirs.
    public static func ownerOnly(owner: String, list: String, _ language: Language) -> String {
        TodoWords.strings(language)("sharing.owner-only", ["owner": owner, "list": list])
    }

    /// “Groceries” is shared with bob as editor. / … is no longer shared with bob.
    public static func shared(_ share: ListShare, _ language: Language) -> String {
        TodoWords.strings(language)(
            "sharing.shared", ["list": share.list, "person": share.person.name, "role": role(share.role, language)])
    }

    public static func unshared(list: String, person: String, _ language: Language) -> String {
        TodoWords.strings(language)("sharing.unshared", ["list": list, "person": person])
    }
}

/// The settings page of one of a person's lists (SHARE-8): whom it is shared with, and a form
/// to share it.
public struct ListSharingViewModel: Equatable, Sendable {
    public struct Row: Equatable, Sendable {
        public let person: String
        /// The Stop sharing button's accessible name.
        public let removeLabel: String
        /// The role, and the name of its control next to the person's name (WEB-13): “bob's role”.
        public let role: ShareRole
        public let roleLabel: String
    }

    /// The roles a share can have, each with its name (“Viewer: reads the list”), for a control.
    public var roleChoices: [(role: ShareRole, label: String)] {
        let words = TodoWords.strings(language)
        return ShareRole.allCases.map { ($0, words("sharing.role.\($0.rawValue)")) }
    }

    public let language: Language
    public let list: String
    public let title: String
    public let rows: [Row]
    /// What went wrong with the last form, as a sentence.
    public let message: String?
    /// The person and role the form shows again after a refusal.
    public let person: String
    public let role: ShareRole

    public init(
        list: String, shares: [ListShare], message: String? = nil, person: String = "", role: ShareRole = .viewer,
        language: Language = .english
    ) {
        let words = TodoWords.strings(language)
        self.language = language
        self.list = list
        title = words("sharing.title", ["list": list])
        rows = shares.filter { $0.list == list }.map { share in
            Row(
                person: share.person.name,
                removeLabel: words("sharing.remove-label", ["list": list, "person": share.person.name]), role: share.role,
                roleLabel: words("sharing.role-label", ["person": share.person.name]))
        }
        self.message = message
        self.person = person
        self.role = role
    }
}
