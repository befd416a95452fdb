import Foundation
import GRDB
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

    /// The section index of migration v8-owners (history): the owner first.
    static let sectionIndexColumnsV8 = "owner, " + sectionIndexColumnsV6

    /// The section index of migration v14-priority (history).
    static let sectionIndexColumnsV14 = sectionIndexColumnsV8 + ", priority"

    /// The section index of migration v15-tags (history).
    static let sectionIndexColumnsV15 = sectionIndexColumnsV14 + ", tags"

    /// The section index of migration v16-repeat-rule (history): the rule where the repeat days were.
    static let sectionIndexColumnsV16 = sectionIndexColumnsV15
        .replacingOccurrences(of: "repeatDays", with: "repeatRule, repeatAfterCompletion")

    /// The section index of migration v17-parent (history): the parent a row is nested under (SUB-7).
    static let sectionIndexColumnsV17 = sectionIndexColumnsV16 + ", parent"

    /// The section index. Since v18-due-time: the time a row shows after its date (TIME-9).
    static let sectionIndexColumns = sectionIndexColumnsV17 + ", dueTime"

    /// The due time's column (TIME-1, TIME-3): NULL for none, else minutes after midnight.
    static var dueTimeColumn: String { "dueTime INTEGER " + range("dueTime", 0...(TimeOfDay.minutesPerDay - 1), nullable: true) }

    /// The parent's column (SUB-1): NULL for none, else the parent's id in lower case.
    static let parentColumn = "parent TEXT CHECK (parent IS NULL OR length(parent) = 36)"

    /// A repeat's columns (REPEAT-13): its `RRULE` text and whether it repeats after completion,
    /// both NULL for none.
    static var repeatColumns: [String] {
        [
            "repeatRule TEXT CHECK (repeatRule IS NULL OR length(repeatRule) BETWEEN 1 AND \(RepeatRule.maximumTextLength))",
            "repeatAfterCompletion INTEGER CHECK (repeatAfterCompletion IS NULL OR repeatAfterCompletion IN (0, 1))",
        ]
    }

    /// The tags' column (TAG-2, TAG-5): NULL for none, else the tags separated by line breaks.
    static var tagsColumn: String {
        let longest = TodoRules.maxTagCount * (TodoRules.maxTagLength + 1) - 1
        return "tags TEXT CHECK (tags IS NULL OR (length(tags) > 0 AND length(tags) <= \(longest)))"
    }

    /// A priority's column (PRIO-2, PRIO-4): NULL for none, else iCalendar's 1…9.
    static var priorityColumn: String {
        let numbers = Priority.Level.allCases.map(\.numbers)
        return "priority INTEGER " + range("priority", numbers.first!.lowerBound...numbers.last!.upperBound, nullable: true)
    }
}

/// The migrations, in order, each as it ran: a migration that has run is history, so its SQL
/// stays as it was (the columns it lists are those of its time).
extension AppDatabase {

