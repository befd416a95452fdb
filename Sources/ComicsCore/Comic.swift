/// A comic as the app shows it: enough to list it and to title its characters view.
public struct Comic: Equatable, Hashable, Sendable, Identifiable, Codable {
    public let id: Int
    public let title: String
    public let issueNumber: Double?
    public let description: String?

    public init(id: Int, title: String, issueNumber: Double? = nil, description: String? = nil) {
        self.id = id
        self.title = title
        self.issueNumber = issueNumber
        self.description = description
    }
}

/// A character who appears in a comic (named so it does not shadow `Swift.Character`).
public struct ComicCharacter: Equatable, Hashable, Sendable, Identifiable, Codable {
    public let id: Int
    public let name: String
    public let description: String?

    public init(id: Int, name: String, description: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
    }
}
