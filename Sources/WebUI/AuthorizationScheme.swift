import HTTPTypes

extension HTTPFields {
    /// The fields with the `Authorization` scheme's name written as HummingbirdAuth reads it
    /// (`Basic `, `Bearer `): HTTP makes the name case-insensitive (RFC 9110 §11.1), the library
    /// compares it exactly. The credentials after it are kept as sent (ACCOUNT-35, DAV-2).
    public var withCanonicalAuthorizationScheme: HTTPFields {
        guard let value = self[.authorization], let space = value.firstIndex(of: " ") else { return self }
        let scheme = value[..<space].lowercased()
        guard let canonical = ["basic": "Basic", "bearer": "Bearer"][scheme], value[..<space] != canonical else {
            return self
        }
        var fields = self
        fields[.authorization] = canonical + value[space...]
        return fields
    }
}
