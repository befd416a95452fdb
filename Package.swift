// swift-tools-version:6.1
import PackageDescription

// Swift 6 language mode (complete concurrency checking) for every target.
let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "TestDrivenApps",
    // Model, Store and Presentation modules use nothing Linux-only: an Apple app can import them.
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .executable(name: "todo", targets: ["todo"]),
        .library(name: "TodoCore", targets: ["TodoCore"]),
        .library(name: "TodoStore", targets: ["TodoStore"]),
        .library(name: "TodoPresentation", targets: ["TodoPresentation"]),
        .library(name: "TodoInterop", targets: ["TodoInterop"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    ],
    targets: [
        // MARK: Todo — Model
        .target(name: "TodoCore", swiftSettings: strict),
        // MARK: Todo — SQLite storage (GRDB)
        .target(
            name: "TodoStore",
            dependencies: ["TodoCore", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        // MARK: Todo — import and export formats (todo.txt, Taskwarrior, iCalendar, CSV, JSON)
        .target(name: "TodoInterop", dependencies: ["TodoCore"], swiftSettings: strict),
        // MARK: Todo — ViewModels (no UI, web, CLI or database framework)
        .target(name: "TodoPresentation", dependencies: ["TodoCore"], swiftSettings: strict),
        // MARK: Todo — Views
        .target(
            name: "TodoCLI",
            dependencies: [
                "TodoCore", "TodoPresentation", "TodoInterop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .target(
            name: "TodoWeb",
            dependencies: [
                "TodoCore", "TodoPresentation", "TodoCLI", "WebUI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strict),
        // MARK: Shared web frame (both apps)
        .target(name: "WebUI", swiftSettings: strict),
        // MARK: Todo — composition root
        .executableTarget(
            name: "todo",
            dependencies: ["TodoCore", "TodoStore", "TodoCLI", "TodoWeb", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict),

        // MARK: Tests
        .target(name: "TodoTestSupport", dependencies: ["TodoCore"], path: "Tests/TodoTestSupport", swiftSettings: strict),
        .testTarget(name: "TodoCoreTests", dependencies: ["TodoCore", "TodoTestSupport"], swiftSettings: strict),
        .testTarget(name: "TodoInteropTests", dependencies: ["TodoCore", "TodoInterop", "TodoTestSupport"], swiftSettings: strict),
        .testTarget(name: "TodoStoreTests", dependencies: ["TodoCore", "TodoStore", "TodoTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "TodoPresentationTests", dependencies: ["TodoCore", "TodoPresentation", "TodoStore", "TodoTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "TodoCLITests",
            dependencies: ["TodoCore", "TodoStore", "TodoCLI", "TodoInterop", "TodoTestSupport", "todo", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: strict),
        .testTarget(name: "WebUITests", dependencies: ["WebUI"], swiftSettings: strict),
        .testTarget(
            name: "TodoWebTests",
            dependencies: [
                "TodoCore", "TodoWeb", "TodoTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            swiftSettings: strict),
    ]
)
