import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TodoAccounts
import TodoWeb

/// Settings' time zone section (docs/specs/times.md, TIME-6): every zone the system knows, the
/// person's selected, or the server's with the browser's proposed while none is chosen; saved by
/// `POST /settings/zone`, which goes back to Settings; an unknown zone refused in place.
@Suite("Accounts: the time zone in Settings")
struct AccountZoneWebTests {
    /// The `<option>` of `identifier`, selected or not.
    static func option(_ identifier: String, selected: Bool) -> String {
        #"<option value="\#(identifier)"\#(selected ? " selected" : "")>\#(identifier)</option>"#
    }

    @Test("TIME-6 with no zone chosen, Settings lists every zone with the server's selected and offers the browser's; saving one stores it and says so")
    func test_TIME_6_showAndSave() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        let server = TimeZone(identifier: "UTC")!.identifier  // TodoWebOptions.timeZone, unless set
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let page = try await client.execute(uri: "/settings", method: .get, headers: .session(here))
            #expect(page.status == .ok)
            let text = page.text
            #expect(text.contains(#"<h2 id="zone-heading">Time zone</h2>"#))
            #expect(text.contains(#"<form class="account-form" method="post" action="/settings/zone" data-testid="zone-form">"#))
            #expect(text.contains(#"<label for="zone-select">Your time zone</label>"#))
            #expect(text.contains(#"<select id="zone-select" name="zone" autocomplete="off" data-testid="zone-select" data-zone-propose>"#))
            #expect(text.contains(Self.option(server, selected: true)))
            #expect(!text.contains(Self.option("Asia/Tokyo", selected: true)))
            // Every zone the system knows, sorted.
            let listed = text.matches(of: #/<option value="([^"]+)"/#).map { String($0.output.1) }
            #expect(Set(TimeZone.knownTimeZoneIdentifiers).isSubset(of: listed))
            #expect(listed == listed.sorted())
            #expect(listed.filter { $0 == server }.count == 1)
            #expect(text.contains("Not chosen yet: the server&#39;s zone, \(server), is used."))
            #expect(text.contains(#"data-zone-proposal="Your browser&#39;s zone, {zone}, is proposed. Save to keep it." hidden"#))
            #expect(text.contains(#"<button type="submit" data-testid="zone-save">Save time zone</button>"#))

            let saved = try await client.execute(
                uri: "/settings/zone", method: .post, headers: .sessionForm(here), body: .form([("zone", "Asia/Tokyo")]))
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/settings?done=zone")
            #expect(try await sut.accounts.user(named: "alice").timeZone?.identifier == "Asia/Tokyo")

            let back = try await client.execute(uri: "/settings?done=zone", method: .get, headers: .session(here))
            #expect(back.text.contains(#"<p class="message" role="status" data-testid="settings-notice">Time zone saved.</p>"#))
            #expect(back.text.contains(Self.option("Asia/Tokyo", selected: true)))
            #expect(back.text.matches(of: #/ selected>/#).count == 1)
            #expect(!back.text.contains("data-zone-propose"))
            #expect(!back.text.contains("Not chosen yet"))
            #expect(!back.text.contains("data-zone-proposal"))
            // The language switcher comes back to the settings page.
            #expect(back.text.contains(#"<input type="hidden" name="from" value="/settings">"#))
            let plain = try await client.execute(uri: "/settings", method: .get, headers: .session(here))
            #expect(!plain.text.contains("Time zone saved."))
            #expect(plain.text.contains(Self.option("Asia/Tokyo", selected: true)))
        }
    }

    @Test("TIME-6 an unknown zone is refused in the time zone section with 422; nothing changes")
    func test_TIME_6_unknownRefused() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.accounts.setTimeZone(name: "alice", to: "Pacific/Kiritimati")
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let refused = try await client.execute(
                uri: "/settings/zone", method: .post, headers: .sessionForm(here), body: .form([("zone", "Mars/<b>Olympus</b>")]))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(
                #"<p class="message error" role="alert" data-testid="zone-message">“Mars/&lt;b&gt;Olympus&lt;/b&gt;” is not a time zone.</p>"#))
            #expect(!refused.text.contains(#"data-testid="settings-message""#), "said in its section, not above the forms")
            #expect(refused.text.contains(Self.option("Pacific/Kiritimati", selected: true)))
            let huge = try await client.execute(
                uri: "/settings/zone", method: .post, headers: .sessionForm(here), body: .form([("zone", String(repeating: "x", count: 10_000))]))
            #expect(huge.status == .unprocessableContent)
            #expect(!huge.text.contains(String(repeating: "x", count: 300)))
            #expect(try await sut.accounts.user(named: "alice").timeZone?.identifier == "Pacific/Kiritimati")
        }
    }

    @Test("TIME-6 the section and its sentences in English, Chinese and Japanese")
    func test_TIME_6_languages() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            let cases: [(String, [String])] = [
                ("zh-CN", ["<h2 id=\"zone-heading\">时区</h2>", "保存时区", "时区已保存。", "“Mars/Olympus”不是时区。", "建议使用浏览器的时区 {zone}。"]),
                ("ja", ["<h2 id=\"zone-heading\">タイムゾーン</h2>", "タイムゾーンを保存", "タイムゾーンを保存しました。",
                        "「Mars/Olympus」はタイムゾーンではありません。", "ブラウザのタイムゾーン {zone} を提案しています。"]),
            ]
            for (accept, words) in cases {
                var headers = HTTPFields.session(here)
                headers[.acceptLanguage] = accept
                let page = try await client.execute(uri: "/settings?done=zone", method: .get, headers: headers)
                var form = HTTPFields.sessionForm(here)
                form[.acceptLanguage] = accept
                let refused = try await client.execute(
                    uri: "/settings/zone", method: .post, headers: form, body: .form([("zone", "Mars/Olympus")]))
                for word in words { #expect(page.text.contains(word) || refused.text.contains(word), "\(accept): \(word)") }
            }
        }
    }

    @Test("TIME-6 saving a zone takes a session and the page's own origin")
    func test_TIME_6_signedInSameOrigin() async throws {
        let sut = AccountsWebSUT()
        try await sut.accounts.add(name: "alice", password: AccountsWebSUT.password)
        try await sut.app.test(.router) { client in
            let here = try await client.session("alice")
            var foreign = HTTPFields.sessionForm(here)
            foreign[.origin] = "https://evil.example"
            let crossSite = try await client.execute(
                uri: "/settings/zone", method: .post, headers: foreign, body: .form([("zone", "Asia/Tokyo")]))
            #expect(crossSite.status == .forbidden)
            let anonymous = try await client.execute(
                uri: "/settings/zone", method: .post, headers: .form, body: .form([("zone", "Asia/Tokyo")]))
            #expect(anonymous.status == .seeOther)
            #expect(anonymous.headers[.location] == "/signin")
        }
        #expect(try await sut.accounts.user(named: "alice").timeZone == nil)
    }
}
