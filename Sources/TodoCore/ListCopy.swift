import Foundation

/// Copies one list into another store (`todo db copy`, docs/specs/postgres.md COPY-1…6): every
/// item of the source, To Do and Done, with its id, number, fields, place, times and version,
/// written through the target's `importItems` in one all-or-nothing call. Items the target
/// holds already (same id) are replaced, never added twice. The Trash is not copied (COPY-2).
public enum ListCopy {
    /// The source's items as an import that keeps everything they carry.
    public static func imported(_ items: [TodoItem]) -> [ImportedItem] {
        items.map { ImportedItem(item: $0, given: .all, precision: .milliseconds, origin: "#\($0.number)") }
    }

    /// Copies every item of `source` into `target`; what changed, item by item.
    public static func copy(from source: any TodoStore, to target: any TodoStore) async throws -> ImportSummary {
        try await target.importItems(imported(try await source.items(.all)), dryRun: false)
    }
}
