/// Where a screen's data stands: not asked for yet, loading, loaded, or failed with a message
/// for the person using the app.
public enum LoadState<Value: Equatable & Sendable>: Equatable, Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(message: String)

    /// `true` exactly while loading: the activity indicator shows (LOADING-1..4).
    public var isLoading: Bool { self == .loading }

    /// The loaded value, if loading succeeded.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// The message to show, if loading failed.
    public var errorMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
