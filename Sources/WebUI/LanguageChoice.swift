import Foundation
import HTTPTypes
public import Hummingbird
public import Localization

/// WebUI's own translations: the frame's words (skip link, offline notice, language switcher).
public enum WebUIStrings {
    public static let catalog: Catalog = {
        do { return try Catalog(bundle: .module) } catch { preconditionFailure("\(error)") }
    }()
}

/// Which language a request is answered in (LANG-1, LANG-2): the one the person chose with the
/// switcher (the `lang` cookie), else the best of their browser's `Accept-Language`, else
/// English. Decided per request, never per process.
public enum LanguageChoice {
    /// The cookie the switcher sets: a language tag (`en`, `zh-Hans`, `ja`).
    public static let cookieName = "lang"
    /// A year: the choice outlives the session, as a preference should.
    static let cookieLifetime = 365 * 24 * 60 * 60

    public static func of(_ request: Request) -> Language {
        if let chosen = request.cookies[cookieName]?.value, let language = Language.allCases.first(where: { $0.tag == chosen }) {
            return language
        }
        return Language.negotiate(acceptLanguage: request.headers[.acceptLanguage])
    }

    /// `POST /language` with `lang` and `from`: remembers the language and goes back to `from`
    /// (a path on this site only). An unknown language answers 400 with a sentence; without a
    /// script the switcher is a plain form, so this is the whole mechanism.
    public static func addRoutes<Context: RequestContext>(to router: Router<Context>) {
        router.post("/language") { request, _ -> Response in
            let strings = WebUIStrings.catalog.strings(of(request))
            // Two short fields: anything longer is not this form.
            let body = try await request.body.collect(upTo: 4096)
            let form = try? URLEncodedFormDecoder().decode(LanguageForm.self, from: String(buffer: body))
            guard let form, let language = Language.allCases.first(where: { $0.tag == form.lang }) else {
                var fields = HTTPFields()
                fields[.contentType] = "text/plain; charset=utf-8"
                return Response(
                    status: .badRequest, headers: fields,
                    body: .init(byteBuffer: ByteBuffer(string: strings("language.unknown") + "\n")))
            }
            var fields = HTTPFields()
            fields[.location] = LocalPath.validated(form.from)
            fields[.setCookie] = "\(cookieName)=\(language.tag); Path=/; Max-Age=\(cookieLifetime); SameSite=Lax; HttpOnly"
            fields[.cacheControl] = "no-store"
            return Response(status: .seeOther, headers: fields)
        }
    }

    /// The switcher's choices, the current one marked, for `layout.mustache`.
    public static func choices(current: Language) -> [LanguageOption] {
        Language.allCases.map { LanguageOption(tag: $0.tag, name: $0.nativeName, current: $0 == current) }
    }
}

struct LanguageForm: Decodable {
    let lang: String
    let from: String?
}

/// One button of the language switcher.
public struct LanguageOption: Hashable, Sendable {
    public let tag: String
    public let name: String
    public let current: Bool
}
