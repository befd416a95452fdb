import ComicsCatalog
import ComicsCore
import Testing

@Suite("The bundled catalog")
struct BundledCatalogTests {
    let catalog: Catalog

    init() throws {
        catalog = try Catalog.bundled()
    }

    @Test("holds at least 150 comics, each with a unique id and title")
    func size() {
        #expect(catalog.comics.count >= 150)
        #expect(Set(catalog.comics.map(\.id)).count == catalog.comics.count)
        #expect(Set(catalog.comics.map(\.title)).count == catalog.comics.count)
    }

    @Test("every comic has characters, and every character it names exists")
    func charactersResolve() {
        let known = Set(catalog.characters.map(\.id))
        for comic in catalog.comics {
            #expect(!comic.characters.isEmpty, "\(comic.title) has no characters")
            #expect(comic.characters.allSatisfy(known.contains), "\(comic.title) names an unknown character")
            #expect(catalog.characters(ofComic: comic.id)?.count == comic.characters.count)
        }
        #expect(Set(catalog.characters.map(\.id)).count == catalog.characters.count)
        #expect(Set(catalog.characters.map(\.name)).count == catalog.characters.count)
    }

    @Test("titles follow Marvel's 'Series (Year) #Issue' form and carry their issue number")
    func titleForm() {
        for comic in catalog.comics {
            #expect(comic.title == "\(comic.series) #\(Int(comic.issueNumber))", "\(comic.title)")
        }
    }

    @Test("carries Marvel's attribution text")
    func attribution() {
        #expect(catalog.attributionText == "Data provided by Marvel. © 2025 MARVEL")
    }

    @Test("COMICS-3 real data exercises the '#' group, shown last, and diacritics")
    func realDataExercisesGrouping() throws {
        let groups = ComicGroup.grouping(catalog.comics.map { Comic(id: $0.id, title: $0.title) })

        #expect(groups.last?.letter == "#")
        #expect(groups.last?.comics.map(\.title) == [
            "5 Ronin (2011) #1", "100th Anniversary Special: Spider-Man (2014) #1", "1602 Witch Hunter Angela (2015) #1",
            "1872 (2015) #1", "2020 iWolverine (2020) #1", "2020 Rescue (2020) #1", "2099 Unlimited (1993) #1",
        ])
        #expect(groups.count > 10)
        #expect(catalog.comics.contains { $0.title.hasPrefix("Araña") })
    }

    @Test("CHARACTERS-3 the in-process source gives a comic's characters")
    func inProcessSource() async throws {
        let source = CatalogComicsSource(catalog: catalog)
        let amazingFantasy = try #require(catalog.comics.first { $0.title == "Amazing Fantasy (1962) #15" })

        let names = try await source.loadCharacters(ofComic: amazingFantasy.id).map(\.name)
        let comic = try await source.loadComic(id: amazingFantasy.id)

        #expect(Set(names) == ["Spider-Man", "Ben Parker", "Aunt May", "Flash Thompson"])
        #expect(comic.title == "Amazing Fantasy (1962) #15")
        await #expect(throws: ComicsSourceError.invalidContent(detail: "comic 1 is not in the catalog")) {
            try await source.loadCharacters(ofComic: 1)
        }
    }
}
