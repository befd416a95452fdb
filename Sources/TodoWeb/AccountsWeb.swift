import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdAuth
import Localization
import TodoAccounts
import TodoCore
import TodoPresentation
import WebUI

/// The web side of accounts (docs/specs/accounts.md, ACCOUNT-30…43): who a request is from, the
/// session cookie, and the addresses anyone may open.
struct AccountsWeb: Sendable {
    static let cookieName = "todo_session"
    static let clearSiteData = HTTPField.Name("Clear-Site-Data")!
    /// What the browser drops at sign-out: its HTTP cache, and the storage where the service
    /// worker keeps pages (Chromium clears Cache Storage for `"storage"` only, not `"cache"`).
    static let clearedSiteData = #""cache", "storage""#
    /// The cookie lives as long as a session can (90 days); the server ends it sooner when idle.
    static let cookieLifetime = Int(AccountRules.sessionAbsoluteLimit)

    let accounts: Accounts
    /// Each person's items and the shares between them.
    let lists: PeopleLists
    let allowSignup: Bool
    let secureCookies: Bool
    let clientAddress: @Sendable (Request, TodoRequestContext) -> String
    /// The zone a person's list is reckoned in while they have chosen none (TIME-6).
    var serverZone: TimeZone
    /// The addresses and names a phone types, with `todo serve --lan` (PHONE-3).
    var phoneHosts: [String] = []
    /// How the first account is made (PHONE-5).
    var usersCommand = "todo users add NAME"

    /// The addresses Settings → Connect a phone shows, and whether they reach this machine only
    /// (PHONE-3): with `--lan`, the phone hosts on the port this page came by; else the page's
    /// own address, which the Host check let through. Both are spelled again from the name and
    /// a port that exists, never echoed as sent.
    func phoneAddresses(_ request: Request) -> (addresses: [String], thisMachineOnly: Bool) {
        let authority = request.head.authority ?? "localhost"
        let port = authority.lastIndex(of: ":").flatMap { Int(authority[authority.index(after: $0)...]) }
            .flatMap { (1...65535).contains($0) ? ":\($0)" : nil } ?? ""
        guard phoneHosts.isEmpty else { return (phoneHosts.map { "http://\($0)\(port)/" }, false) }
        let host = HostAllowList.hostName(ofAuthority: authority) ?? "localhost"
        let shown = host.contains(":") ? "[\(host)]" : host
        return (["\(secureCookies ? "https" : "http")://\(shown)\(port)/"], ListenAddress.isLoopback(host))
    }

    /// Sharing lists by people's names (SHARE-8).
    var sharing: SharingService {
        let accounts = self.accounts
        return SharingService(lists: lists) { name in
            do {
                let account = try await accounts.user(named: name)
                return ListPerson(id: account.id, name: account.name)
            } catch AccountError.unknownUser, AccountError.invalidName {
                return nil
            }
        }
    }

    /// Addresses that need no sign-in: the sign-in and sign-up pages, the liveness check, the
    /// assets, the service worker's files, the offline page and the language switcher.
    static func isPublic(_ path: String) -> Bool {
        ["/signin", "/signup", "/signout", "/healthz", "/offline", "/language", "/sw.js", "/manifest.webmanifest"]
            .contains(path) || path.hasPrefix("/assets/")
    }

    static func isAPI(_ path: String) -> Bool { path == "/api" || path.hasPrefix("/api/") }

    /// The session cookie's text, when the request has one.
    static func sessionText(_ request: Request) -> String? { request.cookies[cookieName]?.value }

    /// The account of the request: its Bearer token under `/api/` when it sends one (and only
    /// that), else its session cookie; nil when neither is valid.
    func account(of request: Request) async throws -> Account? {
        if Self.isAPI(request.uri.path), request.headers[.authorization] != nil {
            guard let bearer = request.headers.withCanonicalAuthorizationScheme.bearer else { return nil }
            return try await accounts.account(token: bearer.token)
        }
        guard let text = Self.sessionText(request) else { return nil }
        return try await accounts.session(secret: text)
    }

