import ComicsCore
import Foundation

/// A source whose answers the test chooses, which records every call and can hold its answers
/// until the test releases them (to observe the loading state).
final class ComicsSourceStub: ComicsSource {
    enum Call: Hashable { case comics, comic(Int), characters(Int) }

    private let comics: Result<[Comic], ComicsSourceError>
    private let comic: Result<Comic, ComicsSourceError>
    private let characters: Result<[ComicCharacter], ComicsSourceError>
    private let gate: AsyncStream<Void>?
    private let release: AsyncStream<Void>.Continuation?
    private let recorder = CallRecorder()

    init(
        comics: Result<[Comic], ComicsSourceError> = .success([]),
        comic: Result<Comic, ComicsSourceError> = .failure(.invalidContent(detail: "unused")),
        characters: Result<[ComicCharacter], ComicsSourceError> = .success([]),
        holdingAnswers: Bool = false
    ) {
        self.comics = comics
        self.comic = comic
        self.characters = characters
        if holdingAnswers {
            let (stream, continuation) = AsyncStream<Void>.makeStream()
            gate = stream
            release = continuation
        } else {
            gate = nil
            release = nil
        }
    }

    var calls: [Call] { get async { await recorder.calls } }

    /// Lets every held answer through.
    func releaseAnswers() { release?.finish() }

    /// Waits until the source has received `count` calls.
    func waitForCalls(_ count: Int) async {
        while await recorder.calls.count < count { await Task.yield() }
    }

    func loadComics() async throws(ComicsSourceError) -> [Comic] {
        await recorder.record(.comics)
        await hold()
        return try comics.get()
    }

    func loadComic(id: Comic.ID) async throws(ComicsSourceError) -> Comic {
        await recorder.record(.comic(id))
        await hold()
        return try comic.get()
    }

    func loadCharacters(ofComic id: Comic.ID) async throws(ComicsSourceError) -> [ComicCharacter] {
        await recorder.record(.characters(id))
        await hold()
        return try characters.get()
    }

    private func hold() async {
        guard let gate else { return }
        for await _ in gate {}
    }
}

actor CallRecorder {
    private(set) var calls: [ComicsSourceStub.Call] = []
    func record(_ call: ComicsSourceStub.Call) { calls.append(call) }
}

/// Records the failures a ViewModel reports for the logs.
final class FailureSpy: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [ComicsSourceError] = []

    var failures: [ComicsSourceError] { lock.withLock { recorded } }

    func record(_ error: ComicsSourceError) { lock.withLock { recorded.append(error) } }
}
