import ComicsAPI
import ComicsCatalog
import ComicsCatalogServer
import Foundation
import Testing

/// The server side of the contract, without HTTP.
@Suite("Catalog server: the Marvel contract")
struct MarvelCatalogServiceTests {
    @Test("limit defaults to 20; the envelope carries offset, limit, total, count and the attribution")
    func defaultPage() throws {
        let answer = makeSUT(comics: 25).comics(query: [:], origin: "http://h")

        #expect(answer.status == 200)
        let envelope = try decode(MarvelWire.Envelope<MarvelWire.Comic>.self, answer)
        #expect(envelope.code == .number(200))
        #expect(envelope.status == "Ok")
        #expect(envelope.attributionText == "Data provided by Marvel. © 2025 MARVEL")
        #expect(envelope.etag?.isEmpty == false)
        #expect((envelope.data.offset, envelope.data.limit, envelope.data.total, envelope.data.count) == (0, 20, 25, 20))
        #expect(envelope.data.results.first?.resourceURI == "http://h/v1/public/comics/1")
    }

    @Test("offset and limit pick the page; the last page is short")
    func paging() throws {
        let answer = makeSUT(comics: 25).comics(query: ["limit": "10", "offset": "20"], origin: "")

        let data = try decode(MarvelWire.Envelope<MarvelWire.Comic>.self, answer).data
        #expect((data.offset, data.limit, data.total, data.count) == (20, 10, 25, 5))
        #expect(data.results.map(\.id) == [21, 22, 23, 24, 25])
    }

    @Test("limit over 100 is refused with the contract's 409 body")
    func limitOver100() throws {
        let answer = makeSUT().comics(query: ["limit": "101"], origin: "")

        #expect(answer.status == 409)
        #expect(try decode(MarvelWire.ErrorBody.self, answer)
            == MarvelWire.ErrorBody(code: .number(409), status: "You may not request more than 100 items."))
    }

    @Test("limit 0 or not a number, a negative offset, an unknown orderBy are refused with 409", arguments: [
        ["limit": "0"], ["limit": "ten"], ["offset": "-1"], ["orderBy": "price"],
    ])
    func badParameters(query: [String: String]) throws {
        let answer = makeSUT().comics(query: query, origin: "")

        #expect(answer.status == 409)
        #expect(try decode(MarvelWire.ErrorBody.self, answer).code == .number(409))
    }

    @Test("orderBy title and -title sort comics by title with the app's comparison rules")
    func orderByTitle() throws {
        let sut = makeSUT(titles: ["thor", "Avengers", "Ázul", "2099"])

        let ascending = try decode(MarvelWire.Envelope<MarvelWire.Comic>.self, sut.comics(query: ["orderBy": "title"], origin: ""))
        let descending = try decode(MarvelWire.Envelope<MarvelWire.Comic>.self, sut.comics(query: ["orderBy": "-title"], origin: ""))

        #expect(ascending.data.results.map(\.title) == ["2099", "Avengers", "Ázul", "thor"])
        #expect(descending.data.results.map(\.title) == ["thor", "Ázul", "Avengers", "2099"])
    }

    @Test("characters of a comic, ordered by name or -name")
    func charactersOrderByName() throws {
        let sut = makeSUT(titles: ["X"], characters: ["Wolverine", "beast", "Cyclops"])

        let ascending = try decode(
            MarvelWire.Envelope<MarvelWire.Character>.self, sut.characters(ofComic: "1", query: ["orderBy": "name"], origin: ""))
        let descending = try decode(
            MarvelWire.Envelope<MarvelWire.Character>.self, sut.characters(ofComic: "1", query: ["orderBy": "-name"], origin: ""))

        #expect(ascending.data.results.map(\.name) == ["beast", "Cyclops", "Wolverine"])
        #expect(descending.data.results.map(\.name) == ["Wolverine", "Cyclops", "beast"])
        #expect(ascending.data.total == 3)
    }

    @Test("an unknown comic is a 404, for the comic and for its characters", arguments: ["999", "abc"])
    func unknownComic(id: String) throws {
        let sut = makeSUT()

        for answer in [sut.comic(id: id, query: [:], origin: ""), sut.characters(ofComic: id, query: [:], origin: "")] {
            #expect(answer.status == 404)
            #expect(try decode(MarvelWire.ErrorBody.self, answer).code == .number(404))
        }
    }

    @Test("one comic by id, in an envelope")
    func singleComic() throws {
        let answer = makeSUT(titles: ["Avengers", "Thor"]).comic(id: "2", query: [:], origin: "")

        let results = try decode(MarvelWire.Envelope<MarvelWire.Comic>.self, answer).data.results
        #expect(results.map(\.title) == ["Thor"])
    }

    @Test("with keys configured, a request without apikey gets the 409 MissingParameter body")
    func missingKey() throws {
        let answer = makeSUT(credentials: credentials).comics(query: [:], origin: "")

        #expect(answer.status == 409)
        #expect(try decode(MarvelWire.ErrorBody.self, answer)
            == MarvelWire.ErrorBody(code: .word("MissingParameter"), message: "You must provide a user key."))
    }

    @Test("with keys configured, a wrong hash gets the 401 InvalidCredentials body")
    func wrongHash() throws {
        let answer = makeSUT(credentials: credentials)
            .comics(query: ["ts": "1", "apikey": "1234", "hash": "0123456789abcdef0123456789abcdef"], origin: "")

        #expect(answer.status == 401)
        #expect(try decode(MarvelWire.ErrorBody.self, answer) == MarvelWire.ErrorBody(
            code: .word("InvalidCredentials"), message: "That hash, timestamp and key combination is invalid."))
    }

    @Test("with keys configured, the documented signature is accepted")
    func rightHash() {
        let answer = makeSUT(credentials: credentials)
            .comics(query: ["ts": "1", "apikey": "1234", "hash": "ffd275c5130566a2916217b101f26150"], origin: "")

        #expect(answer.status == 200)
    }

    // MARK: - Helpers

    private let credentials = MarvelCredentials(publicKey: "1234", privateKey: "abcd")

    private func makeSUT(comics count: Int = 3, credentials: MarvelCredentials? = nil) -> MarvelCatalogService {
        makeSUT(titles: (1...count).map { "Comic \($0)" }, credentials: credentials)
    }

    private func makeSUT(
        titles: [String], characters: [String] = ["Hulk"], credentials: MarvelCredentials? = nil
    ) -> MarvelCatalogService {
        let cast = characters.enumerated().map { Catalog.Character(id: 100 + $0.offset, name: $0.element, description: "") }
        let comics = titles.enumerated().map {
            Catalog.Comic(
                id: $0.offset + 1, title: $0.element, issueNumber: 1, series: $0.element, description: nil,
                characters: cast.map(\.id))
        }
        return MarvelCatalogService(catalog: Catalog(comics: comics, characters: cast), credentials: credentials)
    }

    private func decode<T: Decodable>(_ type: T.Type, _ answer: MarvelCatalogService.Answer) throws -> T {
        try JSONDecoder().decode(type, from: answer.body)
    }
}
