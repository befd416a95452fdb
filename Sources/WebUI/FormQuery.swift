import Foundation
public import Hummingbird

/// Text as an HTML form sends it (`application/x-www-form-urlencoded`): a space is `+`, a plus
/// `%2B`. Hummingbird decodes such bodies (`URLEncodedFormDecoder`); its query parameters keep a
/// `+` as it is, so a query a form sent is read here.
public enum FormEncoding {
    /// `text` decoded; nil when it is not valid percent-encoding.
    public static func decode(_ text: some StringProtocol) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

extension Request {
    /// The address asked for: its path and, when it has one, `?` and its query (as sent).
    public var pathAndQuery: String { uri.path + (uri.query.map { "?" + $0 } ?? "") }

    /// The value of `name` in the query as an HTML form sends it: the first value; nil when
    /// absent or not valid percent-encoding.
    public func formQueryValue(_ name: String) -> String? {
        guard let query = uri.query else { return nil }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard FormEncoding.decode(parts[0]) == name else { continue }
            return FormEncoding.decode(parts.count > 1 ? parts[1] : "")
        }
        return nil
    }
}
