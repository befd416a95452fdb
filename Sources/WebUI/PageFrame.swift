import Foundation
public import HTTPTypes
public import Hummingbird
public import Localization

/// What every page of both apps has around its content: the values `layout.mustache` reads.
///
/// A page's view value carries one as `frame`; the page template extends the layout
/// (`{{<layout}}{{$header}}…{{/header}}{{$main}}…{{/main}}{{/layout}}`).
public struct PageFrame: Hashable, Sendable {
    /// The document title (also on `#page` as `data-title`, for pages swapped in place).
    public var title: String
    /// The language the page is written in (`<html lang>`, LANG-2).
    public var lang: String
    /// The language of `lang`.
    public var language: Language { Language.allCases.first { $0.tag == lang } ?? .english }
    /// The language switcher's choices, the page's own marked (LANG-2).
    public var languages: [LanguageOption]
    /// The page's own address (path and query): where the switcher comes back to.
    public var here: String
    public var stylesheets: [String]
    public var scripts: [String]
    /// The web app manifest and icon addresses, when the app is installable.
    public var manifest: String?
    public var icon: String?
    public var appleTouchIcon: String?
    /// Rendered without the document around `#page`: the answer to an in-place request.
    public var fragment: Bool
    /// The person signed in, when the app has accounts: their name and a sign-out button in
    /// the header. Nil (one-person mode) renders nothing at all.
    public var account: FrameAccount? = nil

    public init(
        title: String, stylesheets: [String], scripts: [String], manifest: String? = nil, icon: String? = nil,
        appleTouchIcon: String? = nil, fragment: Bool = false, language: Language = .english, here: String = "/"
    ) {
        self.title = title
        self.lang = language.tag
        self.languages = LanguageChoice.choices(current: language)
        self.here = Self.switcherReturn(here)
        self.stylesheets = stylesheets
        self.scripts = scripts
        self.manifest = manifest
        self.icon = icon
        self.appleTouchIcon = appleTouchIcon
        self.fragment = fragment
    }
}

/// The signed-in person as the frame shows them, worded by the app (docs/specs/accounts.md).
public struct FrameAccount: Hashable, Sendable {
    /// “Signed in as alice”.
    public var signedInAs: String
    /// The sign-out button's text.
    public var signOut: String
    /// The settings link's text and address.
    public var settings: String
    public var settingsHref: String

    public init(signedInAs: String, signOut: String, settings: String, settingsHref: String) {
        self.signedInAs = signedInAs
        self.signOut = signOut
        self.settings = settings
        self.settingsHref = settingsHref
    }
}

extension PageFrame {
    /// Where the switcher brings a person back: the page's own path and query, a path on this
    /// site only; a `from=` in that query that is not one is left out, so that the page never
    /// writes back another site's address it was sent (HARDEN-3).
    static func switcherReturn(_ here: String) -> String {
        let local = LocalPath.validated(here)
        guard local.contains("?"), var components = URLComponents(string: local),
              let items = components.percentEncodedQueryItems
        else { return local }
        let kept = items.filter { item in
            guard item.name == "from" else { return true }
            guard let value = item.value.flatMap(FormEncoding.decode) else { return false }
            return LocalPath.validated(value) == value
        }
        guard kept.count != items.count else { return local }
        components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return components.string ?? components.path
    }
}

/// In-place requests: the browser script asks a page's own route for its `#page` element only,
/// with this header; without it the same route answers the whole document.
public enum PageFragment {
    public static let header = HTTPField.Name("X-Page-Fragment")!

    public static func isRequested(by request: Request) -> Bool { request.headers[header] != nil }
}

extension Response {
    /// An HTML page (or fragment), never stored by caches: it shows the list as it is now.
    /// It varies with the fragment header, so a cache can't answer one with the other.
    public static func html(_ text: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        html(ByteBuffer(string: text), status: status, headers: headers)
    }

    /// An HTML page already in a buffer: a page kept as rendered is sent without copying it again.
    public static func html(_ body: ByteBuffer, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        // …and with the language, chosen by the cookie or the browser's Accept-Language.
        fields[.vary] = PageFragment.header.rawName + ", Accept-Language, Cookie"
        return Response(status: status, headers: fields, body: .init(byteBuffer: body))
    }
}
