import PostgresNIO

extension PostgresRow {
    /// The row's columns by name (`row.byName["name"]`): a query's columns are read by the
    /// names its SQL gives them, never by their place, so adding or moving one breaks no reader.
    var byName: PostgresRandomAccessRow { makeRandomAccess() }
}

extension PostgresRandomAccessRow {
    /// The column named `name`, as `T`.
    func decode<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws -> T {
        try self[name].decode(T.self)
    }
}
