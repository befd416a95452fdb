import ComicsCore
import Observation

/// The comics list: loading → comics grouped by first letter, or a message saying what went wrong.
///
/// Like every ViewModel of both apps it has no actor isolation: the View that owns one (a route's
/// task, a command) creates it, loads it and reads it from that one task.
@Observable
public final class ComicsListViewModel {
    public typealias State = LoadState<[ComicGroup]>

    public private(set) var state: State = .idle
    /// Shown wherever the data shows.
    public let attribution = Attribution.marvel

    private let source: any ComicsSource
    private let reportFailure: @Sendable (ComicsSourceError) -> Void

    /// - Parameter reportFailure: receives each failure with its detail, e.g. to log it.
    public init(source: any ComicsSource, reportFailure: @escaping @Sendable (ComicsSourceError) -> Void = { _ in }) {
        self.source = source
        self.reportFailure = reportFailure
    }

    public var groups: [ComicGroup] {
        state.value ?? []
    }

    public var errorMessage: String? { state.errorMessage }

    /// Runs on the caller's executor (`nonisolated(nonsending)`): the View that owns this ViewModel
    /// loads it and reads it from the same task or actor.
    nonisolated(nonsending) public func load() async {
        state = .loading
        do {
            let comics = try await source.loadComics()
            state = .loaded(ComicGroup.grouping(comics))
        } catch {
            reportFailure(error)
            state = .failed(message: ComicsMessages.forComics(error))
        }
    }
}
