import Hummingbird
import HummingbirdAuth
import TodoAccounts
import TodoCore

/// The person a request is made for, when the app has accounts: their account and their lists,
/// opened for this request (docs/specs/sharing.md).
public struct SignedInPerson: Sendable {
    public let account: Account
    public let lists: PersonalLists
}

/// What the web app knows of one request besides the request itself: who signed in (set by
/// ``AccountsMiddleware``, HummingbirdAuth's `identity`) and the address of the connection it
/// came on (the per-address sign-in limit, ACCOUNT-33).
public struct TodoRequestContext: AuthRequestContext, RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Nil without accounts, and before ``AccountsMiddleware`` has let the request through.
    public var identity: SignedInPerson?
    /// The connection's address; nil where there is none (router-level tests).
    public let peerAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The signed-in person's account, or nil.
    var account: Account? { identity?.account }
}
