import Localization
import Testing
import TodoPresentation

/// Settings → Connect a phone as its ViewModel says it (docs/specs/phone-setup.md, PHONE-3, PHONE-6).
@Suite("Connect a phone: the ViewModel")
struct PhoneSetupViewModelTests {
    static let addresses = ["http://192.168.1.23:8080/", "http://studio.local:8080/"]

    @Test("PHONE-3 the first address leads, the others follow, and each app's steps name it and the person")
    func test_PHONE_3_addressesAndSteps() {
        let model = PhoneSetupViewModel(addresses: Self.addresses, thisMachineOnly: false, name: "alice", tokenLabels: [])
        #expect(model.title == "Connect a phone")
        #expect(model.address == "http://192.168.1.23:8080/")
        #expect(model.otherAddresses == ["http://studio.local:8080/"])
        #expect(model.caution == nil)
        #expect(model.codeLabel == "QR code of http://192.168.1.23:8080/: point the phone's camera at it to open the address.")
        #expect(model.steps.map(\.title) == ["iPhone and iPad (Reminders)", "Android (DAVx5 with Tasks.org)", "Thunderbird"])
        for step in model.steps {
            #expect(step.text.contains("http://192.168.1.23:8080/") && step.text.contains("alice"), "\(step.title)")
        }
        #expect(model.steps[0].text.hasPrefix("Settings → Calendar → Accounts → Add Account → Other → Add CalDAV Account."))
    }

    @Test("PHONE-3 an address of this machine only comes with the way to fix it")
    func test_PHONE_3_thisMachineOnly() {
        let model = PhoneSetupViewModel(addresses: ["http://127.0.0.1:8080/"], thisMachineOnly: true, name: "alice", tokenLabels: [])
        #expect(model.caution == "This address works on this computer only. To connect a phone, start Todo with “todo serve --lan”.")
        let none = PhoneSetupViewModel(addresses: [], thisMachineOnly: false, name: "alice", tokenLabels: [])
        #expect(none.address == nil && none.codeLabel == nil && none.steps.isEmpty)
    }

    @Test("PHONE-3 the proposed token label is phone, or the first free phone-N", arguments: [
        ([String](), "phone"), (["laptop"], "phone"), (["phone"], "phone-2"), (["phone", "phone-2", "phone-4"], "phone-3"),
    ])
    func test_PHONE_3_tokenLabel(taken: [String], expected: String) {
        let model = PhoneSetupViewModel(addresses: Self.addresses, thisMachineOnly: false, name: "alice", tokenLabels: taken)
        #expect(model.tokenLabel == expected)
    }

    @Test("PHONE-6 the panel in 简体中文 and 日本語")
    func test_PHONE_6_languages() {
        let zh = PhoneSetupViewModel(addresses: Self.addresses, thisMachineOnly: true, name: "小明", tokenLabels: [], language: .simplifiedChinese)
        #expect(zh.title == "连接手机")
        #expect(zh.caution?.contains("todo serve --lan") == true)
        #expect(zh.steps[0].text.contains("服务器：http://192.168.1.23:8080/；用户名：小明"))
        let ja = PhoneSetupViewModel(addresses: Self.addresses, thisMachineOnly: false, name: "hana", tokenLabels: [], language: .japanese)
        #expect(ja.title == "スマートフォンをつなぐ")
        #expect(ja.steps[1].text.contains("ベース URL http://192.168.1.23:8080/、ユーザー名 hana"))
    }

    @Test("PHONE-5 the sign-in page says how to make the first account only while there is none")
    func test_PHONE_5_hint() {
        let empty = SignInViewModel(firstAccountCommand: "todo users add NAME")
        #expect(empty.firstAccountHint == "No one has an account yet. On the computer that runs Todo, make the first one:")
        #expect(SignInViewModel().firstAccountHint == nil)
        let ja = SignInViewModel(firstAccountCommand: "todo users add NAME", language: .japanese)
        #expect(ja.firstAccountHint?.hasPrefix("まだ誰もアカウントを持っていません。") == true)
    }
}
