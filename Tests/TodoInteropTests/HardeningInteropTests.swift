import Foundation
import Testing
import TodoCore
import TodoInterop
import TodoTestSupport

/// The formats' side of docs/specs/hardening.md.
@Suite("Hardening: import and export formats")
struct HardeningInteropTests {
    private func vtodo(_ extra: String) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VTODO\r
        UID:6f1c7a52-3b1e-4c8e-9a3d-2f4b5c6d7e01\r
        SUMMARY:Huge\r
        \(extra)\r
        END:VTODO\r
        END:VCALENDAR\r

        """
    }

    @Test(
        "HARDEN-1 an iCalendar duration too large to count is refused as an estimate over a week, not a crash",
        arguments: ["P99999999999999999W", "P9223372036854775807D", "PT9223372036854775807H", "P1WT9223372036854775807M"])
    func test_HARDEN_1_hugeDurationsAreRefused(_ duration: String) async throws {
        let codec = InteropFormat.ics.codec(options())
        let items = try codec.decode(vtodo("X-TODO-ESTIMATE:\(duration)"))
        await #expect {
            _ = try await importFresh(vtodo("X-TODO-ESTIMATE:\(duration)"), codec)
        } throws: { error in
            (error as? TodoImportError)?.reason.contains("outside 1 minute…1 week") == true
        }
        #expect(items.count == 1)
    }

    @Test("HARDEN-1 a version past 2^53−1 in a CSV file is refused, and nothing is imported")
    func test_HARDEN_1_csvVersionOutOfRange() async throws {
        let csv = "title,version\r\nm,9223372036854775807\r\n"
        await #expect {
            _ = try await importFresh(csv, InteropFormat.csv.codec(options()))
        } throws: { error in
            (error as? TodoImportError)?.origin == "line 2"
        }
    }

    // MARK: HARDEN-7

    @Test("HARDEN-7 every format written a batch at a time is the same file as written whole", arguments: InteropFormat.allCases)
    func test_HARDEN_7_batchesMakeTheSameFile(_ format: InteropFormat) throws {
        let codec = format.codec(options())
        let items = InteropFixtures.items
        var streamed = codec.start()
        var written = 0
        for start in stride(from: 0, to: items.count, by: 2) {
            let batch = Array(items[start..<min(start + 2, items.count)])
            streamed += try codec.encode(batch: batch, afterItems: written > 0)
            written += batch.count
        }
        streamed += codec.end(isEmpty: items.isEmpty)
        #expect(streamed == (try codec.encode(items)))
        // And what was written reads back as the same items.
        #expect(try codec.decode(streamed).map(\.item.id) == items.map(\.id))
    }

    @Test("HARDEN-7 the JSON export written in parts is the array JSONEncoder writes", arguments: [0, 1, 3])
    func test_HARDEN_7_jsonPartsMatchTheEncoder(_ count: Int) throws {
        let items = Array(InteropFixtures.items.prefix(count))
        let whole = String(decoding: try TodoJSON.encoder(pretty: true).encode(items), as: UTF8.self) + "\n"
        #expect(try InteropFormat.json.codec(options()).encode(items) == whole)
    }

    // MARK: HARDEN-10d

    @Test("HARDEN-10d text cells that a spreadsheet would run as a formula are exported behind a '")
    func test_HARDEN_10d_formulasAreQuoted() throws {
        let titles = ["=1+1", "+SUM(A1)", "-2+3", "@SUM(A1)", "'=already", "plain", "'quoted'", "a=b"]
        let created = InteropFixtures.at("2026-11-21T09:00:00.000Z")
        let items = titles.enumerated().map { index, title in
            TodoItem(
                id: TestEnvironment.id(index + 1), title: title, details: index == 0 ? "=HYPERLINK(\"x\")" : nil,
                project: index == 1 ? Project(name: "@home") : nil, position: Double(index), createdAt: created)
        }
        let csv = try InteropFormat.csv.codec(options()).encode(items)
        let rows = csv.split(separator: "\r\n").dropFirst().map(String.init)
        #expect(rows[0].hasPrefix("\(TestEnvironment.id(1).lowercasedText),'=1+1,\"'=HYPERLINK(\"\"x\"\")\""))
        #expect(rows[1].contains(",'+SUM(A1),") && rows[1].contains(",'@home,"))
        #expect(rows[2].contains(",'-2+3,"))
        #expect(rows[3].contains(",'@SUM(A1),"))
        #expect(rows[4].contains(",''=already,"))
        #expect(rows[5].contains(",plain,"))
        #expect(rows[6].contains(",'quoted',"))
        #expect(rows[7].contains(",a=b,"))
    }

    @Test("HARDEN-10d our own CSV import gives back exactly what was exported")
    func test_HARDEN_10d_roundTrip() async throws {
        let titles = ["=1+1", "@SUM(A1)", "'=already", "''+x", "'quoted'", "-", "'"]
        let created = InteropFixtures.at("2026-11-21T09:00:00.000Z")
        let items = titles.enumerated().map { index, title in
            TodoItem(
                id: TestEnvironment.id(index + 1), title: title, location: Location(name: "=" + title),
                position: Double(index), createdAt: created)
        }
        let codec = InteropFormat.csv.codec(options())
        let (store, _) = try await importFresh(try codec.encode(items), codec)
        let back = try await store.items()
        #expect(back.map(\.title) == titles)
        #expect(back.map { $0.location?.name } == titles.map { "=" + $0 })
    }
}
