import Foundation

/// A place in the list's display order (section, position, id), to continue reading after it
/// (HARDEN-7). It names a place, not an item: reading goes on from there even if the item it
/// was taken from has since moved or gone.
///
/// Written as text for URLs (`?after=`): `0.<position bits in hex>.<id>`, exact and URL-safe.
public struct ListCursor: Hashable, Sendable {
    public var isDone: Bool
    public var position: Double
    public var id: UUID

    public init(isDone: Bool, position: Double, id: UUID) {
        self.isDone = isDone
        self.position = position
        self.id = id
    }

    /// The place of `item`.
    public init(after item: TodoItem) {
        self.init(isDone: item.isDone, position: item.position, id: item.id)
    }

    public var text: String {
        "\(isDone ? 1 : 0).\(String(position.bitPattern, radix: 16)).\(id.lowercasedText)"
    }

    /// Parses `text`; nil for anything `text` did not write.
    public init?(text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "0" || parts[0] == "1", (1...16).contains(parts[1].count),
              let bits = UInt64(parts[1], radix: 16), let id = UUID(uuidString: String(parts[2]))
        else { return nil }
        let position = Double(bitPattern: bits)
        guard TodoRules.positionRange.contains(position) else { return nil }
        self.init(isDone: parts[0] == "1", position: position, id: id)
    }

    /// Whether `item` comes after this place in display order.
    public func precedes(_ item: TodoItem) -> Bool {
        if isDone != item.isDone { return !isDone }
        if position != item.position { return position < item.position }
        return id.lowercasedText < item.id.lowercasedText
    }
}
