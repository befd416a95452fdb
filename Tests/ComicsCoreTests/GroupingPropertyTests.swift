import ComicsCore
import Foundation
import PropertyBased
import Testing

/// Properties that hold for any list of titles, checked on random titles mixing letters of both cases,
/// accented letters, digits, symbols and leading whitespace.
@Suite("Grouping properties (COMICS-3)")
struct GroupingPropertyTests {
    static let alphabet: [Character] = Array("aAbBcCeEéÉzZñÑ019#'-( \t")
    static let title = Gen<Character?>.element(of: alphabet).map { $0! }.string(of: 0...12)
    static let titles = title.array(of: 0...40)

    @Test("COMICS-3 every comic lands in exactly one group, nothing lost or duplicated")
    func groupingKeepsEveryComic() async {
        await propertyCheck(input: Self.titles) { titles in
            let comics = titles.enumerated().map { Comic(id: $0.offset, title: $0.element) }
            let grouped = ComicGroup.grouping(comics).flatMap(\.comics)
            #expect(grouped.map(\.id).sorted() == comics.map(\.id))
        }
    }

    @Test("COMICS-3 each comic's group is its folded first letter, or '#' for a digit or symbol")
    func groupLetterMatchesTitle() async {
        await propertyCheck(input: Self.titles) { titles in
            let comics = titles.enumerated().map { Comic(id: $0.offset, title: $0.element) }
            for group in ComicGroup.grouping(comics) {
                for comic in group.comics {
                    let first = comic.title.drop(while: \.isWhitespace).first
                    let expected: String = switch first {
                    case .some(let letter) where letter.isLetter:
                        String(letter).folding(options: [.diacriticInsensitive], locale: nil).uppercased()
                    default: "#"
                    }
                    #expect(group.letter == expected, "\(comic.title.debugDescription)")
                }
            }
        }
    }

    @Test("COMICS-3 groups are unique, upper-case, ascending, with '#' last")
    func groupsAscendingOtherLast() async {
        await propertyCheck(input: Self.titles) { titles in
            let letters = ComicGroup.grouping(titles.enumerated().map { Comic(id: $0.offset, title: $0.element) })
                .map(\.letter)
            #expect(Set(letters).count == letters.count)
            #expect(letters.allSatisfy { $0 == $0.uppercased() })
            let withoutOther = letters.filter { $0 != "#" }
            #expect(withoutOther == withoutOther.sorted())
            if letters.contains("#") { #expect(letters.last == "#") }
        }
    }

    @Test("COMICS-3 titles inside a group are ascending and the result ignores input order")
    func titlesAscendingAndOrderIndependent() async {
        await propertyCheck(input: Self.titles) { titles in
            let comics = titles.enumerated().map { Comic(id: $0.offset, title: $0.element) }
            let groups = ComicGroup.grouping(comics)
            for group in groups {
                for (earlier, later) in zip(group.comics, group.comics.dropFirst()) {
                    #expect(!TitleOrdering.areInIncreasingOrder(later.title, earlier.title))
                }
            }
            #expect(ComicGroup.grouping(comics.reversed()) == groups)
        }
    }

    @Test("COMICS-3 case, diacritics and leading whitespace never change the relative order")
    func foldingDoesNotChangeOrder() async {
        await propertyCheck(input: Self.title, Self.title) { lhs, rhs in
            let lhsKey = TitleOrdering.key(lhs), rhsKey = TitleOrdering.key(rhs)
            guard lhsKey != rhsKey else { return }
            #expect(TitleOrdering.areInIncreasingOrder(lhs, rhs) == TitleOrdering.areInIncreasingOrder(lhsKey, rhsKey))
            #expect(TitleOrdering.areInIncreasingOrder(" " + lhs.uppercased(), rhs) == TitleOrdering.areInIncreasingOrder(lhs, rhs))
        }
    }
}
