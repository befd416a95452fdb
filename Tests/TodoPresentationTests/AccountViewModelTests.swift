import Foundation
import Localization
import Testing
import TodoPresentation

@Suite("Accounts: the sign-in, sign-up and settings ViewModels")
struct AccountViewModelTests {
    @Test("ACCOUNT-43 sign-in is worded in three languages; a refusal keeps the name and one sentence for both causes")
    func test_ACCOUNT_43_signIn() {
        let empty = SignInViewModel()
        #expect(empty.title == "Sign in")
        #expect(empty.message == nil)
        #expect(empty.name.isEmpty)
        #expect(empty.from == "/")
        let refused = SignInViewModel(name: "alice", from: "/today", problem: .refused)
        #expect(refused.name == "alice")
        #expect(refused.message == "The name or the password is not right.")
        #expect(SignInViewModel(problem: .refused, language: .simplifiedChinese).message == "用户名或密码不正确。")
        #expect(SignInViewModel(problem: .refused, language: .japanese).title == "サインイン")
        #expect(SignInViewModel(language: .simplifiedChinese).title == "登录")
    }

    @Test("ACCOUNT-43 the rate-limit sentence counts whole minutes, rounded up, in each language")
    func test_ACCOUNT_43_rateLimited() {
        #expect(AccountProblem.rateLimited(retryAfter: 900).message(.english) == "Too many failed sign-ins: try again in 15 minutes.")
        #expect(AccountProblem.rateLimited(retryAfter: 61).message(.english) == "Too many failed sign-ins: try again in 2 minutes.")
        #expect(AccountProblem.rateLimited(retryAfter: 1).message(.english) == "Too many failed sign-ins: try again in 1 minute.")
        #expect(AccountProblem.rateLimited(retryAfter: 30).message(.japanese).contains("1 分後"))
        #expect(AccountProblem.rateLimited(retryAfter: 120).message(.simplifiedChinese).contains("2 分钟"))
    }

    @Test("ACCOUNT-43 every problem has a sentence in every language, with its values filled")
    func test_ACCOUNT_43_problems() {
        let problems: [AccountProblem] = [
            .refused, .rateLimited(retryAfter: 5), .invalidName, .duplicateName("alice"), .passwordTooShort(minimum: 8),
            .passwordTooLong(maximumBytes: 1024), .passwordsDiffer, .wrongPassword, .invalidLabel(maximum: 64),
            .duplicateLabel("laptop"), .unknownLabel("phone"), .tooManyTokens(maximum: 100),
        ]
        for language in Language.allCases {
            for problem in problems {
                let message = problem.message(language)
                #expect(!message.isEmpty && !message.contains("{") && !message.hasPrefix("account."), "\(language) \(problem)")
            }
            #expect(AccountProblem.duplicateName("alice").message(language).contains("alice"))
            #expect(AccountProblem.passwordTooShort(minimum: 8).message(language).contains("8"))
            #expect(AccountProblem.unknownLabel("phone").message(language).contains("phone"))
        }
        #expect(SignUpViewModel.check(password: "abcdefgh", repeated: "abcdefgh") == nil)
        #expect(SignUpViewModel.check(password: "abcdefgh", repeated: "abcdefgx") == .passwordsDiffer)
        let signUp = SignUpViewModel(name: "bob", problem: .passwordsDiffer)
        #expect(signUp.title == "Sign up")
        #expect(signUp.message == "The two passwords are not the same; nothing was changed.")
    }

    @Test("ACCOUNT-43 settings list tokens with their dates, show a new one once, and say what was done")
    func test_ACCOUNT_43_settings() {
        let utc = TimeZone(identifier: "UTC")!
        let created = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        let tokens = [
            TokenSummary(label: "laptop", createdAt: created, lastUsedAt: created.addingTimeInterval(3 * 86_400)),
            TokenSummary(label: "phone", createdAt: created, lastUsedAt: nil),
        ]
        let model = SettingsViewModel(name: "alice", tokens: tokens, timeZone: utc)
        #expect(model.title == "Settings")
        #expect(model.hasTokens)
        #expect(model.rows.map(\.label) == ["laptop", "phone"])
        #expect(model.rows[0].created == "Created 11/18/2026")
        #expect(model.rows[0].lastUsed == "Last used 11/21/2026")
        #expect(model.rows[1].lastUsed == "Never used")
        #expect(model.rows[1].revokeLabel == "Revoke “phone”")
        #expect(model.newToken == nil)
        #expect(model.newTokenMessage == nil)
        #expect(model.notice == nil)
        let made = SettingsViewModel(name: "alice", tokens: [], newToken: ("ci", "SECRET"), timeZone: utc)
        #expect(!made.hasTokens)
        #expect(made.newToken?.text == "SECRET")
        #expect(made.newTokenMessage == "Your new token “ci”: copy it now, it is not shown again.")
        let changed = SettingsViewModel(name: "alice", tokens: [], done: .passwordChanged, language: .japanese)
        #expect(changed.notice == "パスワードを変更しました。ほかのセッションはサインアウトされました。")
        let revoked = SettingsViewModel(name: "alice", tokens: tokens, done: .tokenRevoked("phone"), timeZone: utc,
                                        language: .simplifiedChinese)
        #expect(revoked.notice == "已撤销令牌“phone”。")
        #expect(revoked.rows[0].created == "创建于 2026/11/18")
        #expect(SettingsViewModel(name: "a", tokens: [], problem: .wrongPassword).message
            == "The current password is not right; nothing was changed.")
    }
}