    /// Migrates `writer` up to the migration `identifier` only, as the version of Todo that
    /// ended with it left its files: for the tests of the later migrations.
    static func migrate(_ writer: any DatabaseWriter, upTo identifier: String) throws {
        try migrator.migrate(writer, upTo: identifier)
    }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        registerFirstMigrations(&migrator)
        registerRangesAndChips(&migrator)
        registerNumbersTrashAndSearch(&migrator)
        registerAccountsOwnersChangesAndCalDAV(&migrator)
        registerRicherItems(&migrator)
        registerAccountZones(&migrator)
        return migrator
    }()

    /// v1 to v3: the items, their projects and the section index.
    private static func registerFirstMigrations(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1 items and projects") { db in
            try db.execute(sql: v1Schema)
        }
        migrator.registerMigration("v2 section counts") { db in
            // How many rows each section has, kept by triggers, so a page need not count a
            // long section on every request.
            try db.execute(sql: """
                CREATE TABLE sectionCount (
                    isDone INTEGER NOT NULL PRIMARY KEY CHECK (isDone IN (0, 1)),
                    count INTEGER NOT NULL CHECK (count >= 0)
                );
                INSERT INTO sectionCount (isDone, count)
                    VALUES (0, (SELECT COUNT(*) FROM todoItem WHERE isDone = 0)),
                           (1, (SELECT COUNT(*) FROM todoItem WHERE isDone = 1));
                \(Schema.sectionCountTriggersV2)
                """)
        }
        migrator.registerMigration("v3 list rows from the section index") { db in
            // The section index also carries what a list row shows, so a list is read from
            // the index alone, without a look-up in the table for every row.
            try db.execute(sql: """
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(isDone, position, id, title, locationName, dueDate);
                """)
        }
    }

    /// v4 and v5: the model's ranges as constraints, and the chips in the section index.
    private static func registerRangesAndChips(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v4 the model's ranges as CHECK constraints") { db in
            // HARDEN-1, -8, -9: every range of the model, repeated by the schema with the same
            // numbers. Rows an earlier version let in outside them are repaired first.
            try repairOutOfRangeRows(db)
            try db.execute(sql: """
                CREATE TABLE project_v4 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE \(Schema.nameCheck("name", nullable: false))
                );
                INSERT INTO project_v4 (id, name) SELECT id, name FROM project;
                DROP TABLE project;
                ALTER TABLE project_v4 RENAME TO project;
                CREATE TABLE todoItem_v4 (\(Schema.itemColumnsV4));
                INSERT INTO todoItem_v4 SELECT id, title, details, isDone, dueDate, locationName, locationLatitude,
                    locationLongitude, projectId, estimateMinutes, repeatDays, position, createdAt, updatedAt,
                    completedAt, version FROM todoItem;
                DROP TABLE todoItem;
                ALTER TABLE todoItem_v4 RENAME TO todoItem;
                CREATE INDEX todoItem_section ON todoItem(isDone, position, id, title, locationName, dueDate);
                CREATE INDEX todoItem_project ON todoItem(projectId, isDone, position);
                CREATE INDEX todoItem_dueDate ON todoItem(dueDate, isDone, position);
                \(Schema.sectionCountTriggersV2)
                UPDATE sectionCount SET count = (SELECT COUNT(*) FROM todoItem WHERE isDone = sectionCount.isDone);
                """)
        }
        migrator.registerMigration("v5 list rows carry their chips") { db in
            // The web shows a row's project, estimate and repeat days as chips: the section
            // index carries them too, so rows still come from the index alone.
            try db.execute(sql: """
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(
                    isDone, position, id, title, locationName, dueDate, projectId, estimateMinutes, repeatDays);
                """)
        }
    }

    /// The v6 migrations: stable numbers and repeat links, the Trash, the search index.
    private static func registerNumbersTrashAndSearch(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v6-numbers stable item numbers and repeat links") { db in
            // NUMBER-1, -7: every item gets a stable number, the existing ones in their list
            // order; the next number to give is kept in a one-row table (not max + 1), so a
            // deleted item's number is never given again. REPEAT-1: a checked repeating item
            // keeps the id of the occurrence its check created. The section index carries
            // the number, so list rows still come from the index alone.
            try db.execute(sql: """
                ALTER TABLE todoItem ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE todoItem ADD COLUMN nextOccurrenceId TEXT;
                CREATE TEMP TABLE numbering (id TEXT NOT NULL PRIMARY KEY, number INTEGER NOT NULL);
                INSERT INTO numbering (id, number)
                    SELECT id, ROW_NUMBER() OVER (ORDER BY isDone, position, id) FROM todoItem;
                UPDATE todoItem SET number = (SELECT number FROM numbering WHERE numbering.id = todoItem.id);
                DROP TABLE numbering;
                CREATE UNIQUE INDEX todoItem_number ON todoItem(number);
                CREATE TABLE itemNumberCounter (
                    id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
                    next INTEGER NOT NULL CHECK (next >= 1)
                );
                INSERT INTO itemNumberCounter (id, next) VALUES (1, (SELECT COUNT(*) FROM todoItem) + 1);
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV6));
                """)
        }
        migrator.registerMigration("v6-trash deleted items kept 30 days") { db in
            // docs/specs/trash.md: a deleted item moves here, beside the list, so that no list,
            // count or search query changes. The purge reads the `deletedAt` index.
            try db.execute(sql: """
                CREATE TABLE trashedItem (\(Schema.trashColumnsV6));
                CREATE INDEX trashedItem_deletedAt ON trashedItem(deletedAt);
                """)
        }
        migrator.registerMigration("v6-search full-text index") { db in
            // FIND-1…7: search through an FTS5 trigram index of the items' texts, filled from the
            // items already there and kept by triggers (SearchIndex).
            try SearchIndex.create(db, ownedItems: false)
        }
    }

    /// v7 to v13: accounts, owners, the record of changes and CalDAV.
    private static func registerAccountsOwnersChangesAndCalDAV(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v7-accounts accounts, tokens, sessions and sign-in failures") { db in
            // docs/specs/accounts.md: beside the items, which this migration leaves alone.
            try db.execute(sql: SQLiteAccountStore.schema)
        }
        migrator.registerMigration("v8-owners each person's items apart") { db in
            try migrateToOwners(db)
        }
        migrator.registerMigration("v9-changes the record of changes live pages follow") { db in
            // docs/specs/live.md, LIVE-7 and LIVE-8: written by triggers, in the transaction of
            // each write, whichever process makes it.
            try db.execute(sql: SQLiteChangeRecord.v9)
        }
        migrator.registerMigration("v10-change-origin a page knows its own changes without it") { db in
            try SQLiteChangeRecord.v10(db)
        }
        migrator.registerMigration("v11-caldav CalDAV's names, kept text and calendars beside the items") { db in
            // docs/specs/caldav.md (DAV-6, DAV-10, DAV-14, DAV-16, DAV-17): `SQLiteCalendarResources`.
            try db.execute(sql: SQLiteCalendarResources.v11)
        }
        migrator.registerMigration("v12-calendar-changes each calendar reads the changes of its own list") { db in
            // docs/specs/caldav.md, DAV-24: `SQLiteChangeRecord.v12`.
            try SQLiteChangeRecord.v12(db)
        }
        migrator.registerMigration("v13-calendar-uid a PUT finds a UID of the calendar by index") { db in
            // docs/specs/caldav.md, DAV-29: `no-uid-conflict` looks a UID up on every PUT.
            try db.execute(sql: "CREATE INDEX calendarResource_uid ON calendarResource(owner, uid)")
        }
    }

    /// v14 to v18: the fields of issue 33 (priority, tags, repeat rules, parents, due times).
    private static func registerRicherItems(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v14-priority an item's priority, in the section index") { db in
            // docs/specs/priority.md, PRIO-4: a row shows it, so the section index carries it.
            // PRIO-14: a list sorted by priority is read in the order of an index on its rank.
            try db.execute(sql: """
                ALTER TABLE todoItem ADD COLUMN \(Schema.priorityColumn);
                ALTER TABLE trashedItem ADD COLUMN \(Schema.priorityColumn);
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV14));
                CREATE INDEX todoItem_priority ON todoItem(
                    owner, isDone, \(Priority.storedRank(column: "priority")), position, id);
                """)
        }
        migrator.registerMigration("v15-tags an item's tags, in the section index") { db in
            // docs/specs/tags.md, TAG-5: a row shows them, so the section index carries them.
            try db.execute(sql: """
                ALTER TABLE todoItem ADD COLUMN \(Schema.tagsColumn);
                ALTER TABLE trashedItem ADD COLUMN \(Schema.tagsColumn);
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV15));
                """)
        }
        migrator.registerMigration("v16-repeat-rule an item's repeat is a rule, in the section index") { db in
            // docs/specs/repeats.md, REPEAT-13: the weekdays become the weekly rule on them. The
            // trigger that names the old column goes first; opening the file makes it again.
            var sql = ["DROP TRIGGER change_itemUpdated", "DROP INDEX todoItem_section"]
            for table in ["todoItem", "trashedItem"] {
                sql += Schema.repeatColumns.map { "ALTER TABLE \(table) ADD COLUMN \($0)" }
                sql.append("""
                    UPDATE \(table) SET repeatRule = \(RepeatRule.weeklyRuleSQL(fromMask: "repeatDays")),
                        repeatAfterCompletion = 0 WHERE repeatDays != 0
                    """)
                sql.append("ALTER TABLE \(table) DROP COLUMN repeatDays")
            }
            sql.append("CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV16))")
            try db.execute(sql: sql.joined(separator: ";\n"))
        }
        migrator.registerMigration("v17-parent an item's parent, in the section index") { db in
            // docs/specs/subtasks.md, SUB-1, SUB-4: a row is nested by it; a page counts the
            // subtasks of its rows from the index of the items that have a parent.
            try db.execute(sql: """
                ALTER TABLE todoItem ADD COLUMN \(Schema.parentColumn);
                ALTER TABLE trashedItem ADD COLUMN \(Schema.parentColumn);
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV17));
                CREATE INDEX todoItem_parent ON todoItem(owner, parent, isDone) WHERE parent IS NOT NULL;
                """)
        }
        migrator.registerMigration("v18-due-time an item's due time, in the section index") { db in
            // docs/specs/times.md, TIME-1: a row shows it after its date.
            try db.execute(sql: """
                ALTER TABLE todoItem ADD COLUMN \(Schema.dueTimeColumn);
                ALTER TABLE trashedItem ADD COLUMN \(Schema.dueTimeColumn);
                DROP INDEX todoItem_section;
                CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumns));
                """)
        }
    }

    /// v19: each person's time zone (docs/specs/times.md, TIME-6).
    private static func registerAccountZones(_ migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19-account-zone each person's time zone") { db in
            // The IANA identifier (`Asia/Tokyo`); NULL until the person chooses one, and their
            // list is reckoned in the server's zone.
            try db.execute(sql: """
                ALTER TABLE account ADD COLUMN timeZone TEXT
                    CHECK (timeZone IS NULL OR length(timeZone) BETWEEN 1 AND 64);
                """)
        }
    }

    /// The tables and indexes of migration v1 (history).
    private static let v1Schema = """
        CREATE TABLE project (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE
                CHECK (length(trim(name)) > 0 AND length(name) <= 2000)
        );
        CREATE TABLE todoItem (
            id TEXT NOT NULL PRIMARY KEY
                CHECK (length(id) = 36 AND id = lower(id)),
            title TEXT NOT NULL
                CHECK (length(trim(title)) > 0 AND length(title) <= 5000),
            details TEXT
                CHECK (details IS NULL OR length(details) <= 100000),
            isDone INTEGER NOT NULL CHECK (isDone IN (0, 1)),
            dueDate TEXT
                CHECK (dueDate IS NULL OR (length(dueDate) = 10 AND date(dueDate, '+0 days') = dueDate)),
            locationName TEXT
                CHECK (locationName IS NULL OR length(trim(locationName)) > 0),
            locationLatitude REAL
                CHECK (locationLatitude IS NULL OR locationLatitude BETWEEN -90 AND 90),
            locationLongitude REAL
                CHECK (locationLongitude IS NULL OR locationLongitude BETWEEN -180 AND 180),
            projectId INTEGER REFERENCES project(id) ON DELETE RESTRICT,
            estimateMinutes INTEGER
                CHECK (estimateMinutes IS NULL OR estimateMinutes BETWEEN 1 AND 10080),
            repeatDays INTEGER NOT NULL DEFAULT 0 CHECK (repeatDays BETWEEN 0 AND 127),
            position REAL NOT NULL,
            createdAt INTEGER NOT NULL,
            updatedAt INTEGER NOT NULL,
            completedAt INTEGER,
            version INTEGER NOT NULL CHECK (version >= 1),
            CHECK ((isDone = 1) = (completedAt IS NOT NULL)),
            CHECK ((locationLatitude IS NULL) = (locationLongitude IS NULL)),
            CHECK (locationName IS NOT NULL OR locationLatitude IS NULL)
        );
        -- Display order (and first / last of a section) straight from the index.
        CREATE INDEX todoItem_section ON todoItem(isDone, position, id);
        CREATE INDEX todoItem_project ON todoItem(projectId, isDone, position);
        CREATE INDEX todoItem_dueDate ON todoItem(dueDate, isDone, position);
        """

    /// Migration v8-owners (docs/specs/sharing.md, OWNER-1…8): every row of items, projects,
    /// numbers, section counts and the Trash gets its owner, and the rows already there are the
    /// local list (''; OWNER-6). The tables are rebuilt as v4 did, so that ids and project names
    /// are unique per owner; every index leads with the owner, so one owner's list still reads
    /// from the section index alone. The search index is keyed by the items' rowids: filled
    /// again, with its triggers (`SearchIndex`). Shares (`listShare`) and the removal of an
    /// account's lists (a trigger on `account`) come with it.
    private static func migrateToOwners(_ db: Database) throws {
        try db.execute(sql: ownedTablesV8)
        try db.execute(sql: ownedIndexesAndSharesV8)
        try SearchIndex.rebuild(db)
    }

    /// v8-owners' tables, each made anew with its owner, its rows copied as the local list's.
    private static var ownedTablesV8: String {
        let itemFields = """
            id, title, details, isDone, dueDate, locationName, locationLatitude, locationLongitude, projectId,
            estimateMinutes, repeatDays, position, createdAt, updatedAt, completedAt, version, number, nextOccurrenceId
            """
        let trashFields = """
            id, title, details, isDone, dueDate, locationName, locationLatitude, locationLongitude, projectName,
            number, deletedAt, estimateMinutes, repeatDays, position, createdAt, updatedAt, completedAt, version
            """
        return """
            CREATE TABLE project_v8 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
                name TEXT NOT NULL \(Schema.nameCheck("name", nullable: false)),
                UNIQUE (owner, name),
                UNIQUE (owner, id)
            );
            INSERT INTO project_v8 (id, owner, name) SELECT id, '', name FROM project;
            CREATE TABLE todoItem_v8 (\(Schema.itemColumns));
            INSERT INTO todoItem_v8 (owner, \(itemFields)) SELECT '', \(itemFields) FROM todoItem;
            CREATE TABLE trashedItem_v8 (\(Schema.trashColumns));
            INSERT INTO trashedItem_v8 (owner, \(trashFields)) SELECT '', \(trashFields) FROM trashedItem;
            CREATE TABLE itemNumberCounter_v8 (
                owner TEXT NOT NULL PRIMARY KEY \(Schema.ownerCheck("owner")),
                next INTEGER NOT NULL CHECK (next >= 1)
            ) WITHOUT ROWID;
            INSERT INTO itemNumberCounter_v8 (owner, next) SELECT '', next FROM itemNumberCounter WHERE id = 1;
            CREATE TABLE sectionCount_v8 (
                owner TEXT NOT NULL \(Schema.ownerCheck("owner")),
                isDone INTEGER NOT NULL CHECK (isDone IN (0, 1)),
                count INTEGER NOT NULL CHECK (count >= 0),
                PRIMARY KEY (owner, isDone)
            ) WITHOUT ROWID;
            DROP TABLE todoItem;
            DROP TABLE project;
            DROP TABLE trashedItem;
            DROP TABLE itemNumberCounter;
            DROP TABLE sectionCount;
            ALTER TABLE project_v8 RENAME TO project;
            ALTER TABLE todoItem_v8 RENAME TO todoItem;
            ALTER TABLE trashedItem_v8 RENAME TO trashedItem;
            ALTER TABLE itemNumberCounter_v8 RENAME TO itemNumberCounter;
            ALTER TABLE sectionCount_v8 RENAME TO sectionCount;
            """
    }

    /// v8-owners' section counts, indexes and triggers, and the shares of lists.
    private static var ownedIndexesAndSharesV8: String {
        """
            INSERT INTO sectionCount (owner, isDone, count)
                SELECT owner, isDone, COUNT(*) FROM todoItem GROUP BY owner, isDone;
            CREATE INDEX todoItem_section ON todoItem(\(Schema.sectionIndexColumnsV8));
            CREATE INDEX todoItem_project ON todoItem(owner, projectId, isDone, position);
            CREATE INDEX todoItem_dueDate ON todoItem(owner, dueDate, isDone, position);
            CREATE UNIQUE INDEX todoItem_number ON todoItem(owner, number);
            CREATE INDEX trashedItem_deletedAt ON trashedItem(owner, deletedAt);
            \(Schema.sectionCountTriggers)
            \(SearchIndex.triggers(ownedItems: true))
            CREATE TABLE listShare (
                ownerId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                list TEXT NOT NULL \(Schema.nameCheck("list", nullable: false)),
                personId TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                role TEXT NOT NULL CHECK (role IN ('viewer', 'editor')),
                PRIMARY KEY (ownerId, list, personId),
                CHECK (ownerId != personId)
            ) WITHOUT ROWID;
            CREATE INDEX listShare_person ON listShare(personId);
            -- OWNER-8: an account's lists go with it, in the same transaction.
            CREATE TRIGGER account_removed AFTER DELETE ON account BEGIN
                DELETE FROM todoItem WHERE owner = OLD.id;
                DELETE FROM project WHERE owner = OLD.id;
                DELETE FROM trashedItem WHERE owner = OLD.id;
                DELETE FROM itemNumberCounter WHERE owner = OLD.id;
                DELETE FROM sectionCount WHERE owner = OLD.id;
            END;
            """
    }

    /// Brings rows written before v4 inside the model's ranges, losing nothing a person wrote:
    /// a title over the limit keeps its first part and moves whole into the details.
    private static func repairOutOfRangeRows(_ db: Database) throws {
        let maxTitle = TodoRules.maxTitleLength, maxDetails = TodoRules.maxDetailsLength
        let maxName = TodoRules.maxNameLength
        let versions = TodoRules.versionRange, times = TodoRules.timestampRange
        try db.execute(sql: """
            UPDATE todoItem SET version = \(versions.upperBound) WHERE version > \(versions.upperBound);
            UPDATE todoItem SET createdAt = max(\(times.lowerBound), min(\(times.upperBound), createdAt)),
                updatedAt = max(\(times.lowerBound), min(\(times.upperBound), updatedAt)),
                completedAt = CASE WHEN completedAt IS NULL THEN NULL
                    ELSE max(\(times.lowerBound), min(\(times.upperBound), completedAt)) END
                WHERE createdAt NOT BETWEEN \(times.lowerBound) AND \(times.upperBound)
                   OR updatedAt NOT BETWEEN \(times.lowerBound) AND \(times.upperBound)
                   OR completedAt NOT BETWEEN \(times.lowerBound) AND \(times.upperBound);
            UPDATE todoItem SET locationName = substr(locationName, 1, \(maxName))
                WHERE length(locationName) > \(maxName);
            UPDATE project SET name = substr(name, 1, \(maxName - 12)) || ' (' || id || ')'
                WHERE length(name) > \(maxName);
            """)
        let long = try Row.fetchAll(
            db, sql: "SELECT id, title, details FROM todoItem WHERE length(title) > ? OR length(details) > ?",
            arguments: [maxTitle, maxDetails])
        for row in long {
            let title: String = row["title"], details: String? = row["details"]
            var newTitle = title, newDetails = details
            if TodoRules.length(title) > maxTitle {
                newTitle = String(String.UnicodeScalarView(title.unicodeScalars.prefix(maxTitle - 1))) + "…"
                newDetails = title + (details.map { "\n\n" + $0 } ?? "")
            }
            if let text = newDetails, TodoRules.length(text) > maxDetails {
                newDetails = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maxDetails)))
            }
            try db.execute(
                sql: "UPDATE todoItem SET title = ?, details = ? WHERE id = ?",
                arguments: [newTitle, newDetails, row["id"] as String])
        }
        // Before v8 the table has no owner: its rows are the local list.
        for done in [false, true] { try respaceIfFarOut(db, owner: nil, done: done) }
    }
}
