public import ComicsCore
public import Foundation
import GRDB

/// COMICS-COPY-1: the offline copy in a SQLite file (GRDB): every comic seen, each comic's characters,
/// with the time each was fetched. One file per user under `$XDG_CACHE_HOME/comics` (else `~/.cache/comics`).
public final class SQLiteOfflineCopy: ComicsOfflineCopy {
    private let database: any DatabaseWriter

    /// The copy in the file at `path` (created with its folders when missing).
    public convenience init(path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try self.init(database: pool)
    }

    /// A copy in memory (tests).
    public static func inMemory() throws -> SQLiteOfflineCopy {
        try SQLiteOfflineCopy(database: DatabaseQueue())
    }

    init(database: any DatabaseWriter) throws {
        self.database = database
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-comics-offline-copy") { db in
            try db.create(table: "comic") { table in
                table.primaryKey("id", .integer)
                table.column("title", .text).notNull()
                table.column("issueNumber", .double)
                table.column("description", .text)
                table.column("fetchedAt", .double).notNull()
            }
            try db.create(table: "comicCharacters") { table in
                table.primaryKey("comicID", .integer)
                table.column("title", .text).notNull()
                table.column("characters", .blob).notNull()  // JSON of [ComicCharacter]
                table.column("fetchedAt", .double).notNull()
            }
        }
        try migrator.migrate(database)
    }

    /// `$XDG_CACHE_HOME/comics/offline-copy.sqlite`, else `~/.cache/comics/offline-copy.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = cache
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
        }
        return base + "/comics/offline-copy.sqlite"
    }

    public func keep(comics: [Comic], fetchedAt: Date) throws {
        let time = fetchedAt.timeIntervalSince1970
        try database.write { db in
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO comic (id, title, issueNumber, description, fetchedAt) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET title = excluded.title, issueNumber = excluded.issueNumber,
                      description = excluded.description, fetchedAt = excluded.fetchedAt
                    """)
            for comic in comics {
                try statement.execute(arguments: [comic.id, comic.title, comic.issueNumber, comic.description, time])
            }
        }
    }

    public func comics(titleContaining text: String?) throws -> KeptComics? {
        let rows = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, title, issueNumber, description, fetchedAt FROM comic")
        }
        guard !rows.isEmpty else { return nil }
        var latest = 0.0
        let comics = rows.map { row -> Comic in
            latest = max(latest, row["fetchedAt"] as Double)
            return Comic(id: row["id"], title: row["title"], issueNumber: row["issueNumber"], description: row["description"])
        }
        let matching = TitleSearch.filter(comics, containing: text)
        return matching.isEmpty ? nil : KeptComics(comics: matching, fetchedAt: Date(timeIntervalSince1970: latest))
    }

    public func keep(characters: [ComicCharacter], of comic: Comic, fetchedAt: Date) throws {
        let json = try JSONEncoder().encode(characters)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO comicCharacters (comicID, title, characters, fetchedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(comicID) DO UPDATE SET title = excluded.title, characters = excluded.characters,
                      fetchedAt = excluded.fetchedAt
                    """,
                arguments: [comic.id, comic.title, json, fetchedAt.timeIntervalSince1970])
        }
    }

    public func characters(ofComic id: Comic.ID) throws -> KeptCharacters? {
        guard let row = try database.read({ db in
            try Row.fetchOne(db, sql: "SELECT title, characters, fetchedAt FROM comicCharacters WHERE comicID = ?", arguments: [id])
        }) else { return nil }
        let characters = try JSONDecoder().decode([ComicCharacter].self, from: row["characters"] as Data)
        return KeptCharacters(
            comic: Comic(id: id, title: row["title"]), characters: characters,
            fetchedAt: Date(timeIntervalSince1970: row["fetchedAt"]))
    }
}
