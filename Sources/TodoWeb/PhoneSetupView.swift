import QRCode
import TodoPresentation

/// Settings → Connect a phone as the settings template draws it (PHONE-3, PHONE-4): the address,
/// its QR code as one SVG path, the token form and each app's steps.
struct PhoneSetupView {
    /// The QR code of the address: dark modules as one path, in a square of `side` modules with
    /// the 4-module quiet zone readers need.
    struct Code {
        let side: Int
        let path: String
        let label: String
    }

    let address: String?
    let otherAddresses: [String]
    let caution: String?
    let code: Code?
    let tokenLabel: String
    let place = AccountsController.forPhone
    /// A token just made here, shown once beside the steps.
    let newToken: SettingsPageView.NewToken?
    let steps: [PhoneSetupViewModel.Step]

    init(_ model: PhoneSetupViewModel, newToken: SettingsPageView.NewToken?) {
        address = model.address
        otherAddresses = model.otherAddresses
        caution = model.caution
        tokenLabel = model.tokenLabel
        self.newToken = newToken
        steps = model.steps
        if let address = model.address, let label = model.codeLabel, let qr = QRCode(text: address) {
            code = Code(side: qr.size + 2 * Self.quietZone, path: Self.path(qr), label: label)
        } else {
            code = nil
        }
    }

    /// Modules of light around the code.
    static let quietZone = 4

    /// `M x y h n v 1 h -n z` for each horizontal run of dark modules.
    static func path(_ code: QRCode) -> String {
        code.darkRuns().map { "M\($0.x + quietZone) \($0.y + quietZone)h\($0.length)v1h-\($0.length)z" }.joined()
    }
}
