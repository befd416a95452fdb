import Foundation
import Testing
import TodoCore

/// FIND-12 (docs/specs/search-today.md): where the words of a search appear in a text, compared
/// as the search compares them.
@Suite("Search: what a found row marks")
struct SearchMarksTests {
    /// The marked places of `text`, as the texts they cover.
    private func marked(_ query: String, in text: String) -> [String] {
        SearchWords(query).matchedRanges(in: text).map { String(text[$0]) }
    }

    @Test("FIND-12 every place each word appears is found, ignoring case as the search does, in order")
    func test_FIND_12_everyPlace() {
        #expect(marked("milk", in: "Buy Milk, then MILK again") == ["Milk", "MILK"])
        #expect(marked("milk buy", in: "Buy Milk") == ["Buy", "Milk"], "the text's order, not the query's")
        #expect(marked("苹果", in: "我喜欢吃苹果和苹果派") == ["苹果", "苹果"])
        #expect(marked("東京", in: "東京タワー") == ["東京"])
        #expect(marked("ÉTÉ", in: "un été chaud") == ["été"], "a word of three or more folds any case, as the index does")
    }

    @Test("FIND-12 a short word folds ASCII letters only, as the search reads one; places that overlap or touch are one")
    func test_FIND_12_shortWordsAndJoins() {
        #expect(marked("mi", in: "MIlk mi") == ["MI", "mi"])
        #expect(marked("é", in: "É é") == ["é"], "a short word folds no other letter (FIND-3)")
        #expect(marked("mil milk", in: "milky") == ["milk"], "overlapping places are one")
        #expect(marked("ab cd", in: "abcd ab") == ["abcd", "ab"], "touching places are one")
        #expect(marked("a", in: "banana") == ["a", "a", "a"])
    }

    @Test("FIND-12 nothing to mark: a word that isn't there, an empty query, an empty text")
    func test_FIND_12_nothing() {
        #expect(marked("kale", in: "Buy milk").isEmpty)
        #expect(marked("", in: "Buy milk").isEmpty)
        #expect(marked("   ", in: "Buy milk").isEmpty)
        #expect(marked("milk", in: "").isEmpty)
        // Text around characters that combine (é as e + ́) and emoji keeps its places whole.
        let text = "cafe\u{301} ☕️ cafe"
        #expect(marked("cafe", in: text).count == 2)
    }
}
