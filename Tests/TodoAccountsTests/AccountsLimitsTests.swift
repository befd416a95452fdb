import Foundation
import Testing
import TodoAccounts

/// docs/specs/hardening.md, HARDEN-18 and HARDEN-19 in the accounts policy: a token takes the
/// password, one call ends everything, and sign-ups and wrong current passwords meet sign-in's
/// limiter.
@Suite("Accounts: tokens and the password, and the limits beside sign-in's")
struct AccountsLimitsTests {
    @Test("HARDEN-18 a token is made only with the right password; a wrong one makes none and counts as a failed sign-in")
    func test_HARDEN_18_tokenTakesThePassword() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        await #expect(throws: AccountError.wrongPassword) {
            try await f.accounts.createToken(name: "alice", label: "laptop", password: "not the password", address: "a")
        }
        await #expect(throws: AccountError.wrongPassword) {
            try await f.accounts.createToken(name: "alice", label: "laptop", password: "", address: "a")
        }
        #expect(try await f.accounts.tokens(name: "alice").isEmpty)
        let made = try await f.accounts.createToken(name: "alice", label: "laptop", password: password, address: "a")
        #expect(made.label == "laptop")
        #expect(try await f.accounts.account(token: made.token.text)?.name == "alice")
        // The two wrong ones count: eight more and sign-in is limited.
        for _ in 0..<8 { _ = try await f.accounts.signIn(name: "alice", password: "wrong", address: "b") }
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "c") == .rateLimited(retryAfter: 900))
    }

    @Test("HARDEN-18 ending everything ends every session and revokes every token of the person only",
          arguments: [StoreKind.memory, .sqliteInMemory, .postgres])
    func test_HARDEN_18_endEverything(kind: StoreKind) async throws {
        let f = try await Fixture(kind)
        defer { f.cleanup() }
        try await f.accounts.add(name: "alice", password: password)
        try await f.accounts.add(name: "bob", password: password)
        let sessions = [
            try #require(try await f.accounts.signIn(name: "alice", password: password, address: "a").session),
            try #require(try await f.accounts.signIn(name: "alice", password: password, address: "a").session),
        ]
        let bobs = try #require(try await f.accounts.signIn(name: "bob", password: password, address: "a").session)
        let tokens = [
            try await f.accounts.createToken(name: "alice", label: "laptop").token,
            try await f.accounts.createToken(name: "alice", password: password, address: "a").token,
        ]
        let bobsToken = try await f.accounts.createToken(name: "bob").token
        // A password change leaves tokens working (programs keep their access) …
        try await f.accounts.changePassword(name: "alice", old: password, new: "another password", keeping: sessions[0], address: "a")
        #expect(try await f.accounts.account(token: tokens[0].text)?.name == "alice")
        // … ending everything doesn't.
        try await f.accounts.endEverything(name: "alice")
        for session in sessions { #expect(try await f.accounts.session(secret: session.text) == nil) }
        for token in tokens { #expect(try await f.accounts.account(token: token.text) == nil) }
        #expect(try await f.accounts.tokens(name: "alice").isEmpty)
        #expect(try await f.accounts.session(secret: bobs.text)?.name == "bob")
        #expect(try await f.accounts.account(token: bobsToken.text)?.name == "bob")
    }

    @Test("HARDEN-19 sign-ups are limited per address, apart from sign-in failures, until the oldest is 15 minutes old")
    func test_HARDEN_19_signUpsPerAddress() async throws {
        let f = try await Fixture()
        for n in 0..<10 {
            try await f.accounts.signUp(name: "user\(n)", password: password, address: "203.0.113.5")
            f.clock.advance(10)
        }
        let hashes = f.hasher.hashes
        await #expect(throws: AttemptsLimited(of: .signUps, retryAfter: 800)) {
            try await f.accounts.signUp(name: "user10", password: password, address: "203.0.113.5")
        }
        #expect(f.hasher.hashes == hashes, "a limited sign-up hashes nothing")
        #expect(try await f.accounts.users().count == 10)
        // Refusals that hash nothing don't count, and don't wait either.
        await #expect(throws: AccountError.duplicateName("user0")) {
            try await f.accounts.signUp(name: "user0", password: password, address: "203.0.113.5")
        }
        try await f.accounts.signUp(name: "user10", password: password, address: "203.0.113.6")
        // Sign-ups don't limit signing in from the address.
        #expect(try await f.accounts.signIn(name: "user0", password: password, address: "203.0.113.5").session != nil)
        f.clock.advance(800)
        try await f.accounts.signUp(name: "user11", password: password, address: "203.0.113.5")
    }

    @Test("HARDEN-19 wrong current passwords are limited per account and per address, with sign-in's failures")
    func test_HARDEN_19_wrongPasswords() async throws {
        let f = try await Fixture()
        try await f.accounts.add(name: "alice", password: password)
        try await f.accounts.add(name: "bob", password: password)
        try await f.accounts.add(name: "carol", password: password)
        for attempt in 0..<5 {
            await #expect(throws: AccountError.wrongPassword) {
                try await f.accounts.changePassword(name: "alice", old: "wrong \(attempt)", new: "another password", address: "a")
            }
            await #expect(throws: AccountError.wrongPassword) {
                try await f.accounts.createToken(name: "alice", password: "wrong \(attempt)", address: "a")
            }
        }
        let calls = f.hasher.calls
        let limited = AttemptsLimited(of: .wrongPasswords, retryAfter: 900)
        // Per account, from any address; even with the right password, nothing is hashed or changed.
        await #expect(throws: limited) {
            try await f.accounts.changePassword(name: "alice", old: password, new: "another password", address: "b")
        }
        await #expect(throws: limited) { try await f.accounts.createToken(name: "alice", password: password, address: "b") }
        #expect(f.hasher.calls == calls)
        #expect(try await f.accounts.signIn(name: "alice", password: password, address: "b") == .rateLimited(retryAfter: 900))
        // Per address: bob from the same address; carol from another goes on.
        await #expect(throws: limited) { try await f.accounts.createToken(name: "bob", password: password, address: "a") }
        #expect(try await f.accounts.createToken(name: "carol", password: password, address: "c").label == "token-1")
        f.clock.advance(900)
        try await f.accounts.changePassword(name: "alice", old: password, new: "another password", address: "a")
    }
}
