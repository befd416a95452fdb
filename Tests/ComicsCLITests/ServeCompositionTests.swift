import ArgumentParser
import ComicsAPI
import ComicsCLI
import ComicsCatalog
import ComicsWeb
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import comics

/// `comics serve` as the executable composes it: the source it picks and the server it builds.
@Suite("comics serve: the composition root")
struct ServeCompositionTests {
    struct GroupsJSON: Decodable {
        struct Group: Decodable { let letter: String; let comics: [Entry] }
        struct Entry: Decodable { let id: Int; let title: String }
        let groups: [Group]
    }

    @Test("COMICS-3 with no --api-base-url the pages read the bundled catalog over HTTP from this very server")
    func selfHostedCatalog() async throws {
        let serve = try #require(try ComicsCommand.parseAsRoot(["serve", "--port", "0"]) as? ServeCommand)
        let (dependencies, selfHosted) = try ComicsMain.makeDependencies(serve, environment: [:], logger: Logger(label: "test"))
        let selfHostedSource = try #require(selfHosted)
        let app = try buildApplication(dependencies, configuration: ComicsWebConfiguration(host: "127.0.0.1", port: 0)) {
            port in await selfHostedSource.bind(host: "127.0.0.1", port: port)
        }
        let catalog = try Catalog.bundled()

        // An HTTP client that opens a new connection after `Connection: close` (the data routes close theirs, HARDEN-5).
        try await app.test(.ahc(.http)) { client in
            try await client.execute(uri: "/api/comics", method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONDecoder().decode(GroupsJSON.self, from: Data(buffer: response.body))
                #expect(body.groups.flatMap(\.comics).count == catalog.comics.count)
                #expect(body.groups.last?.letter == "#")
            }
            try await client.execute(uri: "/v1/public/comics?limit=1", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains(#""attributionText":"Data provided by Marvel. © 2025 MARVEL""#))
            }
        }
    }

    @Test("with --api-base-url the pages read that server, and no catalog routes are mounted")
    func remoteSource() throws {
        let serve = try #require(
            try ComicsCommand.parseAsRoot(["serve", "--api-base-url", "http://127.0.0.1:1"]) as? ServeCommand)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("comics-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let (dependencies, selfHosted) = try ComicsMain.makeDependencies(serve, 
            environment: ["XDG_CACHE_HOME": cache.path], logger: Logger(label: "test"))

        #expect(selfHosted == nil)
        #expect(dependencies.catalogRoutes == nil)
        #expect(String(describing: type(of: dependencies.source)) == "MarvelClient")
        #expect(dependencies.offlineCopy != nil, "COMICS-COPY-1: a server source keeps its answers")
        #expect(FileManager.default.fileExists(atPath: cache.path + "/comics/offline-copy.sqlite"))
    }

    @Test("COMICS-METRON-1 --source metron with the user and password (or METRON_USERNAME / METRON_PASSWORD) serves Metron")
    func metronSource() throws {
        let serve = try #require(
            try ComicsCommand.parseAsRoot(["serve", "--source", "metron", "--metron-url", "http://127.0.0.1:1/api/"]) as? ServeCommand)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("comics-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        #expect(throws: ValidationError.self) {
            try ComicsMain.makeDependencies(serve, environment: ["XDG_CACHE_HOME": cache.path], logger: Logger(label: "test"))
        }
        let (dependencies, _) = try ComicsMain.makeDependencies(serve, 
            environment: ["XDG_CACHE_HOME": cache.path, "METRON_USERNAME": "u", "METRON_PASSWORD": "p"],
            logger: Logger(label: "test"))
        #expect(String(describing: type(of: dependencies.source)) == "MetronClient")
    }
}
