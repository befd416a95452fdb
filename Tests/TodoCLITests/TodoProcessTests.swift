import Foundation
import GRDB
import Testing
import TodoCore
import TodoSQLite
import TodoTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built `todo` executable in separate processes, on a real database file.
@Suite("todo executable (separate processes)", .serialized)
struct TodoProcessTests {
    private func listJSON(_ env: [String: String], _ extra: [String] = []) async throws -> (todo: [String], done: [String]) {
        let result = try await TodoProcess.run(["list", "--json"] + extra, environment: env)
        #expect(result.status == 0, "\(result.err)")
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: [[String: Any]]]
        func titles(_ key: String) -> [String] { object?[key]?.compactMap { $0["title"] as? String } ?? [] }
        return (titles("todo"), titles("done"))
    }

    @Test("SAVE-1 SAVE-2 SAVE-3 add, check, uncheck and rm persist between processes, with TODO_DB or --db")
    func test_SAVE_persistsBetweenProcesses() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let env = ["TODO_DB": folder.file("t.sqlite")]
        #expect(try await TodoProcess.run(["add", "Buy milk"], environment: env).status == 0)
        #expect(try await listJSON(env) == (["Buy milk"], []))
        #expect(try await listJSON([:], ["--db", folder.file("t.sqlite")]) == (["Buy milk"], []))
        #expect(try await TodoProcess.run(["check", "1"], environment: env).status == 0)
        #expect(try await listJSON(env) == ([], ["Buy milk"]))
        #expect(try await TodoProcess.run(["uncheck", "1", "--db", folder.file("t.sqlite")]).status == 0)
        #expect(try await listJSON(env) == (["Buy milk"], []))
        #expect(try await TodoProcess.run(["rm", "1"], environment: env).status == 0)
        #expect(try await listJSON(env) == ([], []))
    }

    @Test("SAVE-6 after add, check, import and a server's clean stop, the list is in todo.sqlite alone: no -wal file is left")
    func test_SAVE_6_closedOnExit() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = folder.file("t.sqlite"), log = database + "-wal"
        func leavesNoLog(_ arguments: [String]) async throws {
            let result = try await TodoProcess.run(arguments + ["--db", database])
            #expect(result.status == 0, "\(arguments): \(result.err)")
            #expect(!FileManager.default.fileExists(atPath: log), "\(arguments) left \(log)")
        }
        try await leavesNoLog(["add", "Buy milk"])
        try await leavesNoLog(["check", "1"])
        try Data("Buy bread +Home\n".utf8).write(to: URL(fileURLWithPath: folder.file("in.txt")))
        try await leavesNoLog(["import", folder.file("in.txt")])

        let server = try await BuiltTodo.serve(["--port", "0", "--db", database])
        let port = try #require(server.port, "no address printed: \(server.printed)")
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/api/todos")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"title":"Walk the dog"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 201)
        #expect(FileManager.default.fileExists(atPath: log), "a server keeps its log while it runs")
        await server.stop()
        #expect(server.process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: log), "the server's stop left \(log)")

        // The file alone, copied elsewhere, holds every change.
        let copy = folder.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: database, toPath: copy)
        let titles = try await DatabaseQueue(path: copy).read { db in try String.fetchAll(db, sql: "SELECT title FROM todoItem ORDER BY title") }
        #expect(titles == ["Buy bread", "Buy milk", "Walk the dog"])
    }

    @Test("MODE-2 todo serve refuses a --host other machines could reach, in the person's language, before opening anything")
    func test_MODE_2_nonLoopbackHostRefused() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases = [
            ("0.0.0.0", "C", "Without accounts, todo serve answers this machine only: on “0.0.0.0” anyone who can reach it could read and change your list."),
            ("::", "ja_JP.UTF-8", "アカウントがない場合、todo serve はこのマシンからの接続だけを受け付けます。「::」では"),
            ("192.0.2.7", "zh_CN.UTF-8", "没有账户时，todo serve 只接受本机的连接：在“192.0.2.7”上"),
            ("example.com", "C", "on “example.com” anyone"),
        ]
        for (number, (host, language, sentence)) in cases.enumerated() {
            let database = folder.file("t\(number).sqlite")
            let result = try await TodoProcess.run(
                ["serve", "--host", host, "--port", "0", "--db", database],
                environment: ["LC_ALL": "", "LC_MESSAGES": "", "LANG": language], stopAfter: 20)
            #expect(result.status != 0, "\(host)")
            #expect(result.err.contains(sentence), "\(host): \(result.err)")
            #expect(result.out.isEmpty, "nothing listens: no address printed")
            #expect(!FileManager.default.fileExists(atPath: database), "nothing opened")
        }
    }

    @Test("the default database lives under XDG_DATA_HOME")
    func test_defaultPath() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let env = ["XDG_DATA_HOME": folder.path, "HOME": folder.file("home")]
        #expect(try await TodoProcess.run(["add", "x"], environment: env).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("todo/todo.sqlite")))
    }

    @Test("ADD-3 a blank title exits non-zero with a sentence and leaves the database unchanged")
    func test_ADD_3_blankTitle() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let env = ["TODO_DB": folder.file("t.sqlite")]
        _ = try await TodoProcess.run(["add", "keep"], environment: env)
        let before = try await TodoProcess.run(["list", "--json"], environment: env).out
        let result = try await TodoProcess.run(["add", "   "], environment: env)
        #expect(result.status != 0)
        #expect(result.err == "todo: The title can't be empty.\n")
        #expect(try await TodoProcess.run(["list", "--json"], environment: env).out == before, "every field as it was")
    }

    @Test("a corrupt, newer-schema or unreachable database gets one sentence, no stack trace")
    func test_badDatabaseFiles() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let corrupt = folder.file("corrupt.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: corrupt))
        var result = try await TodoProcess.run(["list", "--db", corrupt])
        #expect(result.status == 1)
        #expect(result.err == "todo: The file at \(corrupt) is not a Todo database or is damaged; nothing was changed.\n")

        let newer = folder.file("newer.sqlite")
        let database = try AppDatabase.open(path: newer)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v2 from the future')")
        }
        result = try await TodoProcess.run(["add", "x", "--db", newer])
        #expect(result.status == 1)
        #expect(result.err.contains("was written by a newer version of Todo"))

        try Data().write(to: URL(fileURLWithPath: folder.file("afile")))
        result = try await TodoProcess.run(["list", "--db", folder.file("afile/todo.sqlite")])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("todo: Can't open the database"))
    }

    @Test("the process exits 0 on --help and 64 on an unknown option")
    func test_exitCodes() async throws {
        #expect(try await TodoProcess.run(["--help"]).status == 0)
        let result = try await TodoProcess.run(["list", "--bogus"])
        #expect(result.status == 64)
        #expect(result.err.contains("Unknown option '--bogus'"))
    }
}
