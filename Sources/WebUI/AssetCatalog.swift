public import Foundation
import HTTPTypes
public import Hummingbird

/// One file of an app's `assets` folder, read once at start-up and served from memory.
public struct AssetFile: Sendable {
    /// The file's name in its folder: `todo.css`.
    public let name: String
    public let body: ByteBuffer
    public let contentType: String
    /// A digest of the content (FNV-1a, 64 bits, hex): the validator, and part of the long-lived name.
    public let digest: String

    init(name: String, data: Data) {
        self.name = name
        self.body = ByteBuffer(bytes: data)
        self.contentType = Self.contentType(forName: name)
        // Without leading zeros: the names assets have always had.
        self.digest = String(FNV1a.of(data).value, radix: 16)
    }

    /// `todo.css` as `todo.<digest>.css`: a name that changes whenever the content does, so the
    /// browser may keep it for a year.
    public var versionedName: String {
        guard let dot = name.lastIndex(of: ".") else { return name + "." + digest }
        return name[..<dot] + "." + digest + name[dot...]
    }

    public var eTag: String { "\"\(digest)\"" }

    public static func contentType(forName name: String) -> String {
        switch name.split(separator: ".").last.map({ $0.lowercased() }) ?? "" {
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "webmanifest": "application/manifest+json; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}

/// The stylesheets, scripts, icons and manifest of a web app: real files from resource folders,
/// served under `/assets/` with validators.
///
/// - `/assets/todo.<digest>.css`, the name pages link to: `Cache-Control: immutable` for a year.
/// - `/assets/todo.css`, the plain name (for the manifest's icons, say): revalidated on every use,
///   answered `304 Not Modified` while the `ETag` still matches.
/// - Files a browser requires at a fixed address (the service worker at `/sw.js`, whose scope is
///   the folder it is served from, and the manifest) are also served at the root.
public struct AssetCatalog: Sendable {
    public static let prefix = "/assets/"

    private var files: [String: AssetFile] = [:]
    private var byVersionedName: [String: AssetFile] = [:]

    /// Reads WebUI's shared assets, then every file in each of `directories` (later folders win).
    public init(directories: [URL]) throws {
        for directory in [WebUIResources.assets] + directories {
            let root = directory.standardizedFileURL.path
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else {
                throw PageTemplatesError.missingFolder(root)
            }
            for name in names where !name.hasPrefix(".") {
                let file = AssetFile(name: name, data: try Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
                files[name] = file
            }
        }
        for file in files.values { byVersionedName[file.versionedName] = file }
    }

    public subscript(name: String) -> AssetFile? { files[name] }

    /// The long-lived address of an asset, for pages to link to.
    public func path(_ name: String) -> String {
        guard let file = files[name] else { preconditionFailure("No asset named \(name)") }
        return Self.prefix + file.versionedName
    }

    /// Every asset's long-lived address, keyed by its name with dots as underscores
    /// (`todo_css`), for templates (`{{assets.todo_css}}`: Mustache reads dots as nesting).
    public var paths: [String: String] {
        Dictionary(uniqueKeysWithValues: files.keys.map { ($0.replacingOccurrences(of: ".", with: "_"), path($0)) })
    }

    /// GET `/assets/:name` (versioned or plain), plus each of `atRoot` at `/<name>`.
    public func register<Context: RequestContext>(on router: Router<Context>, atRoot: [String] = []) {
        let catalog = self
        router.get("/assets/:name") { request, context in
            let name = try context.parameters.require("name")
            if let file = catalog.byVersionedName[name] { return Self.response(file, request, immutable: true) }
            if let file = catalog.files[name] { return Self.response(file, request, immutable: false) }
            throw HTTPError(.notFound)
        }
        for name in atRoot {
            guard let file = files[name] else { preconditionFailure("No asset named \(name)") }
            router.get(RouterPath("/" + name)) { request, _ in Self.response(file, request, immutable: false) }
        }
    }

    static func response(_ file: AssetFile, _ request: Request, immutable: Bool) -> Response {
        var headers: HTTPFields = [
            .contentType: file.contentType,
            .eTag: file.eTag,
            .cacheControl: immutable ? "public, max-age=31536000, immutable" : "no-cache",
        ]
        if let tags = request.headers[.ifNoneMatch],
           tags == "*" || tags.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.eTag })
        {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: file.body))
    }
}