    /// `Set-Cookie` for a new session.
    func sessionCookie(_ secret: Secret) -> String {
        "\(Self.cookieName)=\(secret.text); Max-Age=\(Self.cookieLifetime); Path=/; HttpOnly; SameSite=Lax"
            + (secureCookies ? "; Secure" : "")
    }

    /// `Set-Cookie` that removes the session cookie.
    var clearedCookie: String {
        "\(Self.cookieName)=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax" + (secureCookies ? "; Secure" : "")
    }

    /// The API's answer without a valid token or session (ACCOUNT-30, ACCOUNT-35).
    static var unauthorized: APIError {
        var error = APIError(.unauthorized, "Sign in, or send “Authorization: Bearer TOKEN” with a valid token.")
        error.headers[.wwwAuthenticate] = "Bearer"
        return error
    }
}

/// The store a request reads and changes: the one person's list without accounts; with them,
/// the signed-in person's lists (the context's `identity`), so a page can never read another person's.
struct RequestStore: Sendable {
    /// The list of a server without accounts; nil with accounts.
    let local: (any TodoStore)?

    func current(_ context: TodoRequestContext) throws -> any TodoStore {
        if let local { return local }
        guard let lists = context.identity?.lists else { throw AccountsWeb.unauthorized }
        return lists
    }
}

/// Lets a request through when it comes from a signed-in person (or asks for a public
/// address); else sends a page to `/signin?from=…` and answers the API 401 (ACCOUNT-30).
struct AccountsMiddleware: RouterMiddleware {
    let web: AccountsWeb

    func handle(
        _ request: Request, context: TodoRequestContext, next: (Request, TodoRequestContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if AccountsWeb.isPublic(path) { return try await next(request, context) }
        if let account = try await web.account(of: request) {
            var context = context
            context.identity = SignedInPerson(account: account, lists: try await web.lists.lists(of: account.id))
            return try await next(request, context)
        }
        // The API and the event stream answer 401: a script reads them, not a person.
        if AccountsWeb.isAPI(path) || path == EventsController.path { throw AccountsWeb.unauthorized }
        // Back to the page asked for, once signed in; a form sent after the session ended goes home.
        let here = [.get, .head].contains(request.method) ? request.pathAndQuery : "/"
        let from = WebFormat.localPath(here)
        return WebFormat.redirect(to: from == "/" ? "/signin" : "/signin" + TodoPaths.query(from: from))
    }
}

// MARK: - the forms

struct SignInForm: Decodable {
    var name: String?
    var password: String?
    var from: String?
}

struct SignUpForm: Decodable {
    var name: String?
    var password: String?
    var `repeat`: String?
}

struct PasswordForm: Decodable {
    var current: String?
    var new: String?
    var `repeat`: String?
}

struct ZoneForm: Decodable {
    /// The IANA identifier chosen (TIME-6).
    var zone: String?
}

struct TokenForm: Decodable {
    var label: String?
    /// `phone` when made in Connect a phone, which then shows it (PHONE-3).
    var place: String?
    /// The current password, to make a token (HARDEN-18); revoking needs none.
    var password: String?
}

// MARK: - the pages

struct SignInPageView: PageView {
    static let template = "signin"
    let frame: PageFrame
    let title: String
    let name: String
    let from: String
    let message: String?
    let offersSignUp: Bool
    /// While no one has an account: how to make the first one (PHONE-5).
    struct FirstAccount {
        let hint: String
        let command: String
    }

    let firstAccount: FirstAccount?

    init(_ model: SignInViewModel, frame: PageFrame) {
        self.frame = frame
        title = model.title
        name = model.name
        from = model.from
        message = model.message
        offersSignUp = model.offersSignUp
        firstAccount = model.firstAccountHint.flatMap { hint in model.firstAccountCommand.map { FirstAccount(hint: hint, command: $0) } }
    }
}

struct SignUpPageView: PageView {
    static let template = "signup"
    let frame: PageFrame
    let title: String
    let name: String
    let message: String?

    init(_ model: SignUpViewModel, frame: PageFrame) {
        self.frame = frame
        title = model.title
        name = model.name
        message = model.message
    }
}

struct SettingsPageView: PageView {
    struct NewToken {
        let label: String
        let text: String
        let message: String
    }

