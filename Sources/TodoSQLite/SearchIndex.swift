import GRDB
import TodoCore

/// The full-text index behind search (FIND-1…7): an FTS5 table with the `trigram` tokenizer,
/// which finds any part of a word, in any script (Chinese and Japanese have no spaces between
/// words), ignoring case. Each row has the rowid of its item's row and copies the item's
/// title, details, project name and location name; triggers keep it as items change.
///
/// The rowid of `todoItem` is the link: a later migration that rebuilds `todoItem` (a new table
/// filled with INSERT … SELECT) must call `rebuild(_:)` afterwards, and create the triggers
/// again (`triggers`), since dropping the old table drops them. Migration v8-owners does: rows
/// of every owner share the index, and a search keeps the owner's with a condition on the item.
enum SearchIndex {
    /// Creates the index and its triggers, and indexes the items already there. `ownedItems`:
    /// whether items have an owner yet (migration v8-owners).
    static func create(_ db: Database, ownedItems: Bool) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE todoSearch USING fts5(title, details, project, location, tokenize = 'trigram');
            \(triggers(ownedItems: ownedItems))
            """)
        try rebuild(db)
    }

    /// Indexes every item again, from scratch.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: """
            DELETE FROM todoSearch;
            INSERT INTO todoSearch (rowid, title, details, project, location)
                SELECT i.rowid, i.title, i.details, p.name, i.locationName
                FROM todoItem i LEFT JOIN project p ON p.id = i.projectId;
            """)
    }

    /// Add, delete, a change of one of the indexed texts (a save writes every column: the
    /// WHEN skips checks and moves), and a renamed project (whose items are its owner's, found
    /// through the project index, which leads with the owner since v8-owners).
    static func triggers(ownedItems: Bool) -> String {
        """
        CREATE TRIGGER todoItem_searchAdded AFTER INSERT ON todoItem BEGIN
            INSERT INTO todoSearch (rowid, title, details, project, location)
                VALUES (NEW.rowid, NEW.title, NEW.details, (SELECT name FROM project WHERE id = NEW.projectId),
                        NEW.locationName);
        END;
        CREATE TRIGGER todoItem_searchDeleted AFTER DELETE ON todoItem BEGIN
            DELETE FROM todoSearch WHERE rowid = OLD.rowid;
        END;
        CREATE TRIGGER todoItem_searchChanged AFTER UPDATE OF title, details, projectId, locationName ON todoItem
            WHEN OLD.title IS NOT NEW.title OR OLD.details IS NOT NEW.details
                OR OLD.projectId IS NOT NEW.projectId OR OLD.locationName IS NOT NEW.locationName BEGIN
            DELETE FROM todoSearch WHERE rowid = OLD.rowid;
            INSERT INTO todoSearch (rowid, title, details, project, location)
                VALUES (NEW.rowid, NEW.title, NEW.details, (SELECT name FROM project WHERE id = NEW.projectId),
                        NEW.locationName);
        END;
        CREATE TRIGGER project_searchRenamed AFTER UPDATE OF name ON project WHEN OLD.name IS NOT NEW.name BEGIN
            UPDATE todoSearch SET project = NEW.name
                WHERE rowid IN (SELECT rowid FROM todoItem WHERE \(ownedItems ? "owner = NEW.owner AND " : "")projectId = NEW.id);
        END;
        """
    }

    /// The SQL condition on `todoItem i` that keeps the items containing every word, and its
    /// arguments; nil for no words. Words of three characters or more go to the index as one
    /// FTS5 query of quoted strings (so `"`, `*`, `-`, `AND`… are searched as they are); shorter
    /// ones, which a trigram index can't look up, to LIKE (ASCII case folded, `%` `_` escaped).
    static func condition(_ search: SearchWords) -> (String, [String])? {
        guard !search.isEmpty else { return nil }
        var conditions: [String] = []
        var arguments: [String] = []
        let indexed = search.words.filter(SearchWords.isIndexable)
        if !indexed.isEmpty {
            conditions.append("i.rowid IN (SELECT rowid FROM todoSearch WHERE todoSearch MATCH ?)")
            arguments.append(indexed.map(quoted).joined(separator: " AND "))
        }
        for word in search.words where !SearchWords.isIndexable(word) {
            conditions.append("""
                (i.title LIKE ? ESCAPE '\\' OR i.details LIKE ? ESCAPE '\\' OR i.locationName LIKE ? ESCAPE '\\'
                 OR i.projectId IN (SELECT id FROM project WHERE name LIKE ? ESCAPE '\\'))
                """)
            let pattern = "%" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
            arguments += Array(repeating: pattern, count: 4)
        }
        return ("(" + conditions.joined(separator: " AND ") + ")", arguments)
    }

    /// An FTS5 string: the word in double quotes, its own double quotes doubled.
    private static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
