import Foundation
import TodoCore

/// The zone tests reckon days in unless they say otherwise.
public let testUTC = TimeZone(identifier: "UTC")!

extension TodoEnvironment {
    /// A store's clock for a test that doesn't care which day it is: it starts at
    /// `TestEnvironment.referenceDate` (2026-11-21 09:00 UTC) and moves a second a reading, in
    /// UTC, with fresh random ids (TEST-1: no store in a test reads the machine's clock or zone).
    public static func fixedForTests(at start: Date = TestEnvironment.referenceDate, in timeZone: TimeZone = testUTC)
        -> TodoEnvironment
    {
        let clock = TestEnvironment(start: start)
        return TodoEnvironment(now: { clock.now() }, makeID: { UUID() }, timeZone: timeZone)
    }
}

extension CalendarDate {
    /// The day of `TestEnvironment.referenceDate` in UTC: Saturday 2026-11-21.
    public static let testToday = CalendarDate(TestEnvironment.referenceDate, in: testUTC)
}

/// An instant and the zone a person lives in, at which TEST-1 runs the rules that depend on the
/// day: a leap day at the last second and the first, both days the clocks change in Los Angeles,
/// the first zone to start a day (UTC+14) and one of the last (UTC−11), and New Year's Eve.
public struct TestInstant: Sendable, CustomStringConvertible {
    public let date: Date
    public let timeZone: TimeZone
    public let description: String

    /// `wall` is the local time in `zone`, `YYYY-MM-DD hh:mm:ss`.
    public init(_ wall: String, _ zone: String) {
        let timeZone = TimeZone(identifier: zone)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let numbers = wall.split(whereSeparator: { !$0.isNumber }).map { Int($0)! }
        let components = DateComponents(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4], second: numbers[5])
        self.date = calendar.date(from: components)!
        self.timeZone = timeZone
        self.description = "\(wall) \(zone)"
    }

    public static let all: [TestInstant] = [
        TestInstant("2028-02-29 23:59:59", "UTC"),
        TestInstant("2028-02-29 00:00:00", "UTC"),
        TestInstant("2026-03-08 01:30:00", "America/Los_Angeles"),
        TestInstant("2026-03-08 23:30:00", "America/Los_Angeles"),
        TestInstant("2026-11-01 01:30:00", "America/Los_Angeles"),
        TestInstant("2026-11-28 00:30:00", "Pacific/Kiritimati"),
        TestInstant("2026-11-28 23:30:00", "Pacific/Pago_Pago"),
        TestInstant("2026-12-31 23:59:59", "Asia/Tokyo"),
    ]

    /// The day it is at this instant, where the person is.
    public var today: CalendarDate { CalendarDate(date, in: timeZone) }

    /// A store's clock that stands still here (a clock moving a second a reading would leave a
    /// last second of the day before the rule under test reads it).
    public var environment: TodoEnvironment {
        let clock = TestEnvironment(start: date, tick: 0, timeZone: timeZone)
        return TodoEnvironment(now: { clock.now() }, makeID: { UUID() }, timeZone: timeZone)
    }

    /// The day `days` after today, counted on a calendar of this zone (an independent reckoning
    /// from `CalendarDate.adding(days:)`, which the rules use).
    public func day(after days: Int) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let noon = calendar.date(bySettingHour: 12, minute: 0, second: 0, of: date)!
        return CalendarDate(calendar.date(byAdding: .day, value: days, to: noon)!, in: timeZone)
    }
}
