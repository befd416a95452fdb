import Crypto
import Foundation
import HummingbirdBcrypt

/// Hashes and verifies passwords. Bcrypt is slow on purpose: `Accounts` calls these off the
/// caller's task, on a dispatch queue.
public protocol PasswordHasher: Sendable {
    func hash(_ password: String) -> String
    func verify(_ password: String, hash: String) -> Bool
    /// A hash of no one's password, at the same cost: verified against for an unknown name, so
    /// that answering "no" takes as long as for a wrong password (ACCOUNT-8).
    var dummyHash: String { get }
}

/// Bcrypt (HummingbirdBcrypt) of the password's SHA-256 digest in base64: every byte of a long
/// password counts (bcrypt alone reads 72) and no NUL reaches bcrypt's C string.
public struct BcryptHasher: PasswordHasher {
    /// The cost of every hash written in production (2^12 rounds).
    public static let productionCost: UInt8 = 12
    public let cost: UInt8
    private let testDummy: String?

    /// The production hasher: cost 12.
    public init() {
        cost = Self.productionCost
        testDummy = nil
    }

    private init(testCost: UInt8) {
        cost = testCost
        testDummy = Bcrypt.hash(Secret.random().text, cost: testCost)
    }

    public var dummyHash: String { testDummy ?? Self.productionDummy }

    /// A cheap hasher for tests only (cost 4–11): never use it in an executable.
    public static func insecureForTestsOnly(cost: UInt8) -> BcryptHasher {
        precondition((4..<productionCost).contains(cost), "a test hasher's cost is 4 to 11")
        return BcryptHasher(testCost: cost)
    }

    /// Made once per process, on first use.
    private static let productionDummy = Bcrypt.hash(Secret.random().text, cost: productionCost)

    public func hash(_ password: String) -> String { Bcrypt.hash(Self.prepared(password), cost: cost) }

    public func verify(_ password: String, hash: String) -> Bool { Bcrypt.verify(Self.prepared(password), hash: hash) }

    static func prepared(_ password: String) -> String {
        Data(SHA256.hash(data: Data(password.utf8))).base64EncodedString()
    }

    /// The cost written in a bcrypt hash (`$2b$12$…` → 12), or nil when it isn't one.
    public static func cost(of hash: String) -> Int? {
        let parts = hash.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty, ["2a", "2b", "2y"].contains(parts[1]), parts[2].count == 2 else { return nil }
        return Int(parts[2])
    }
}
