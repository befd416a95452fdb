import ComicsAPI
import ComicsCatalog
import ComicsCatalogServer
import ComicsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The catalog routes on a real HTTP server, read by the real client: the path `comics serve` takes.
@Suite("Catalog routes over HTTP")
struct CatalogRoundTripTests {
    @Test("routes answer the contract through the router")
    func routes() async throws {
        let app = Application(router: makeRouter(credentials: nil))

        try await app.test(.router) { client in
            try await client.execute(uri: "/v1/public/comics?limit=2&orderBy=title", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let envelope = try JSONDecoder().decode(
                    MarvelWire.Envelope<MarvelWire.Comic>.self, from: Data(buffer: response.body))
                #expect(envelope.data.count == 2)
                #expect(envelope.data.results.map(\.title) == ["5 Ronin (2011) #1", "100th Anniversary Special: Spider-Man (2014) #1"])
            }
            try await client.execute(uri: "/v1/public/comics/1/characters", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/v1/public/comics?limit=500", method: .get) { response in
                #expect(response.status == .conflict)
                #expect(String(buffer: response.body) == #"{"code":409,"status":"You may not request more than 100 items."}"#)
            }
        }
    }

    @Test("COMICS-3 CHARACTERS-3 the real client reads the whole signed catalog in pages over loopback")
    func clientReadsCatalog() async throws {
        let credentials = MarvelCredentials(publicKey: "public", privateKey: "private")
        let catalog = try Catalog.bundled()
        let app = Application(router: makeRouter(credentials: credentials))

        try await app.test(.live) { client in
            let port = try #require(client.port)
            let sut = MarvelClient(
                configuration: .init(baseURL: URL(string: "http://localhost:\(port)")!, credentials: credentials))

            let comics = try await sut.loadComics()
            #expect(comics.count == catalog.comics.count)
            #expect(Set(comics.map(\.id)) == Set(catalog.comics.map(\.id)))

            let amazingFantasy = try #require(comics.first { $0.title == "Amazing Fantasy (1962) #15" })
            let names = try await sut.loadCharacters(ofComic: amazingFantasy.id).map(\.name)
            #expect(names == ["Aunt May", "Ben Parker", "Flash Thompson", "Spider-Man"])
            #expect(try await sut.loadComic(id: amazingFantasy.id).title == "Amazing Fantasy (1962) #15")

            let unsigned = MarvelClient(configuration: .init(baseURL: URL(string: "http://localhost:\(port)")!))
            await #expect(throws: ComicsSourceError.invalidContent(
                detail: "HTTP 409 code=MissingParameter message=You must provide a user key.")) {
                try await unsigned.loadComics()
            }
        }
    }

    private func makeRouter(credentials: MarvelCredentials?) -> Router<BasicRequestContext> {
        let router = Router()
        MarvelCatalogRoutes(catalog: (try? Catalog.bundled()) ?? Catalog(comics: [], characters: []), credentials: credentials)
            .register(on: router)
        return router
    }
}
