import Foundation
import TodoCore

/// An item as the API answers it one at a time (`APIItem`): the item's JSON with its `url`
/// after the item's own fields, as the JSON encoder writes it — what the API's faster writer
/// (`TodoJSONWriter`) must match byte for byte (HARDEN-7b).
public struct EncodedItemWithURL: Encodable {
    public let item: TodoItem
    public let url: String

    public init(item: TodoItem, url: String) {
        self.item = item
        self.url = url
    }

    private enum Key: String, CodingKey { case url }

    public func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(url, forKey: .url)
    }
}
