import Foundation
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

/// The day and the time a request is reckoned in (TIME-6, TIME-7): the signed-in person's time
/// zone when they have chosen one, else the server's (`TodoWebOptions.timeZone`, whose day is
/// `TodoWebOptions.today`).
struct RequestClock: Sendable {
    let today: @Sendable () -> CalendarDate
    let now: @Sendable () -> Date
    let timeZone: TimeZone

    /// The zone `context`'s person reckons in.
    func zone(_ context: TodoRequestContext) -> TimeZone { context.account?.timeZone ?? timeZone }

    /// What "today" is for `context`'s person.
    func today(_ context: TodoRequestContext) -> @Sendable () -> CalendarDate {
        guard let zone = context.account?.timeZone else { return today }
        let now = self.now
        return { CalendarDate(now(), in: zone) }
    }

    /// The time it is on `context`'s person's clock: a to-do due today before it is overdue.
    func time(_ context: TodoRequestContext) -> TimeOfDay { TimeOfDay(now(), in: zone(context)) }
}
