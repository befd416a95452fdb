import GRDB
import TodoCore

/// A list's filter (`TodoFilter`) as SQL on `todoItem i`, for every read of the SQLite store.
enum SQLiteFilter {
    /// Whether a filter's rows are read through the search index (by rowid, then sorted).
    static func readsSearchIndex(_ filter: TodoFilter) -> Bool {
        filter.words.words.contains(where: SearchWords.isIndexable)
    }

    /// The conditions of `filter` on `todoItem i`, the owner's first: never empty.
    static func whereClause(_ filter: TodoFilter, owner mine: String) -> (String, StatementArguments) {
        // A search reads its matches by rowid: `+` keeps SQLite off the indexes that lead with
        // the owner, which would read every row of the owner's to find a few.
        var conditions = [readsSearchIndex(filter) ? "+i.owner = ?" : "i.owner = ?"]
        var arguments: StatementArguments = [mine]
        if let project = filter.project {
            conditions.append("i.projectId = (SELECT id FROM project WHERE owner = ? AND name = ?)")
            _ = arguments.append(contentsOf: [mine, project])
        }
        if let dueDate = filter.dueDate {
            conditions.append("i.dueDate = ?")
            _ = arguments.append(contentsOf: [dueDate.iso])
        }
        if filter.unfinishedOnly { conditions.append("i.isDone = 0") }
        if let due = filter.due {
            switch due {
            case .todayWithOverdue(let today):
                conditions.append("i.dueDate <= ? AND (i.dueDate = ? OR i.isDone = 0)")
                _ = arguments.append(contentsOf: [today.iso, today.iso])
            case .overdue(let before, nil):
                conditions.append("i.dueDate < ? AND i.isDone = 0")
                _ = arguments.append(contentsOf: [before.iso])
            case .overdue(let before, let time?):
                // TIME-7: today's to-dos whose time has passed too.
                conditions.append("i.dueDate <= ? AND i.isDone = 0 AND (i.dueDate < ? OR i.dueTime < ?)")
                _ = arguments.append(contentsOf: [before.iso, before.iso, time.minutes])
            case .between(let from, let through):
                conditions.append("i.dueDate BETWEEN ? AND ?")
                _ = arguments.append(contentsOf: [from.iso, through.iso])
            }
        }
        if let levels = filter.priorities {
            conditions.append(Priority.storedCondition(levels, column: "i.priority"))
        }
        for tag in filter.tags {
            // TAG-3: the tag, between line breaks, in the column with one added at each end.
            conditions.append("instr(char(10) || i.tags || char(10), ?) > 0")
            _ = arguments.append(contentsOf: [Tags.storedNeedle(tag)])
        }
        if let (sql, words) = SearchIndex.condition(filter.words) {
            conditions.append(sql)
            _ = arguments.append(contentsOf: StatementArguments(words))
        }
        return (" WHERE " + conditions.joined(separator: " AND "), arguments)
    }
}

