/// The JSON shapes of the Marvel contract, shared by the client (decoding) and the catalog server (encoding).
///
/// Only the fields this project uses or serves are modelled; decoding ignores the rest.
public enum MarvelWire {
    /// The envelope every successful answer comes in.
    public struct Envelope<Item: Codable & Sendable>: Codable, Sendable {
        public var code: Code
        public var status: String
        public var copyright: String?
        public var attributionText: String?
        public var attributionHTML: String?
        public var etag: String?
        public var data: Page<Item>

        public init(
            code: Code = .number(200), status: String = "Ok", copyright: String? = nil,
            attributionText: String? = nil, attributionHTML: String? = nil, etag: String? = nil, data: Page<Item>
        ) {
            self.code = code
            self.status = status
            self.copyright = copyright
            self.attributionText = attributionText
            self.attributionHTML = attributionHTML
            self.etag = etag
            self.data = data
        }
    }

    /// `data`: one page of results and where it sits in the whole list.
    public struct Page<Item: Codable & Sendable>: Codable, Sendable {
        public var offset: Int
        public var limit: Int
        public var total: Int
        public var count: Int
        public var results: [Item]

        public init(offset: Int, limit: Int, total: Int, count: Int, results: [Item]) {
            self.offset = offset
            self.limit = limit
            self.total = total
            self.count = count
            self.results = results
        }
    }

    /// `code` is a number in envelopes and some errors, a word in others ("InvalidCredentials").
    public enum Code: Codable, Equatable, Sendable, CustomStringConvertible {
        case number(Int)
        case word(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else {
                self = .word(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let number): try container.encode(number)
            case .word(let word): try container.encode(word)
            }
        }

        public var description: String {
            switch self {
            case .number(let number): String(number)
            case .word(let word): word
            }
        }
    }

    /// Either error body of the contract: `{"code":409,"status":"…"}` or `{"code":"…","message":"…"}`.
    public struct ErrorBody: Codable, Equatable, Sendable {
        public var code: Code
        public var status: String?
        public var message: String?

        public init(code: Code, status: String? = nil, message: String? = nil) {
            self.code = code
            self.status = status
            self.message = message
        }

        /// The human sentence of either shape.
        public var text: String? { message ?? status }
    }

    public struct Image: Codable, Equatable, Sendable {
        public var path: String
        public var `extension`: String

        public init(path: String, extension: String) {
            self.path = path
            self.extension = `extension`
        }
    }

    public struct ResourceList: Codable, Equatable, Sendable {
        public var available: Int
        public var collectionURI: String?
        public var items: [ResourceSummary]
        public var returned: Int?

        public init(available: Int, collectionURI: String?, items: [ResourceSummary], returned: Int?) {
            self.available = available
            self.collectionURI = collectionURI
            self.items = items
            self.returned = returned
        }
    }

    public struct ResourceSummary: Codable, Equatable, Sendable {
        public var resourceURI: String?
        public var name: String

        public init(resourceURI: String?, name: String) {
            self.resourceURI = resourceURI
            self.name = name
        }
    }

    /// A comic. `id` and `title` are required to be usable; everything else is optional on decoding.
    public struct Comic: Codable, Equatable, Sendable {
        public var id: Int
        public var digitalId: Int?
        public var title: String
        public var issueNumber: Double?
        public var description: String?
        public var format: String?
        public var resourceURI: String?
        public var series: ResourceSummary?
        public var thumbnail: Image?
        public var characters: ResourceList?

        public init(
            id: Int, digitalId: Int? = nil, title: String, issueNumber: Double? = nil, description: String? = nil,
            format: String? = nil, resourceURI: String? = nil, series: ResourceSummary? = nil,
            thumbnail: Image? = nil, characters: ResourceList? = nil
        ) {
            self.id = id
            self.digitalId = digitalId
            self.title = title
            self.issueNumber = issueNumber
            self.description = description
            self.format = format
            self.resourceURI = resourceURI
            self.series = series
            self.thumbnail = thumbnail
            self.characters = characters
        }
    }

    /// A character. `id` and `name` are required to be usable.
    public struct Character: Codable, Equatable, Sendable {
        public var id: Int
        public var name: String
        public var description: String?
        public var resourceURI: String?
        public var thumbnail: Image?

        public init(
            id: Int, name: String, description: String? = nil, resourceURI: String? = nil, thumbnail: Image? = nil
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.resourceURI = resourceURI
            self.thumbnail = thumbnail
        }
    }
}
