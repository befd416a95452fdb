import Foundation
import Localization

/// Settings → Connect a phone (docs/specs/phone-setup.md, PHONE-3): the address a phone uses, a
/// token made for it, and the steps in the apps people sync with. The View draws the QR code of
/// ``address``.
public struct PhoneSetupViewModel: Equatable, Sendable {
    /// One app's steps: “iPhone and iPad” and what to tap and type there.
    public struct Step: Equatable, Sendable {
        public let title: String
        public let text: String
    }

    public let language: Language
    /// The server's addresses, best first: `http://192.168.1.23:8080/`.
    public let addresses: [String]
    /// Whether ``addresses`` reach this machine only (`localhost`, 127.x, `::1`).
    public let thisMachineOnly: Bool
    /// The signed-in person's account name: the user name in every app.
    public let name: String
    /// The label the token form proposes: `phone`, or the first of `phone-2`, `phone-3`, … not taken.
    public let tokenLabel: String

    /// - Parameters:
    ///   - addresses: the phone addresses (`todo serve --lan`), else the one this page was opened by.
    ///   - tokenLabels: the labels of the person's tokens, so the proposed one is free.
    public init(addresses: [String], thisMachineOnly: Bool, name: String, tokenLabels: [String], language: Language = .english) {
        self.addresses = addresses
        self.thisMachineOnly = thisMachineOnly
        self.name = name
        self.language = language
        let taken = Set(tokenLabels)
        var label = Self.tokenLabelBase, number = 1
        while taken.contains(label) {
            number += 1
            label = "\(Self.tokenLabelBase)-\(number)"
        }
        tokenLabel = label
    }

    /// The label of a phone's token, before any number: the same word in every language, as
    /// `todo users token NAME --label phone` in the README.
    public static let tokenLabelBase = "phone"

    private var words: Strings { TodoWords.strings(language) }
    public var title: String { words("phone.title") }
    /// The address the QR code and the steps name.
    public var address: String? { addresses.first }
    /// The further ones, shown under it: another LAN address, the `.local` name.
    public var otherAddresses: [String] { Array(addresses.dropFirst()) }
    /// “This address works on this computer only. To connect a phone, start Todo with …”
    public var caution: String? { thisMachineOnly ? words("phone.this-machine-only") : nil }
    /// The QR code's text alternative.
    public var codeLabel: String? { address.map { words("phone.code-label", ["address": $0]) } }

    /// iPhone and iPad, Android (DAVx5 with Tasks.org), Thunderbird: each naming the address,
    /// the name and the token as the password.
    public var steps: [Step] {
        guard let address else { return [] }
        let apps = [
            ("phone.steps.ios.title", "phone.steps.ios"), ("phone.steps.android.title", "phone.steps.android"),
            ("phone.steps.thunderbird.title", "phone.steps.thunderbird"),
        ]
        return apps.map { Step(title: words($0.0), text: words($0.1, ["address": address, "name": name])) }
    }
}