    static let template = "settings"
    let frame: PageFrame
    let title: String
    let name: String
    let rows: [SettingsViewModel.Row]
    let hasTokens: Bool
    let newToken: NewToken?
    let message: String?
    let notice: String?
    let zone: ZoneSettingViewModel
    let phone: PhoneSetupView

    init(_ model: SettingsViewModel, phone: PhoneSetupViewModel, newTokenForPhone: Bool, frame: PageFrame) {
        self.frame = frame
        title = model.title
        name = model.name
        rows = model.rows
        hasTokens = model.hasTokens
        let made = model.newToken.map { NewToken(label: $0.label, text: $0.text, message: model.newTokenMessage ?? "") }
        // A token made in Connect a phone is shown there, beside the steps that use it.
        newToken = newTokenForPhone ? nil : made
        message = model.message
        notice = model.notice
        zone = model.zone
        self.phone = PhoneSetupView(phone, newToken: newTokenForPhone ? made : nil)
    }
}

extension AccountProblem {
    /// The problem a refusal of the accounts model words, or nil for an error that is not one.
    init?(_ error: any Error) {
        if let limited = error as? AttemptsLimited {
            switch limited.kind {
            case .signUps: self = .signUpsLimited(retryAfter: limited.retryAfter)
            case .wrongPasswords: self = .wrongPasswordsLimited(retryAfter: limited.retryAfter)
            }
            return
        }
        guard let error = error as? AccountError else { return nil }
        switch error {
        case .invalidName: self = .invalidName
        case .duplicateName(let name): self = .duplicateName(name)
        case .passwordTooShort(let minimum): self = .passwordTooShort(minimum: minimum)
        case .passwordTooLong(let maximum): self = .passwordTooLong(maximumBytes: maximum)
        case .unknownUser: self = .refused
        case .wrongPassword: self = .wrongPassword
        case .invalidLabel: self = .invalidLabel(maximum: AccountRules.maxLabelLength)
        case .duplicateLabel(let label): self = .duplicateLabel(label)
        case .unknownLabel(let label): self = .unknownLabel(label)
        case .tooManyTokens(let maximum): self = .tooManyTokens(maximum: maximum)
        case .unknownTimeZone(let identifier): self = .unknownTimeZone(String(identifier.prefix(AccountsController.maxEchoedName)))
        }
    }
}

// MARK: - the routes

/// `/signin`, `/signup`, `/signout` and `/settings` (ACCOUNT-31…39).
struct AccountsController: Sendable {
    let web: AccountsWeb
    let views: TodoViews

    /// The longest name written back into the form: names are at most 64 characters.
    static let maxEchoedName = 256

    /// A refusal's status, and its `Retry-After` when it says to wait (HARDEN-19, as ACCOUNT-33).
    private static func refusal(_ problem: AccountProblem) -> (HTTPResponse.Status, HTTPFields) {
        guard let seconds = problem.retryAfter else { return (.unprocessableContent, [:]) }
        return (.tooManyRequests, [.retryAfter: String(seconds)])
    }

    func register(on router: Router<TodoRequestContext>) {
        router.get("/signin", use: signInPage)
        router.post("/signin", use: signIn)
        if web.allowSignup {
            router.get("/signup", use: signUpPage)
            router.post("/signup", use: signUp)
        }
        router.post("/signout", use: signOut)
        router.get("/settings", use: settingsPage)
        router.post("/settings/password", use: changePassword)
        router.post("/settings/end-everything", use: endEverything)
        router.post("/settings/tokens", use: createToken)
        router.post("/settings/tokens/revoke", use: revokeToken)
        router.post("/settings/zone", use: saveZone)
    }

    private func language(_ request: Request) -> Language { LanguageChoice.of(request) }

    private func signInPage(
        _ request: Request, name: String = "", from: String, problem: AccountProblem? = nil,
        status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) async throws -> Response {
        let model = SignInViewModel(
            name: String(name.prefix(Self.maxEchoedName)), from: from, problem: problem, offersSignUp: web.allowSignup,
            firstAccountCommand: try await web.accounts.hasUsers() ? nil : web.usersCommand, language: language(request))
        return .html(
            views.templates.render(SignInPageView(model, frame: views.frame(model.title, request, nil)), SignInPageView.template,
                                   language: model.language),
            status: status, headers: headers)
    }

