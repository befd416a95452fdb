import Foundation
import Testing

@testable import TodoFuzz

/// docs/specs/hardening.md, HARDEN-13: every seed of every fuzz target, the crashes found among
/// them, goes through its target in the ordinary build without stopping the program.
@Suite("Hardening: the fuzz targets' seeds")
struct FuzzCorpusTests {
    /// `Fuzz/corpus` of the repository these tests were built from.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/corpus")

    @Test("HARDEN-13 each target has seeds, and each seed replays through its target", arguments: FuzzTargets.all.map(\.name))
    func test_HARDEN_13_seedsReplay(target: String) throws {
        let run = try #require(FuzzTargets.named(target))
        let files = TodoFuzz.files(in: Self.corpus.appendingPathComponent(target).path)
        #expect(files.count >= 3, "\(target) has \(files.count) seeds")
        for file in files { run(Array(try Data(contentsOf: URL(fileURLWithPath: file)))) }
    }
}
