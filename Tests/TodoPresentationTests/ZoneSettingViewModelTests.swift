import Foundation
import Localization
import Testing
import TodoPresentation

/// Settings' time zone section (docs/specs/times.md, TIME-6), as its ViewModel says it.
@Suite("Settings: the time zone")
struct ZoneSettingViewModelTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let utc = TimeZone(identifier: "Etc/UTC")!

    @Test("TIME-6 every known zone, sorted, the chosen one selected; none chosen: the server's selected, a note and a proposal")
    func test_TIME_6_options() {
        let chosen = ZoneSettingViewModel(chosen: Self.tokyo, server: Self.utc)
        #expect(chosen.isChosen && chosen.serverNote == nil && chosen.proposal == nil && chosen.refusal == nil)
        #expect(chosen.options.filter(\.selected).map(\.identifier) == ["Asia/Tokyo"])
        #expect(chosen.options.map(\.identifier) == TimeZone.knownTimeZoneIdentifiers.sorted())

        // The server's zone is offered even when the system's list leaves it out.
        let none = ZoneSettingViewModel(chosen: nil, server: Self.utc)
        #expect(!none.isChosen)
        #expect(none.options.filter(\.selected).map(\.identifier) == ["Etc/UTC"])
        #expect(none.options.map(\.identifier) == none.options.map(\.identifier).sorted())
        #expect(none.options.filter { $0.identifier == "Etc/UTC" }.count == 1)
        #expect(none.serverNote == "Not chosen yet: the server's zone, Etc/UTC, is used.")
        #expect(none.proposal == "Your browser's zone, {zone}, is proposed. Save to keep it.")
    }

    @Test("TIME-6 a refused zone is said in the section, not above the forms, in each language")
    func test_TIME_6_refusal() {
        let model = SettingsViewModel(
            name: "alice", tokens: [], problem: .unknownTimeZone("Mars/Olympus"), chosenZone: nil, serverZone: Self.utc)
        #expect(model.message == nil)
        #expect(model.zone.refusal == "“Mars/Olympus” is not a time zone.")
        #expect(AccountProblem.unknownTimeZone("Mars/Olympus").message(.simplifiedChinese) == "“Mars/Olympus”不是时区。")
        #expect(AccountProblem.unknownTimeZone("Mars/Olympus").message(.japanese) == "「Mars/Olympus」はタイムゾーンではありません。")
        #expect(SettingsDone.zoneSaved.message(.english) == "Time zone saved.")
        #expect(SettingsViewModel(name: "a", tokens: [], problem: .wrongPassword).zone.refusal == nil)
    }
}
