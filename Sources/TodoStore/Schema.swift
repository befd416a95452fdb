import TodoCore

/// The parts of the schema that repeat the model's rules, written from `TodoRules`' constants so
/// that the model and the database hold one definition of each limit (HARDEN-8).
///
/// A migration that has run is history: when a rule changes, a new migration writes the new
/// numbers (these helpers then describe the newest schema).
enum Schema {
    /// A name column: not blank, at most `TodoRules.maxNameLength` code points (SQLite's
    /// `length()` counts code points, as `TodoRules.length` does).
    static func nameCheck(_ column: String, nullable: Bool) -> String {
        let rule = "length(trim(\(column))) > 0 AND length(\(column)) <= \(TodoRules.maxNameLength)"
        return "CHECK (\(nullable ? "\(column) IS NULL OR (\(rule))" : rule))"
    }

    private static func range<T>(_ column: String, _ range: ClosedRange<T>, nullable: Bool = false) -> String {
        let rule = "\(column) BETWEEN \(range.lowerBound) AND \(range.upperBound)"
        return "CHECK (\(nullable ? "\(column) IS NULL OR \(rule)" : rule))"
    }

    /// The columns and constraints of `todoItem`.
    static var itemColumns: String {
        let positions = TodoRules.positionRange, times = TodoRules.timestampRange
        return """
            id TEXT NOT NULL PRIMARY KEY CHECK (length(id) = 36 AND id = lower(id)),
            title TEXT NOT NULL
                CHECK (length(trim(title)) > 0 AND length(title) <= \(TodoRules.maxTitleLength)),
            details TEXT CHECK (details IS NULL OR length(details) <= \(TodoRules.maxDetailsLength)),
            isDone INTEGER NOT NULL CHECK (isDone IN (0, 1)),
            dueDate TEXT
                CHECK (dueDate IS NULL OR (length(dueDate) = 10 AND date(dueDate, '+0 days') = dueDate)),
            locationName TEXT \(nameCheck("locationName", nullable: true)),
            locationLatitude REAL \(range("locationLatitude", -90...90, nullable: true)),
            locationLongitude REAL \(range("locationLongitude", -180...180, nullable: true)),
            projectId INTEGER REFERENCES project(id) ON DELETE RESTRICT,
            estimateMinutes INTEGER \(range("estimateMinutes", 1...Estimate.maximumMinutes, nullable: true)),
            repeatDays INTEGER NOT NULL DEFAULT 0 CHECK (repeatDays BETWEEN 0 AND 127),
            position REAL NOT NULL CHECK (position BETWEEN \(positions.lowerBound) AND \(positions.upperBound)),
            createdAt INTEGER NOT NULL \(range("createdAt", times)),
            updatedAt INTEGER NOT NULL \(range("updatedAt", times)),
            completedAt INTEGER \(range("completedAt", times, nullable: true)),
            version INTEGER NOT NULL \(range("version", TodoRules.versionRange)),
            CHECK ((isDone = 1) = (completedAt IS NOT NULL)),
            CHECK ((locationLatitude IS NULL) = (locationLongitude IS NULL)),
            CHECK (locationName IS NOT NULL OR locationLatitude IS NULL)
            """
    }

    /// The columns and constraints of `trashedItem` (migration v6-trash): those of `todoItem`,
    /// the project by name (a project whose last item is trashed leaves the project table, as
    /// before), its stable number (migration v6-numbers adds that column to `todoItem`), and
    /// when the item was deleted.
    static var trashColumns: String {
        let projectID = "projectId INTEGER REFERENCES project(id) ON DELETE RESTRICT,"
        precondition(itemColumns.contains(projectID))
        // Columns come before the table's CHECK constraints: `deletedAt` takes the project's place.
        return itemColumns.replacingOccurrences(
            of: projectID,
            with: "projectName TEXT \(nameCheck("projectName", nullable: true)),\n"
                + "    number INTEGER NOT NULL CHECK (number >= 1),\n"
                + "    deletedAt INTEGER NOT NULL \(range("deletedAt", TodoRules.timestampRange)),")
    }

    /// The triggers that keep `sectionCount` (created by migration v2; dropped with the table
    /// when v4 rebuilds it).
    static let sectionCountTriggers = """
        CREATE TRIGGER todoItem_counted AFTER INSERT ON todoItem BEGIN
            UPDATE sectionCount SET count = count + 1 WHERE isDone = NEW.isDone;
        END;
        CREATE TRIGGER todoItem_uncounted AFTER DELETE ON todoItem BEGIN
            UPDATE sectionCount SET count = count - 1 WHERE isDone = OLD.isDone;
        END;
        CREATE TRIGGER todoItem_recounted AFTER UPDATE OF isDone ON todoItem
            WHEN OLD.isDone != NEW.isDone BEGIN
            UPDATE sectionCount SET count = count - 1 WHERE isDone = OLD.isDone;
            UPDATE sectionCount SET count = count + 1 WHERE isDone = NEW.isDone;
        END;
        """

    /// The section index: the display order, then what a list row shows (rows are read from
    /// the index alone).
    static let sectionIndexColumns =
        "isDone, position, id, title, locationName, dueDate, projectId, estimateMinutes, repeatDays, number"
}