    @Sendable func signInPage(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let from = WebFormat.localPath(request.formQueryValue("from"))
        // Someone signed in already has nothing to do here.
        if let text = AccountsWeb.sessionText(request), try await web.accounts.session(secret: text) != nil {
            return WebFormat.redirect(to: from)
        }
        return try await signInPage(request, from: from)
    }

    @Sendable func signIn(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let form = try await WebFormat.form(SignInForm.self, of: request)
        let name = form.name ?? ""
        let from = WebFormat.localPath(form.from)
        switch try await web.accounts.signIn(name: name, password: form.password ?? "", address: web.clientAddress(request, context)) {
        case .signedIn(let session, _):
            return WebFormat.redirect(to: from, headers: [.setCookie: web.sessionCookie(session)])
        case .refused:
            return try await signInPage(request, name: name, from: from, problem: .refused, status: .unauthorized)
        case .rateLimited(let seconds):
            return try await signInPage(
                request, name: name, from: from, problem: .rateLimited(retryAfter: seconds), status: .tooManyRequests,
                headers: [.retryAfter: String(seconds)])
        }
    }

    private func signUpPage(
        _ request: Request, name: String = "", problem: AccountProblem? = nil, status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Response {
        let model = SignUpViewModel(name: String(name.prefix(Self.maxEchoedName)), problem: problem, language: language(request))
        var response = views.page(SignUpPageView(model, frame: views.frame(model.title, request, nil)), status: status)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    @Sendable func signUpPage(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        signUpPage(request)
    }

    @Sendable func signUp(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let form = try await WebFormat.form(SignUpForm.self, of: request)
        let name = form.name ?? "", password = form.password ?? ""
        if let problem = SignUpViewModel.check(password: password, repeated: form.repeat ?? "") {
            return signUpPage(request, name: name, problem: problem, status: .unprocessableContent)
        }
        do {
            try await web.accounts.signUp(name: name, password: password, address: web.clientAddress(request, context))
        } catch {
            guard let problem = AccountProblem(error) else { throw error }
            let (status, headers) = Self.refusal(problem)
            return signUpPage(request, name: name, problem: problem, status: status, headers: headers)
        }
        guard case .signedIn(let session, _) = try await web.accounts.signIn(
            name: name, password: password, address: web.clientAddress(request, context))
        else { return WebFormat.redirect(to: "/signin") }
        return WebFormat.redirect(to: "/", headers: [.setCookie: web.sessionCookie(session)])
    }

    /// Ends the session and the person's others, and clears the cookie (ACCOUNT-36) and what the
    /// browser cached of their pages (SERVERS-6).
    @Sendable func signOut(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        if let text = AccountsWeb.sessionText(request) { try await web.accounts.signOut(secret: text) }
        return WebFormat.redirect(
            to: "/signin", headers: [.setCookie: web.clearedCookie, AccountsWeb.clearSiteData: AccountsWeb.clearedSiteData])
    }

    /// The settings page; with a problem, the refusal's status (422, or 429 with `Retry-After`).
    private func settingsPage(
        _ request: Request, account: Account, newToken: (label: String, text: String)? = nil, newTokenForPhone: Bool = false,
        problem: AccountProblem? = nil, done: SettingsDone? = nil
    ) async throws -> Response {
        let tokens = try await web.accounts.tokens(name: account.name)
            .map { TokenSummary(label: $0.label, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt) }
        let model = SettingsViewModel(
            name: account.name, tokens: tokens, newToken: newToken, problem: problem, done: done,
            timeZone: account.timeZone ?? web.serverZone, chosenZone: account.timeZone, serverZone: web.serverZone,
            language: language(request))
        let (addresses, thisMachineOnly) = web.phoneAddresses(request)
        let phone = PhoneSetupViewModel(
            addresses: addresses, thisMachineOnly: thisMachineOnly, name: account.name, tokenLabels: tokens.map(\.label),
            language: model.language)
        var frame = views.frame(model.title, request, account)
        // The forms answer with this page: the language switcher comes back to its address.
        frame.here = "/settings"
        let (status, headers) = problem.map(Self.refusal) ?? (.ok, [:])
        let page = SettingsPageView(model, phone: phone, newTokenForPhone: newTokenForPhone, frame: frame)
        var response = views.page(page, status: status)
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    /// The signed-in person (the middleware let the request through only with one).
    private func signedIn(_ context: TodoRequestContext) throws -> Account {
        guard let account = context.account else { throw AccountsWeb.unauthorized }
        return account
    }

    @Sendable func settingsPage(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        // `?done=zone`: where saving the time zone comes back to.
        let done: SettingsDone? = request.formQueryValue("done") == Self.zoneSaved ? .zoneSaved : nil
        return try await settingsPage(request, account: try signedIn(context), done: done)
    }

    /// The token form's `place` in Connect a phone.
    static let forPhone = "phone"

    /// What `/settings?done=…` says after the time zone was saved.
    static let zoneSaved = "zone"

    /// Stores the person's time zone and goes back to the settings page, which says so; an
    /// unknown zone is refused in its section (TIME-6).
    @Sendable func saveZone(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let account = try signedIn(context)
        let identifier = try await WebFormat.form(ZoneForm.self, of: request).zone ?? ""
        do {
            try await web.accounts.setTimeZone(name: account.name, to: identifier)
        } catch {
            guard let problem = AccountProblem(error) else { throw error }
            return try await settingsPage(request, account: account, problem: problem)
        }
        return WebFormat.redirect(to: "/settings?done=\(Self.zoneSaved)")
    }

    /// Changes the password, keeping this session and ending the others (ACCOUNT-37).
    @Sendable func changePassword(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let account = try signedIn(context)
        let form = try await WebFormat.form(PasswordForm.self, of: request)
        let new = form.new ?? ""
        if let problem = SignUpViewModel.check(password: new, repeated: form.repeat ?? "") {
            return try await settingsPage(request, account: account, problem: problem)
        }
        do {
            try await web.accounts.changePassword(
                name: account.name, old: form.current ?? "", new: new,
                keeping: AccountsWeb.sessionText(request).flatMap(Secret.init), address: web.clientAddress(request, context))
        } catch {
            guard let problem = AccountProblem(error) else { throw error }
            return try await settingsPage(request, account: account, problem: problem)
        }
        return try await settingsPage(request, account: account, done: .passwordChanged)
    }

    /// Signs the person out everywhere and revokes every token of theirs, then answers as
    /// sign-out does (HARDEN-18).
    @Sendable func endEverything(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        try await web.accounts.endEverything(name: try signedIn(context).name)
        return WebFormat.redirect(
            to: "/signin", headers: [.setCookie: web.clearedCookie, AccountsWeb.clearSiteData: AccountsWeb.clearedSiteData])
    }

    /// Makes a token, with the current password, and shows it once (ACCOUNT-38, HARDEN-18).
    @Sendable func createToken(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let account = try signedIn(context)
        let form = try await WebFormat.form(TokenForm.self, of: request)
        let label = form.label.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        do {
            let made = try await web.accounts.createToken(
                name: account.name, label: label, password: form.password ?? "", address: web.clientAddress(request, context))
            return try await settingsPage(
                request, account: account, newToken: (made.label, made.token.text), newTokenForPhone: form.place == Self.forPhone)
        } catch {
            guard let problem = AccountProblem(error) else { throw error }
            return try await settingsPage(request, account: account, problem: problem)
        }
    }

    @Sendable func revokeToken(_ request: Request, _ context: TodoRequestContext) async throws -> Response {
        let account = try signedIn(context)
        let label = try await WebFormat.form(TokenForm.self, of: request).label ?? ""
        do {
            try await web.accounts.revoke(name: account.name, label: label)
        } catch {
            guard let problem = AccountProblem(error) else { throw error }
            return try await settingsPage(request, account: account, problem: problem)
        }
        return try await settingsPage(request, account: account, done: .tokenRevoked(label))
    }
}
