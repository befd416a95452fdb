import ComicsCore
import ComicsPresentation
import Testing

@Suite("Characters ViewModel")
@MainActor
struct CharactersViewModelTests {
    nonisolated static let comic = Comic(id: 42, title: "Avengers (1963) #1")
    nonisolated static let characters = [
        ComicCharacter(id: 1, name: "Wasp"), ComicCharacter(id: 2, name: "Iron Man"),
        ComicCharacter(id: 3, name: "hulk"), ComicCharacter(id: 4, name: "Ant-Man"), ComicCharacter(id: 5, name: "Thor"),
        ComicCharacter(id: 6, name: "Élektra"),
    ]

    @Test("CHARACTERS-1 no internet connection: a message says there is no internet connection")
    func noConnection() async {
        let (sut, _, failures) = makeSUT(characters: .failure(.noConnection(detail: "unreachable")))

        await sut.load()

        #expect(sut.state == .failed(message: "There is no internet connection. Check your connection and try again."))
        #expect(failures.failures == [.noConnection(detail: "unreachable")])
    }

    @Test("CHARACTERS-2 invalid response: a message says the list of characters can't be shown")
    func invalidContent() async {
        let (sut, _, failures) = makeSUT(characters: .failure(.invalidContent(detail: "undecodable JSON")))

        await sut.load()

        #expect(sut.state == .failed(message: "The list of characters can't be shown. Please try again later."))
        #expect(sut.characterNames.isEmpty)
        #expect(failures.failures == [.invalidContent(detail: "undecodable JSON")])
    }

    @Test("HARDEN-5: characters over the limits: a sentence says the server sent more than the app takes in")
    func overTheLimits() async {
        let (sut, _, _) = makeSUT(characters: .failure(.tooLarge(detail: "over the limits (101 pages)")))

        await sut.load()

        #expect(sut.state == .failed(message:
            "The comics server sent more than this app can take in, so the list of characters can't be shown. Please try again later."))
    }

    @Test("CHARACTERS-3 valid response: the characters' names sorted ascending, same comparison rules")
    func validResponse() async {
        let (sut, source, _) = makeSUT(characters: .success(Self.characters))

        await sut.load()

        #expect(sut.characterNames == ["Ant-Man", "Élektra", "hulk", "Iron Man", "Thor", "Wasp"])
        #expect(await source.calls == [.characters(42)])
    }

    @Test("TITLE-1 the characters view is titled with the comic's name (comic selected in the list)")
    func titleFromSelection() async {
        let (sut, _, _) = makeSUT(characters: .success(Self.characters))

        await sut.load()

        #expect(sut.title == "Avengers (1963) #1")
    }

    @Test("TITLE-1 the characters view is titled with the comic's name (comic reached by id)")
    func titleLoadedByID() async {
        let source = ComicsSourceStub(comic: .success(Self.comic), characters: .success(Self.characters))
        let sut = CharactersViewModel(comicID: 42, source: source)
        #expect(sut.title == nil)

        await sut.load()

        #expect(sut.title == "Avengers (1963) #1")
        #expect(Set(await source.calls) == [.comic(42), .characters(42)])
    }

    @Test("CHARACTERS-2 an unknown comic reached by id: the list of characters can't be shown")
    func unknownComicByID() async {
        let source = ComicsSourceStub(
            comic: .failure(.invalidContent(detail: "HTTP 404")), characters: .failure(.invalidContent(detail: "HTTP 404")))
        let sut = CharactersViewModel(comicID: 7, source: source)

        await sut.load()

        #expect(sut.errorMessage == ComicsMessages.charactersUnavailable)
        #expect(sut.title == nil)
    }

    @Test("LOADING-3 while a comic's characters are loading, the activity indicator shows")
    func indicatorShowsWhileLoading() async {
        let (sut, source, _) = makeSUT(characters: .success(Self.characters), holdingAnswers: true)
        #expect(sut.state != .loading)

        let loading = Task { await sut.load() }
        await source.waitForCalls(1)

        #expect(sut.state == .loading)
        source.releaseAnswers()
        await loading.value
    }

    @Test("LOADING-4 when the characters finished loading, the indicator hides", arguments: [
        Result<[ComicCharacter], ComicsSourceError>.success(characters),
        .failure(.noConnection(detail: "timeout")), .failure(.invalidContent(detail: "HTTP 429")),
    ])
    func indicatorHides(result: Result<[ComicCharacter], ComicsSourceError>) async {
        let (sut, source, _) = makeSUT(characters: result, holdingAnswers: true)
        let loading = Task { await sut.load() }
        await source.waitForCalls(1)
        #expect(sut.state == .loading)

        source.releaseAnswers()
        await loading.value

        #expect(sut.state != .loading)
    }

    // MARK: - Helpers

    private func makeSUT(
        characters: Result<[ComicCharacter], ComicsSourceError>, holdingAnswers: Bool = false
    ) -> (sut: CharactersViewModel, source: ComicsSourceStub, failures: FailureSpy) {
        let source = ComicsSourceStub(characters: characters, holdingAnswers: holdingAnswers)
        let failures = FailureSpy()
        let sut = CharactersViewModel(comicID: Self.comic.id, title: Self.comic.title, source: source, reportFailure: failures.record)
        return (sut, source, failures)
    }
}
