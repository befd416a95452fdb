public import Hummingbird

/// A file served from memory, with its content type taken from its extension.
public struct StaticAsset: Sendable {
    public let path: String
    public let body: String
    public let contentType: String

    public init(path: String, body: String, contentType: String? = nil) {
        self.path = path
        self.body = body
        self.contentType = contentType ?? Self.contentType(forPath: path)
    }

    public static func contentType(forPath path: String) -> String {
        let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch fileExtension {
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "html": return "text/html; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}

/// Registers in-memory assets as GET routes.
public enum StaticAssets {
    public static func register<Context: RequestContext>(_ assets: [StaticAsset], on router: Router<Context>) {
        for asset in assets {
            let response = Response(
                status: .ok,
                headers: [.contentType: asset.contentType, .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(string: asset.body)))
            router.get(RouterPath(asset.path)) { _, _ in response }
        }
    }
}
