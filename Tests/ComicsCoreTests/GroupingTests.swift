import ComicsCore
import Testing

@Suite("Grouping and sorting comics (COMICS-3 rules)")
struct GroupingTests {
    @Test("COMICS-3 groups by first letter, groups and titles ascending")
    func groupsAndSortsByFirstLetter() {
        let groups = ComicGroup.grouping(comics("Crook", "Avengers", "Comic", "Black Panther", "Amazing Fantasy"))

        #expect(groups.map(\.letter) == ["A", "B", "C"])
        #expect(groups.map { $0.comics.map(\.title) } == [
            ["Amazing Fantasy", "Avengers"], ["Black Panther"], ["Comic", "Crook"],
        ])
        #expect(groups[0].comics.map(\.id) == [5, 2])
    }

    @Test("COMICS-3 compares case-insensitively: 'cool comic' sorts between 'Comic' and 'Crook'")
    func caseInsensitive() {
        let groups = ComicGroup.grouping(comics("Crook", "cool comic", "Comic"))

        #expect(groups.map(\.letter) == ["C"])
        #expect(groups.first?.comics.map(\.title) == ["Comic", "cool comic", "Crook"])
    }

    @Test("COMICS-3 ignores diacritics in order and in the group header")
    func diacriticInsensitive() {
        let groups = ComicGroup.grouping(comics("Echo", "Élan", "Eternals", "Ázul", "Avengers"))

        #expect(groups.map(\.letter) == ["A", "E"])
        #expect(groups[0].comics.map(\.title) == ["Avengers", "Ázul"])
        #expect(groups[1].comics.map(\.title) == ["Echo", "Élan", "Eternals"])
    }

    @Test("COMICS-3 puts titles starting with a digit or a symbol under '#', shown last")
    func digitsAndSymbolsLast() {
        let groups = ComicGroup.grouping(comics("2099 Unlimited", "Zombies", "'Nam", "5 Ronin", "Avengers"))

        #expect(groups.map(\.letter) == ["A", "Z", "#"])
        // Numbers compare by value, so "5 Ronin" comes before "2099 Unlimited".
        #expect(groups.last?.comics.map(\.title) == ["'Nam", "5 Ronin", "2099 Unlimited"])
    }

    @Test("COMICS-3 ignores leading whitespace")
    func leadingWhitespaceIgnored() {
        let groups = ComicGroup.grouping(comics("  beta", "Alpha", "\tgamma"))

        #expect(groups.map(\.letter) == ["A", "B", "G"])
        #expect(groups.map { $0.comics.map(\.title) } == [["Alpha"], ["  beta"], ["\tgamma"]])
    }

    @Test("COMICS-3 headers are upper-case letters")
    func upperCaseHeaders() {
        let groups = ComicGroup.grouping(comics("x-men", "éclair"))

        #expect(groups.map(\.letter) == ["E", "X"])
    }

    @Test("COMICS-3 issue numbers compare by value: #2 before #10")
    func issueNumbersByValue() {
        let titles = ComicGroup.sortedByTitle(comics("Thor (1966) #10", "Thor (1966) #2", "Thor (1966) #1"))
            .map(\.title)

        #expect(titles == ["Thor (1966) #1", "Thor (1966) #2", "Thor (1966) #10"])
    }

    @Test("COMICS-3 no comics, no groups")
    func emptyList() {
        #expect(ComicGroup.grouping([]).isEmpty)
    }

    @Test("CHARACTERS-3 names sort with the same rules")
    func characterNames() {
        let names = ComicCharacter.sortedByName(
            ["Wolverine", "3-D Man", "anya Corazón", "Araña", "Arana", " Beast"].enumerated().map {
                ComicCharacter(id: $0.offset, name: $0.element)
            }
        ).map(\.name)

        #expect(names == ["3-D Man", "anya Corazón", "Arana", "Araña", " Beast", "Wolverine"])
    }

    // MARK: - Helpers

    private func comics(_ titles: String...) -> [Comic] {
        titles.enumerated().map { Comic(id: $0.offset + 1, title: $0.element) }
    }
}
