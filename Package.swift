// swift-tools-version:6.0
import Foundation
import PackageDescription

let package = Package(
    name: "apiexplorer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "apiexplorer", targets: ["APIExplorer"]),
        .library(name: "ExplorerCore", targets: ["ExplorerCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // The transport on Linux (ExplorerCore's own, on SwiftNIO) and the loopback TLS server in TestSupport. The
        // packages ExplorerCore does not name directly are pinned too, so every machine builds the same versions from
        // the mirror.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2", exact: "1.46.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        .package(url: "https://github.com/apple/swift-atomics", exact: "1.3.0"),
        .package(url: "https://github.com/apple/swift-collections", exact: "1.6.0"),
        // Load-test latencies: HDR histograms, a fixed size whatever the number of requests.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
        // gRPC: descriptor sets and reflection answers are FileDescriptorProtos; messages are coded from them here.
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
        // The capturing proxy's local certificate authority: a P-256 CA made on first use and a certificate per host.
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        // `apiexplorer mcp`: the Model Context Protocol server on stdio, and the packages it needs, pinned like the rest.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
        .package(url: "https://github.com/mattt/eventsource", exact: "1.1.1"),
    ],
    targets: [
        // The system's zlib, for bodies no transport decodes: gRPC's gzip messages, the capturing proxy's records.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(
            name: "ExplorerCore",
            dependencies: [
                "CZlib",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        // The library layers above the HTTP client; SwiftPM refuses a cycle between targets, so each may use only
        // those below it: ExplorerCore <- ExplorerWorkspace <- ExplorerFormats <- ExplorerChecks.
        // Collections on disk, environments, variables, secret references, trust, config, the history model, the
        // body formatter, JSONPath and the checks as files write them.
        .target(
            name: "ExplorerWorkspace",
            dependencies: ["ExplorerCore", .product(name: "Yams", package: "Yams")]
        ),
        // JavaScriptCore's C API, loaded with dlopen when the first script runs (Apple's framework; on Linux
        // libjavascriptcoregtk-4.1-0): linked, it cost every command the loading of WebKitGTK's libraries at start-up.
        .target(name: "CJavaScriptCore", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Request scripts: JavaScript before and after a request, with Postman's `pm` API, on JavaScriptCore.
        .target(
            name: "ExplorerScripts",
            dependencies: ["ExplorerCore", "ExplorerWorkspace", "CJavaScriptCore"]
        ),
        // Every importer and exporter (Postman, Insomnia, HAR, OpenAPI with sync, .http, curl).
        .target(
            name: "ExplorerFormats",
            dependencies: ["ExplorerCore", "ExplorerWorkspace", .product(name: "Yams", package: "Yams")]
        ),
        // Checks and captures evaluated, JSON Schema and OpenAPI contract checks, comparison, `run` and its reports.
        .target(
            name: "ExplorerChecks",
            dependencies: [
                "ExplorerCore", "ExplorerWorkspace", "ExplorerScripts", "ExplorerFormats", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Load tests: the open and closed models, latency histograms, thresholds and their reports.
        .target(
            name: "ExplorerLoad",
            dependencies: [
                "ExplorerCore", "ExplorerWorkspace", "ExplorerChecks", .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // gRPC: schemas from descriptor sets and server reflection, messages coded from them in proto3's JSON mapping,
        // and calls of the four kinds over ExplorerCore's HTTP/2 connector.
        .target(
            name: "ExplorerGRPC",
            dependencies: [
                "ExplorerCore", "ExplorerFormats", "ExplorerWorkspace", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"), .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // `apiexplorer proxy`: an intercepting forward proxy (HTTPS through a local CA) whose exchanges become history
        // and, with `--into`, collections.
        .target(
            name: "ExplorerCapture",
            dependencies: [
                "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats",
                .product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        // Every exchange kept in SQLite (GRDB); the explorer and the CLI reach it through the run loop's effects.
        .target(
            name: "ExplorerHistory",
            dependencies: ["ExplorerCore", "ExplorerWorkspace", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // `apiexplorer mcp`: the Model Context Protocol server on stdio, its tools and what they return. Sending goes
        // through the host it is given (the command's send pipeline), so it sends exactly as `send` and `run` do.
        .target(
            name: "ExplorerMCP",
            dependencies: [
                "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats", "ExplorerChecks",
                .product(name: "MCP", package: "swift-sdk"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ExplorerTUI",
            dependencies: [
                "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats", "ExplorerChecks", "ExplorerLoad",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // `apiexplorer mock`: a collection served over HTTP/1.1 on SwiftNIO, each request answered with its saved
        // example (or an imported OpenAPI spec's).
        .target(
            name: "ExplorerMock",
            dependencies: [
                "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(
            name: "DemoServer",
            dependencies: ["ExplorerCore", "ExplorerWorkspace", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .executableTarget(
            name: "APIExplorer",
            dependencies: [
                "ExplorerCore",
                "ExplorerWorkspace",
                "ExplorerFormats",
                "ExplorerChecks",
                "ExplorerScripts",
                "ExplorerHistory",
                "ExplorerLoad",
                "ExplorerGRPC",
                "ExplorerCapture",
                "ExplorerTUI",
                "ExplorerMock",
                "ExplorerMCP",
                "DemoServer",
                "CNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `scripts/bench.sh` builds this in release mode; it measures apiexplorer against curl and jq on loopback.
        .executableTarget(
            name: "ExplorerBench",
            dependencies: [
                "DemoServer",
                "ExplorerCore",
                "ExplorerWorkspace",
                "ExplorerFormats",
                "ExplorerChecks",
                "ExplorerHistory",
                "ExplorerTUI",
                "TestSupport",
                .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Test helper: saves a request file in a loop so a test can SIGKILL it mid-save (not shipped in a product).
        .executableTarget(name: "SaveStress", dependencies: ["ExplorerCore", "ExplorerWorkspace"]),
        // `scripts/screenshots.sh` turns the explorer's screens, captured in tmux with their colours, into the README's
        // SVG pictures with this. ExplorerTUI gives it the explorer's own character widths and xterm's palette.
        .executableTarget(
            name: "ScreenSVG",
            dependencies: ["ExplorerTUI", "ExplorerChecks", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "DemoServer", "ExplorerCore", "ExplorerWorkspace", "ExplorerGRPC", "CZlib", .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "ExplorerCoreTests",
            dependencies: [
                "ExplorerCore",
                "ExplorerWorkspace",
                "ExplorerFormats",
                "ExplorerChecks",
                "TestSupport",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            resources: [.copy("Import/Fixtures")]
        ),
        // The README's Swift examples, compiled against ExplorerCore alone (as a package that depends on the library
        // product would), run against the demo API in its own process.
        .testTarget(
            name: "ExplorerCoreReadmeTests",
            dependencies: [
                "ExplorerCore",
                .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
            ]
        ),
        .testTarget(name: "ExplorerScriptsTests", dependencies: ["ExplorerScripts", "ExplorerCore", "ExplorerWorkspace", "TestSupport"]),
        .testTarget(
            name: "ExplorerGRPCTests",
            dependencies: ["ExplorerGRPC", "ExplorerCore", "ExplorerWorkspace", "TestSupport",
                           .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ExplorerCaptureTests",
            dependencies: ["ExplorerCapture", "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats", "TestSupport",
                           .product(name: "X509", package: "swift-certificates")]
        ),
        .testTarget(name: "ExplorerLoadTests", dependencies: ["ExplorerLoad", "ExplorerCore", "ExplorerWorkspace", "TestSupport"]),
        .testTarget(
            name: "ExplorerHistoryTests",
            dependencies: [
                "ExplorerHistory", "ExplorerCore", "ExplorerWorkspace", "ExplorerChecks", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "TestSupport", "ExplorerCore", "ExplorerWorkspace", "ExplorerChecks", "ExplorerHistory",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ExplorerTUITests",
            dependencies: ["ExplorerTUI", "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats", "ExplorerChecks", "ExplorerLoad"],
            exclude: ["__Snapshots__", "App/__Snapshots__"]
        ),
        .testTarget(
            name: "ExplorerMockTests",
            dependencies: ["ExplorerMock", "ExplorerCore", "ExplorerWorkspace", "ExplorerFormats", "TestSupport"]
        ),
        .testTarget(name: "ScreenSVGTests", dependencies: ["ScreenSVG"]),
        // Drives the built `apiexplorer` binary inside tmux; `swift build` must run first so the binary exists.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport"]
        ),
    ]
)

// libFuzzer targets, one per directory under Fuzz/Targets, exist only when scripts/fuzz.sh sets APIEXPLORER_FUZZ:
// they have no main (libFuzzer provides it) and need -sanitize=fuzzer, so an ordinary build must not see them.
// The names are listed here rather than read from the directory: SwiftPM caches an evaluated manifest by its text in
// ~/.cache/org.swift.swiftpm, so a manifest that lists a directory keeps the listing of whichever checkout ran it first
// (CI failed with "no product named 'CurlImporterFuzz'"). FuzzRegressionTests checks this list against the directory.
let fuzzTargets = ["CollectionLoaderFuzz", "CurlImporterFuzz", "HARImporterFuzz", "HTTPFileImporterFuzz", "InsomniaImporterFuzz",
                   "JSONFormatterFuzz", "NDJSONParserFuzz", "OpenAPIImporterFuzz", "PostmanImporterFuzz", "ProtoMessageDecoderFuzz", "ServerSentEventParserFuzz",
                   "VariableResolverFuzz"]
if ProcessInfo.processInfo.environment["APIEXPLORER_FUZZ"] != nil {
    for name in fuzzTargets {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["ExplorerCore", "ExplorerWorkspace", "ExplorerFormats", "ExplorerGRPC"], path: "Fuzz/Targets/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
