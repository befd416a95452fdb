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

    /// The owner of a row (OWNER-1…): '' for the local list, or an account's id in lower case
    /// (`ListOwner.key`).
    static func ownerCheck(_ column: String) -> String {
        "CHECK (\(column) = '' OR (length(\(column)) = 36 AND \(column) NOT GLOB '*[^0-9a-f-]*'))"
    }

    /// The columns and constraints of `todoItem` as migration v4 made them (v6-numbers then added
    /// `number` and `nextOccurrenceId`). History: v4 and v6-trash are written from it.
    static var itemColumnsV4: String {
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

    /// The columns and constraints of `todoItem` since migration v8-owners: those of v4, with the
    /// owner first, the key (owner, id), the stable number and the repeat link, and the project
    /// one of the same owner's.
    static var itemColumns: String {
        owned(
            itemColumnsV4, replacing: projectIDV4, with: "projectId INTEGER,",
            adding: "number INTEGER NOT NULL CHECK (number >= 1),\n"
                + "nextOccurrenceId TEXT CHECK (nextOccurrenceId IS NULL OR length(nextOccurrenceId) = 36),\n")
            + ",\nPRIMARY KEY (owner, id),\nFOREIGN KEY (owner, projectId) REFERENCES project(owner, id) ON DELETE RESTRICT"
    }

    /// The columns and constraints of `trashedItem` since migration v8-owners: those of v6, with
    /// the owner first and the key (owner, id).
    static var trashColumns: String {
        owned(trashColumnsV6, replacing: "", with: "", adding: "") + ",\nPRIMARY KEY (owner, id)"
    }

    private static let projectIDV4 = "projectId INTEGER REFERENCES project(id) ON DELETE RESTRICT,"

    /// v4's or v6's columns with an owner: `owner` first, `id` no longer the key alone, `old`
    /// replaced by `new`, and `extra` columns before the table's CHECK constraints.
    private static func owned(_ columns: String, replacing old: String, with new: String, adding extra: String) -> String {
        let id = "id TEXT NOT NULL PRIMARY KEY CHECK", firstTableCheck = "CHECK ((isDone = 1)"
        precondition(columns.contains(id) && columns.contains(firstTableCheck) && (old.isEmpty || columns.contains(old)))
        var result = "owner TEXT NOT NULL \(ownerCheck("owner")),\n" + columns.replacingOccurrences(of: id, with: "id TEXT NOT NULL CHECK")
        if !old.isEmpty { result = result.replacingOccurrences(of: old, with: new) }
        return result.replacingOccurrences(of: firstTableCheck, with: extra + firstTableCheck)
    }

    /// The columns and constraints of `trashedItem` (migration v6-trash): those of `todoItem`,
    /// the project by name (a project whose last item is trashed leaves the project table, as
    /// before), its stable number (migration v6-numbers adds that column to `todoItem`), and
    /// when the item was deleted.
    static var trashColumnsV6: String {
        precondition(itemColumnsV4.contains(projectIDV4))
        // Columns come before the table's CHECK constraints: `deletedAt` takes the project's place.
        return itemColumnsV4.replacingOccurrences(
            of: projectIDV4,
            with: "projectName TEXT \(nameCheck("projectName", nullable: true)),\n"
                + "    number INTEGER NOT NULL CHECK (number >= 1),\n"
                + "    deletedAt INTEGER NOT NULL \(range("deletedAt", TodoRules.timestampRange)),")
    }

    /// The triggers that kept `sectionCount` from migration v2 to v7 (dropped with the table
    /// when v4 rebuilt it, and made again). History.
    static let sectionCountTriggersV2 = """
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

    /// The triggers that keep `sectionCount` per owner and section (migration v8-owners): a row
    /// is made by an owner's first item in a section. An item moved to another owner (OWNER-7)
    /// is counted again.
    static let sectionCountTriggers = """
        CREATE TRIGGER todoItem_counted AFTER INSERT ON todoItem BEGIN
            INSERT INTO sectionCount (owner, isDone, count) VALUES (NEW.owner, NEW.isDone, 1)
                ON CONFLICT (owner, isDone) DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER todoItem_uncounted AFTER DELETE ON todoItem BEGIN
            UPDATE sectionCount SET count = count - 1 WHERE owner = OLD.owner AND isDone = OLD.isDone;
        END;
        CREATE TRIGGER todoItem_recounted AFTER UPDATE OF isDone, owner ON todoItem
            WHEN OLD.isDone != NEW.isDone OR OLD.owner != NEW.owner BEGIN
            UPDATE sectionCount SET count = count - 1 WHERE owner = OLD.owner AND isDone = OLD.isDone;
            INSERT INTO sectionCount (owner, isDone, count) VALUES (NEW.owner, NEW.isDone, 1)
                ON CONFLICT (owner, isDone) DO UPDATE SET count = count + 1;
        END;
        """

    /// The columns of what a person wrote but `isDone`, as the trigger `change_itemUpdated` of
    /// migrations v9 to v12 compares them (history; `SQLiteChangeRecord.currentTriggers` follows
    /// the fields since).
    static let contentColumnsV9 = [
        "title", "details", "dueDate", "locationName", "locationLatitude", "locationLongitude", "projectId",
        "estimateMinutes", "repeatDays",
    ]

    /// The section index of migration v6-numbers (history).
    static let sectionIndexColumnsV6 =
        "isDone, position, id, title, locationName, dueDate, projectId, estimateMinutes, repeatDays, number"

    /// The section index: the owner, the display order, then what a list row shows (rows are
    /// read from the index alone).
    static let sectionIndexColumns = "owner, " + sectionIndexColumnsV6
}
