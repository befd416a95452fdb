import TodoCore

/// A text in pieces, the places a search found in it marked (FIND-12): what a found row shows as
/// its title.
public struct MarkedText: Equatable, Sendable {
    public struct Part: Equatable, Sendable {
        public let text: String
        /// Whether a word of the search is here.
        public let isMatch: Bool

        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public let parts: [Part]

    /// `text` with every place `words` appear marked; nil when they appear nowhere in it.
    public init?(_ text: String, marking words: SearchWords) {
        let ranges = words.matchedRanges(in: text)
        guard !ranges.isEmpty else { return nil }
        var parts: [Part] = [], at = text.startIndex
        for range in ranges {
            if at < range.lowerBound { parts.append(Part(String(text[at..<range.lowerBound]), isMatch: false)) }
            parts.append(Part(String(text[range]), isMatch: true))
            at = range.upperBound
        }
        if at < text.endIndex { parts.append(Part(String(text[at...]), isMatch: false)) }
        self.parts = parts
    }
}
