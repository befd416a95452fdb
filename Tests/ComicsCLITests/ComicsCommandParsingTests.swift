import ArgumentParser
import ComicsAPI
@testable import ComicsCLI
@testable import comics
import Testing

@Suite("Parsing the comics commands")
struct ComicsCommandParsingTests {
    @Test("serve defaults to 127.0.0.1:8081 and the bundled catalog")
    func serveDefaults() throws {
        let serve = try #require(try ComicsCommand.parseAsRoot(["serve"]) as? ServeCommand)

        #expect(serve.host == "127.0.0.1")
        #expect(serve.port == 8081)
        #expect(serve.source.baseURL == nil)
    }

    @Test("serve takes host, port, api base URL and keys")
    func serveOptions() throws {
        let serve = try #require(try ComicsCommand.parseAsRoot([
            "serve", "--host", "0.0.0.0", "--port", "0", "--api-base-url", "https://gateway.marvel.com",
            "--public-key", "pub", "--private-key", "priv",
        ]) as? ServeCommand)

        #expect(serve.host == "0.0.0.0")
        #expect(serve.port == 0)
        #expect(serve.source.baseURL?.absoluteString == "https://gateway.marvel.com")
        #expect(try serve.source.credentials(environment: [:]) == MarvelCredentials(publicKey: "pub", privateKey: "priv"))
    }

    @Test("keys come from MARVEL_PUBLIC_KEY / MARVEL_PRIVATE_KEY when not given as options")
    func keysFromEnvironment() throws {
        let list = try #require(try ComicsCommand.parseAsRoot(["list"]) as? ComicsCommand.List)

        let credentials = try list.source.credentials(environment: ["MARVEL_PUBLIC_KEY": "p", "MARVEL_PRIVATE_KEY": "q"])

        #expect(credentials == MarvelCredentials(publicKey: "p", privateKey: "q"))
        #expect(try list.source.credentials(environment: [:]) == nil)
    }

    @Test("one key without the other is refused with a clear sentence")
    func halfTheKeys() throws {
        let list = try #require(try ComicsCommand.parseAsRoot(["list", "--public-key", "p"]) as? ComicsCommand.List)

        #expect(throws: ValidationError.self) { try list.source.credentials(environment: [:]) }
    }

    @Test("list --json and characters ID --json parse")
    func listAndCharacters() throws {
        let list = try #require(try ComicsCommand.parseAsRoot(["list", "--json"]) as? ComicsCommand.List)
        let characters = try #require(
            try ComicsCommand.parseAsRoot(["characters", "42", "--json", "--api-base-url", "http://127.0.0.1:1"])
                as? ComicsCommand.Characters)

        #expect(list.json)
        #expect(characters.id == 42)
        #expect(characters.json)
        #expect(characters.source.baseURL?.port == 1)
    }

    @Test("a URL that is not http(s), a port out of range and a missing id are refused", arguments: [
        ["list", "--api-base-url", "ftp://example.com"], ["list", "--api-base-url", "not a url"],
        ["serve", "--port", "70000"], ["characters"], ["characters", "abc"],
    ])
    func refused(arguments: [String]) {
        #expect(throws: (any Error).self) { try ComicsCommand.parseAsRoot(arguments) }
    }
}
