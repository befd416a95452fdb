import ComicsCore
import ComicsPresentation
import Testing

@Suite("Comics list ViewModel")
@MainActor
struct ComicsListViewModelTests {
    @Test("COMICS-1 no internet connection: a message says there is no internet connection")
    func noConnection() async {
        let (sut, _, failures) = makeSUT(comics: .failure(.noConnection(detail: "refused")))

        await sut.load()

        #expect(sut.state == .failed(message: "There is no internet connection. Check your connection and try again."))
        #expect(sut.errorMessage == ComicsMessages.noConnection)
        #expect(failures.failures == [.noConnection(detail: "refused")])
    }

    @Test("COMICS-2 invalid response: a message says the content couldn't be read")
    func invalidContent() async {
        let (sut, _, failures) = makeSUT(comics: .failure(.invalidContent(detail: "HTTP 500")))

        await sut.load()

        #expect(sut.state == .failed(message: "The content couldn't be read. Please try again later."))
        #expect(sut.groups.isEmpty)
        #expect(failures.failures == [.invalidContent(detail: "HTTP 500")])
    }

    @Test("COMICS-3 valid response: titles grouped by first letter, groups and titles ascending")
    func validResponse() async {
        let comics = [
            Comic(id: 1, title: "Crook"), Comic(id: 2, title: "2099 Unlimited (1993) #1"),
            Comic(id: 3, title: "cool comic"), Comic(id: 4, title: "Avengers (1963) #1"), Comic(id: 5, title: "Comic"),
        ]
        let (sut, source, failures) = makeSUT(comics: .success(comics))

        await sut.load()

        #expect(sut.state == .loaded([
            ComicGroup(letter: "A", comics: [comics[3]]),
            ComicGroup(letter: "C", comics: [comics[4], comics[2], comics[0]]),
            ComicGroup(letter: "#", comics: [comics[1]]),
        ]))
        #expect(sut.errorMessage == nil)
        #expect(await source.calls == [.comics])
        #expect(failures.failures.isEmpty)
    }

    @Test("HARDEN-5: a source over the limits: a sentence says the server sent more than the app takes in, not 'no connection'")
    func overTheLimits() async {
        let (sut, _, failures) = makeSUT(comics: .failure(.tooLarge(detail: "over the limits (8388609 bytes)")))

        await sut.load()

        #expect(sut.state == .failed(
            message: "The comics server sent more than this app can take in, so the comics can't be shown. Please try again later."))
        #expect(failures.failures == [.tooLarge(detail: "over the limits (8388609 bytes)")])
    }

    @Test("LOADING-1 while the comics are loading, the activity indicator shows")
    func indicatorShowsWhileLoading() async {
        let (sut, source, _) = makeSUT(comics: .success([Comic(id: 1, title: "Thor")]), holdingAnswers: true)
        #expect(sut.state != .loading)

        let loading = Task { await sut.load() }
        await source.waitForCalls(1)

        #expect(sut.state == .loading)
        #expect(sut.state == .loading)
        source.releaseAnswers()
        await loading.value
    }

    @Test("LOADING-2 when the comics finished loading with success, the indicator hides")
    func indicatorHidesAfterSuccess() async {
        let (sut, source, _) = makeSUT(comics: .success([Comic(id: 1, title: "Thor")]), holdingAnswers: true)
        let loading = Task { await sut.load() }
        await source.waitForCalls(1)
        #expect(sut.state == .loading)

        source.releaseAnswers()
        await loading.value

        #expect(sut.state != .loading)
        #expect(sut.groups.map(\.letter) == ["T"])
    }

    @Test("LOADING-2 when the comics finished loading with an error, the indicator hides", arguments: [
        ComicsSourceError.noConnection(detail: "timeout"), .invalidContent(detail: "HTTP 401"),
    ])
    func indicatorHidesAfterError(error: ComicsSourceError) async {
        let (sut, source, _) = makeSUT(comics: .failure(error), holdingAnswers: true)
        let loading = Task { await sut.load() }
        await source.waitForCalls(1)
        #expect(sut.state == .loading)

        source.releaseAnswers()
        await loading.value

        #expect(sut.state != .loading)
        #expect(sut.errorMessage != nil)
    }

    @Test("the attribution text is available wherever data shows")
    func attribution() {
        #expect(makeSUT(comics: .success([])).sut.attribution == "Data provided by Marvel. © 2025 MARVEL")
    }

    // MARK: - Helpers

    private func makeSUT(
        comics: Result<[Comic], ComicsSourceError>, holdingAnswers: Bool = false
    ) -> (sut: ComicsListViewModel, source: ComicsSourceStub, failures: FailureSpy) {
        let source = ComicsSourceStub(comics: comics, holdingAnswers: holdingAnswers)
        let failures = FailureSpy()
        let sut = ComicsListViewModel(source: source, reportFailure: failures.record)
        return (sut, source, failures)
    }
}
