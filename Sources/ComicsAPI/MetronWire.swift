import Foundation

/// The parts of Metron's JSON the app reads (Metron's REST API, https://metron.cloud/api/).
/// Fields that are not listed are ignored; the ones that are must be there with their type.
enum MetronWire {
    /// Every list: `{"count": …, "next": URL|null, "previous": URL|null, "results": […]}`, page by `page=N`.
    struct Page<Item: Decodable & Sendable>: Decodable, Sendable {
        let count: Int
        let next: String?
        let previous: String?
        let results: [Item]
    }

    /// `series` in an issue: `{"id", "name", "volume", "year_began", …}`.
    struct Series: Decodable, Sendable {
        let name: String
        let year_began: Int?
    }

    /// An item of `GET issue/`: `{"id", "series": {…}, "number": "1", "issue": "…", "cover_date", …}`.
    struct IssueSummary: Decodable, Sendable {
        let id: Int
        let series: Series
        let number: String
    }

    /// `GET issue/{id}/`: the issue with its `characters` (`[{"id", "name", "modified"}]`) and `desc`.
    struct Issue: Decodable, Sendable {
        let id: Int
        let series: Series
        let number: String
        let desc: String?
        let characters: [Character]?
    }

    struct Character: Decodable, Sendable {
        let id: Int
        let name: String
    }

    /// DRF's error body: `{"detail": "…"}`.
    struct ErrorBody: Decodable {
        let detail: String
    }

    /// The title the app shows for an issue: `Series (year) #number`, the way Marvel titled its comics.
    static func title(series: Series, number: String) -> String {
        let year = series.year_began.map { " (\($0))" } ?? ""
        return "\(series.name)\(year) #\(number)"
    }
}
