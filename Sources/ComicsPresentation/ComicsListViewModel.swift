import ComicsCore
import Observation

/// The comics list: loading → comics grouped by first letter, or a message saying what went wrong.
@MainActor
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

    /// LOADING-1 / LOADING-2: `true` exactly while the comics are loading.
    public var isLoading: Bool { state.isLoading }

    public var groups: [ComicGroup] {
        state.value ?? []
    }

    public var errorMessage: String? { state.errorMessage }

    public func load() async {
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
