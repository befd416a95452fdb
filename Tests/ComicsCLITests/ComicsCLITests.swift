import ComicsCLI
import ComicsCore
import Testing

@Suite("comics list / comics characters")
struct ComicsCLITests {
    static let comics = [
        Comic(id: 3, title: "Thor (1966) #126"), Comic(id: 1, title: "2099 Unlimited (1993) #1"),
        Comic(id: 2, title: "Avengers (1963) #1"), Comic(id: 4, title: "avengers (1963) #2"),
    ]
    static let cast = [ComicCharacter(id: 20, name: "Thor"), ComicCharacter(id: 10, name: "Hercules"), ComicCharacter(id: 30, name: "Odin")]

    @Test("COMICS-1 no connection: the message on stderr, nothing on stdout, exit status 1")
    func listNoConnection() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .failure(.noConnection(detail: "refused"))), json: false)

        #expect(status == 1)
        #expect(console.errors == "There is no internet connection. Check your connection and try again.\n")
        #expect(console.output.isEmpty)
    }

    @Test("COMICS-2 invalid content: the couldn't-be-read message on stderr, exit status 1")
    func listInvalid() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .failure(.invalidContent(detail: "HTTP 500"))), json: true)

        #expect(status == 1)
        #expect(console.errors == "The content couldn't be read. Please try again later.\n")
        #expect(console.output.isEmpty)
    }

    @Test("COMICS-3 --json: groups by first letter, sorted, '#' last, in the documented shape (keys sorted, as everywhere)")
    func listJSON() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).list(source: StubSource(comics: .success(Self.comics)), json: true)

        #expect(status == 0)
        #expect(console.output == """
            {"groups":[{"comics":[{"id":2,"title":"Avengers (1963) #1"},{"id":4,"title":"avengers (1963) #2"}],"letter":"A"},\
            {"comics":[{"id":3,"title":"Thor (1966) #126"}],"letter":"T"},\
            {"comics":[{"id":1,"title":"2099 Unlimited (1993) #1"}],"letter":"#"}]}

            """)
        #expect(console.errors.isEmpty)
    }

    @Test("COMICS-3 on a terminal: letter headers, ids and titles, then the attribution")
    func listTable() async {
        let console = ConsoleSpy()

        _ = await ComicsCLI(context: console.context).list(source: StubSource(comics: .success(Self.comics)), json: false)

        #expect(console.output == """
            A
              2  Avengers (1963) #1
              4  avengers (1963) #2

            T
              3  Thor (1966) #126

            #
              1  2099 Unlimited (1993) #1

            Data provided by Marvel. © 2025 MARVEL

            """)
    }

    @Test("CHARACTERS-1 no connection: the message on stderr, exit status 1")
    func charactersNoConnection() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).characters(
            ofComic: 3, source: StubSource(comic: .success(Self.comics[0]), characters: .failure(.noConnection(detail: "dns"))),
            json: false)

        #expect(status == 1)
        #expect(console.errors == "There is no internet connection. Check your connection and try again.\n")
    }

    @Test("CHARACTERS-2 invalid content: the can't-be-shown message on stderr, exit status 1")
    func charactersInvalid() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).characters(
            ofComic: 3, source: StubSource(comic: .success(Self.comics[0]), characters: .failure(.invalidContent(detail: "401"))),
            json: true)

        #expect(status == 1)
        #expect(console.errors == "The list of characters can't be shown. Please try again later.\n")
        #expect(console.output.isEmpty)
    }

    @Test("CHARACTERS-3 TITLE-1 --json: the comic's name as title and the names sorted")
    func charactersJSON() async {
        let console = ConsoleSpy()

        let status = await ComicsCLI(context: console.context).characters(
            ofComic: 3, source: StubSource(comic: .success(Self.comics[0]), characters: .success(Self.cast)), json: true)

        #expect(status == 0)
        #expect(console.output == ##"{"characters":[{"id":10,"name":"Hercules"},{"id":30,"name":"Odin"},{"id":20,"name":"Thor"}],"title":"Thor (1966) #126"}"## + "\n")
    }

    @Test("CHARACTERS-3 TITLE-1 on a terminal: the comic's name as heading, then the sorted names")
    func charactersText() async {
        let console = ConsoleSpy()

        _ = await ComicsCLI(context: console.context).characters(
            ofComic: 3, source: StubSource(comic: .success(Self.comics[0]), characters: .success(Self.cast)), json: false)

        #expect(console.output == """
            Thor (1966) #126
            ================
              Hercules
              Odin
              Thor

            Data provided by Marvel. © 2025 MARVEL

            """)
    }

    @Test("--json escapes quotes, backslashes and control characters and keeps other text as is")
    func jsonEscaping() async {
        let console = ConsoleSpy()
        let comics = [Comic(id: 1, title: "Say \"Araña\" \\ now\n")]

        _ = await ComicsCLI(context: console.context).list(source: StubSource(comics: .success(comics)), json: true)

        #expect(console.output == #"{"groups":[{"comics":[{"id":1,"title":"Say \"Araña\" \\ now\n"}],"letter":"S"}]}"# + "\n")
    }

    @Test("LOADING-1 LOADING-2 a spinner turns on stderr while loading on a terminal, then its line is cleared")
    func spinnerOnTerminal() async {
        let console = ConsoleSpy(errorIsTerminal: true)

        _ = await ComicsCLI(context: console.context).list(
            source: StubSource(comics: .success(Self.comics), delay: .milliseconds(350)), json: true)

        #expect(console.errors.contains("Loading comics…"))
        #expect(console.errors.components(separatedBy: "\r").count > 2)
        #expect(console.errors.hasSuffix("\r\u{1B}[2K"))
        #expect(!console.output.contains("Loading"))
    }

    @Test("LOADING-3 LOADING-4 a spinner while characters load on a terminal; none when stderr is not a terminal")
    func spinnerOnlyOnTerminal() async {
        let terminal = ConsoleSpy(errorIsTerminal: true)
        let pipe = ConsoleSpy(errorIsTerminal: false)
        let source = StubSource(comic: .success(Self.comics[0]), characters: .success(Self.cast), delay: .milliseconds(250))

        _ = await ComicsCLI(context: terminal.context).characters(ofComic: 3, source: source, json: false)
        _ = await ComicsCLI(context: pipe.context).characters(ofComic: 3, source: source, json: false)

        #expect(terminal.errors.contains("Loading characters…"))
        #expect(terminal.errors.hasSuffix("\r\u{1B}[2K"))
        #expect(pipe.errors.isEmpty)
    }
}
