// swift-tools-version:6.1
import PackageDescription

// Swift 6 language mode (complete concurrency checking) for every target.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let propertyBased = Target.Dependency.product(name: "PropertyBased", package: "swift-property-based")
let mustache = Target.Dependency.product(name: "Mustache", package: "swift-mustache")
/// The `Authorization` header's Basic and Bearer credentials, and the request context's signed-in person.
let hummingbirdAuth = Target.Dependency.product(name: "HummingbirdAuth", package: "hummingbird-auth")
/// The translations each View and ViewModel module carries (`Resources/<language>.lproj/*.strings`).
let catalogs: [Resource] = [.process("Resources")]

let package = Package(
    name: "TestDrivenApps",
    // Every catalog is written in English first; zh-Hans and ja translate it (LANG-10).
    defaultLocalization: "en",
    // Model, Store and Presentation modules use nothing Linux-only: an Apple app can import them.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "todo", targets: ["todo"]),
        .executable(name: "comics", targets: ["comics"]),
        .library(name: "ComicsCore", targets: ["ComicsCore"]),
        .library(name: "ComicsAPI", targets: ["ComicsAPI"]),
        .library(name: "ComicsPresentation", targets: ["ComicsPresentation"]),
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .library(name: "TodoSQLite", targets: ["TodoSQLite"]),
        .library(name: "TodoPresentation", targets: ["TodoPresentation"]),
        .library(name: "TodoInterop", targets: ["TodoInterop"]),
        .library(name: "QRCode", targets: ["QRCode"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
        // Named for WebUI's connection guard and request checks (already in the graph through Hummingbird).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        // The import page's file upload (multipart/form-data): Hummingbird decodes URL-encoded forms only.
        .package(url: "https://github.com/vapor/multipart-kit", exact: "4.7.1"),
        // Comics: Insecure.MD5 for the Marvel request signature (already in the graph through AsyncHTTPClient's TLS).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Accounts: bcrypt password hashes (HummingbirdBcrypt needs only its C bcrypt, not Hummingbird);
        // HummingbirdAuth reads the web app's Bearer tokens and CalDAV's Basic credentials.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", exact: "2.5.0"),
        // Already in the graph through Hummingbird; named for the event stream's clean shutdown.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        // Todo's PostgreSQL store (TodoPostgres).
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // MARK: Both apps — languages: negotiation, catalogs, plural rules (Foundation only)
        .target(name: "Localization", swiftSettings: strict),
        // MARK: Both apps — what a server is told on its command line (ArgumentParser, no web framework):
        // the options both `serve` commands take and the address rules that check them
        .target(name: "ServerOptions", dependencies: [argumentParser], swiftSettings: strict),
        // MARK: Both apps — a QR code encoder of our own (standard library only), for "Connect a phone" (PHONE-4)
        .target(name: "QRCode", swiftSettings: strict),
        // MARK: Todo — Model
        .target(name: "TodoCore", swiftSettings: strict),
        // MARK: Todo — Model: accounts, passwords, tokens, sessions, sign-in limits (Foundation, bcrypt, SHA-256)
        .target(
            name: "TodoAccounts",
            dependencies: [
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        // MARK: Todo — SQLite storage (GRDB)
        .target(
            name: "TodoSQLite",
            dependencies: [
                "TodoCore", "TodoAccounts", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        // MARK: Todo — PostgreSQL storage (postgres-nio): the same protocol as TodoSQLite
        .target(
            name: "TodoPostgres",
            dependencies: ["TodoCore", "TodoAccounts", .product(name: "PostgresNIO", package: "postgres-nio"), logging],
            swiftSettings: strict),
        // MARK: Todo — import and export formats (todo.txt, Taskwarrior, iCalendar, CSV, JSON)
        .target(name: "TodoInterop", dependencies: ["TodoCore"], swiftSettings: strict),
        // MARK: Todo — ViewModels (no UI, web, CLI or database framework)
        .target(
            name: "TodoPresentation", dependencies: ["TodoCore", "TodoInterop", "Localization"], resources: catalogs,
            swiftSettings: strict),
        // MARK: Todo — Views
        .target(
            name: "TodoCLI",
            dependencies: [
                "TodoCore", "TodoPresentation", "TodoInterop", "Localization", "TodoAccounts", "ServerOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            resources: catalogs,
            swiftSettings: strict),
        .target(
            name: "TodoWeb",
            dependencies: [
                "TodoCore", "TodoPresentation", "TodoInterop", "WebUI", "Localization", "TodoAccounts", "QRCode", mustache,
                .product(name: "Hummingbird", package: "hummingbird"), hummingbirdAuth,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            // Pages and fragments (Mustache), and the stylesheet, script, icons and manifest.
            resources: [.copy("templates"), .copy("assets")] + catalogs,
            swiftSettings: strict),
        // MARK: Todo — CalDAV (docs/specs/caldav.md): a View beside the web app, on its listener
        .target(
            name: "TodoDAV",
            dependencies: [
                "TodoCore", "TodoInterop", "TodoAccounts", "WebUI", .product(name: "Hummingbird", package: "hummingbird"),
                hummingbirdAuth,
            ],
            swiftSettings: strict),
        // MARK: Shared web frame (both apps)
        .target(
            name: "WebUI",
            dependencies: [
                "Localization", "ServerOptions", hummingbird, logging, argumentParser, mustache,
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            // The page frame both apps share (Mustache) and its stylesheet and script.
            resources: [.copy("templates"), .copy("assets")] + catalogs,
            swiftSettings: strict),

        // MARK: Comics — Model (Foundation only)
        .target(name: "ComicsCore", swiftSettings: strict),
        // MARK: Comics — Marvel-contract HTTP client (AsyncHTTPClient, no server framework)
        .target(
            name: "ComicsAPI",
            dependencies: [
                "ComicsCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strict),
        // MARK: Comics — the bundled catalog (data resource + in-process source)
        .target(
            name: "ComicsCatalog", dependencies: ["ComicsCore"],
            exclude: ["README.md"],
            resources: [.copy("Resources/catalog.json")],
            swiftSettings: strict),
        // MARK: Comics — server side of the Marvel contract (Hummingbird routes over a catalog)
        .target(
            name: "ComicsCatalogServer", dependencies: ["ComicsCatalog", "ComicsAPI", "ComicsCore", "WebUI", hummingbird],
            swiftSettings: strict),
        // MARK: Comics — the offline copy (GRDB), behind ComicsCore's ComicsOfflineCopy
        .target(
            name: "ComicsCache", dependencies: ["ComicsCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        // MARK: Comics — ViewModels (ComicsCore only)
        .target(
            name: "ComicsPresentation", dependencies: ["ComicsCore", "Localization"], resources: catalogs,
            swiftSettings: strict),
        // MARK: Comics — Views
        .target(
            name: "ComicsWeb",
            dependencies: ["ComicsCore", "ComicsPresentation", "ComicsCatalogServer", "WebUI", "Localization", hummingbird, logging],
            // Pages and fragments (Mustache), and the stylesheet, script and icon.
            resources: [.copy("templates"), .copy("assets")] + catalogs,
            swiftSettings: strict),
        .target(
            name: "ComicsCLI",
            dependencies: ["ComicsCore", "ComicsPresentation", "ComicsAPI", "Localization", "ServerOptions", argumentParser],
            resources: catalogs,
            swiftSettings: strict),
        // MARK: Comics — composition root: picks the concrete sources, runs the CLI and `serve`
        .executableTarget(
            name: "comics",
            dependencies: [
                "ComicsCLI", "ComicsWeb", "ComicsCore", "ComicsAPI", "ComicsCatalog", "ComicsCatalogServer", "WebUI",
                "ComicsCache", argumentParser, logging,
            ],
            swiftSettings: strict),
        // MARK: Todo — composition root
        .executableTarget(
            name: "todo",
            dependencies: [
                "TodoCore", "TodoSQLite", "TodoPostgres", "TodoCLI", "TodoWeb", "TodoDAV", "WebUI", "TodoAccounts", "ServerOptions",
                logging,
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strict),

        // MARK: Repeat rules for a test beside an independent implementation (REPEAT-9): JSON lines
        // in, next dates out; browser-tests/repeats/test_rrule_dateutil.py drives it.
        .executableTarget(name: "RepeatProbe", dependencies: ["TodoCore"], path: "Tests/RepeatProbe", swiftSettings: strict),
        // MARK: Fuzzing (docs/specs/hardening.md, HARDEN-13): one target per parser of what a request
        // or a file sends. `scripts/fuzz` builds it with libFuzzer; the ordinary build replays files.
        .executableTarget(
            name: "TodoFuzz",
            dependencies: ["TodoCore", "TodoInterop", "TodoPresentation", "TodoDAV", "TodoWeb", hummingbird],
            path: "Fuzz/TodoFuzz", swiftSettings: strict),

        // MARK: Tests
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"], swiftSettings: strict),
        // Matrices beside Python's qrcode (Fixtures/, made by make-fixtures.py) and read back by zbarimg.
        .testTarget(
            name: "QRCodeTests", dependencies: ["QRCode", "ProcessTestSupport"],
            exclude: ["Fixtures"], swiftSettings: strict),
        // Child processes and sockets waited for off Swift concurrency's few threads.
        .target(name: "ProcessTestSupport", path: "Tests/ProcessTestSupport", swiftSettings: strict),
        .target(
            name: "TodoTestSupport", dependencies: ["TodoCore", "ProcessTestSupport"], path: "Tests/TodoTestSupport",
            swiftSettings: strict),
        // The test cluster's database (PG-9): one pool for the whole test process, a fresh schema per test.
        .target(
            name: "TodoPostgresTestSupport",
            dependencies: ["TodoCore", "TodoAccounts", "TodoPostgres", .product(name: "PostgresNIO", package: "postgres-nio")],
            path: "Tests/TodoPostgresTestSupport", swiftSettings: strict),
        .testTarget(name: "TodoCoreTests", dependencies: ["TodoCore", "TodoTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "TodoInteropTests", dependencies: ["TodoCore", "TodoInterop", "TodoTestSupport", propertyBased, "TodoFuzz"],
            swiftSettings: strict),
        .testTarget(
            name: "TodoStoreTests",
            dependencies: [
                "TodoCore", "TodoSQLite", "TodoTestSupport", "ProcessTestSupport", propertyBased, "TodoAccounts",
                "TodoPostgres", "TodoPostgresTestSupport", .product(name: "PostgresNIO", package: "postgres-nio"), logging,
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TodoAccountsTests",
            dependencies: [
                "TodoAccounts", "TodoSQLite", .product(name: "GRDB", package: "GRDB.swift"),
                "TodoPostgres", "TodoPostgresTestSupport", .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TodoPresentationTests", dependencies: ["TodoCore", "TodoPresentation", "TodoSQLite", "TodoTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "TodoCLITests",
            dependencies: [
                "TodoCore", "TodoSQLite", "TodoCLI", "TodoInterop", "TodoTestSupport", "ProcessTestSupport", "todo", "TodoAccounts",
                "ServerOptions", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "WebUITests",
            dependencies: [
                "WebUI", "Localization", hummingbird, hummingbirdTesting,
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .target(name: "ComicsTestSupport", path: "Tests/ComicsTestSupport", swiftSettings: strict),
        .testTarget(name: "ComicsCoreTests", dependencies: ["ComicsCore", propertyBased], swiftSettings: strict),
        .testTarget(
            name: "ComicsAPITests",
            dependencies: [
                "ComicsAPI", "ComicsCore", "ComicsTestSupport", hummingbird, logging,
                .product(name: "AsyncHTTPClient", package: "async-http-client"), .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ComicsCatalogTests",
            dependencies: [
                "ComicsCatalog", "ComicsCatalogServer", "ComicsAPI", "ComicsCore", hummingbird, hummingbirdTesting,
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ComicsCacheTests", dependencies: ["ComicsCache", "ComicsCore", "ComicsPresentation"],
            swiftSettings: strict),
        .testTarget(
            name: "ComicsPresentationTests", dependencies: ["ComicsPresentation", "ComicsCore"],
            swiftSettings: strict),
        .testTarget(
            name: "ComicsWebTests",
            dependencies: [
                "ComicsWeb", "WebUI", "ComicsCore", "ComicsCatalog", "ComicsCatalogServer", hummingbird, hummingbirdTesting,
                logging,
            ],
            swiftSettings: strict),
        .testTarget(
            name: "ComicsCLITests",
            dependencies: [
                "ComicsCLI", "ComicsCore", "ComicsCatalog", "ComicsAPI", "ComicsTestSupport", "ProcessTestSupport", "comics",
                argumentParser,
                "ComicsCache",
                hummingbird, hummingbirdTesting, logging, "ComicsWeb", "WebUI",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TodoDAVTests",
            dependencies: [
                "TodoCore", "TodoDAV", "TodoSQLite", "TodoPostgres", "TodoPostgresTestSupport", "TodoAccounts", "TodoInterop",
                "TodoTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TodoWebTests",
            dependencies: [
                "TodoCore", "TodoWeb", "TodoTestSupport", "ProcessTestSupport", "TodoAccounts", "TodoSQLite",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict),
    ]
)
