import ComicsAPI
import ComicsCatalog
public import Hummingbird

/// Mounts the Marvel contract, answered from a catalog, on a Hummingbird router.
public struct MarvelCatalogRoutes: Sendable {
    public let service: MarvelCatalogService

    public init(catalog: Catalog, credentials: MarvelCredentials? = nil) {
        self.service = MarvelCatalogService(catalog: catalog, credentials: credentials)
    }

    /// Adds `/v1/public/comics`, `/v1/public/comics/{id}` and `/v1/public/comics/{id}/characters`.
    public func register<Context: RequestContext>(on router: Router<Context>) {
        let service = self.service
        let api = router.group("v1/public")
        api.get("comics") { request, _ in
            Self.response(service.comics(query: Self.query(request), origin: Self.origin(request)))
        }
        api.get("comics/:id") { request, context in
            Self.response(
                service.comic(
                    id: context.parameters.get("id") ?? "", query: Self.query(request), origin: Self.origin(request)))
        }
        api.get("comics/:id/characters") { request, context in
            Self.response(
                service.characters(
                    ofComic: context.parameters.get("id") ?? "", query: Self.query(request),
                    origin: Self.origin(request)))
        }
    }

    static func query(_ request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where query[String(name)] == nil {
            query[String(name)] = String(value)
        }
        return query
    }

    /// `http://host[:port]` as the client addressed us, for the `resourceURI`s.
    static func origin(_ request: Request) -> String {
        request.head.authority.map { "http://\($0)" } ?? ""
    }

    static func response(_ answer: MarvelCatalogService.Answer) -> Response {
        Response(
            status: .init(code: answer.status),
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
