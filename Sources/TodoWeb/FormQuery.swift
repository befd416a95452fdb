import Foundation
import Hummingbird

extension Request {
    /// The value of `name` in the query as an HTML form sends it (`application/x-www-form-urlencoded`:
    /// a space is `+`, a plus `%2B`), which the router's query parameters leave as `+`. The
    /// first value; nil when absent or not valid percent-encoding.
    func formQueryValue(_ name: String) -> String? {
        guard let query = uri.query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding == name else { continue }
            let raw = parts.count > 1 ? String(parts[1]) : ""
            return raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
