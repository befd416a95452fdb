import Synchronization

/// What a process opens once and keeps while it lives, by key: the databases its command or
/// server uses (the composition root opens them), handed back together to be closed at the end.
public final class OpenedOnce<Value: Sendable>: Sendable {
    private let opened = Mutex<[String: Value]>([:])

    public init() {}

    /// The value kept under `key`, made by `open` the first time it is asked for.
    public func value(_ key: String, open: () throws -> Value) throws -> Value {
        try opened.withLock { opened in
            if let known = opened[key] { return known }
            let value = try open()
            opened[key] = value
            return value
        }
    }

    /// Every value kept, forgotten here: for closing them.
    public func removeAll() -> [Value] {
        opened.withLock { opened in
            defer { opened = [:] }
            return Array(opened.values)
        }
    }
}
