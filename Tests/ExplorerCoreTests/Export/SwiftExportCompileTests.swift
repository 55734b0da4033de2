@testable import ExplorerCore
@testable import ExplorerFormats
import Foundation
import TestSupport
import Testing

@Suite("Exported Swift compiles against the built ExplorerCore", .serialized)
struct SwiftExportCompileTests {
    /// `swiftc` beside the running toolchain, or on the PATH; nil when there is none.
    static var swiftc: String? {
        var candidates: [String] = []
        if let toolchain = ProcessInfo.processInfo.environment["SWIFT_EXEC"] { candidates.append(toolchain) }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(String(directory) + "/swiftc")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Type-checks `sources` as one module that imports ExplorerCore from the build directory; returns the compiler's
    /// output and exit status. The compiler runs on a dispatch thread so the cooperative pool stays free for the
    /// other suites' tests.
    static func typecheck(_ sources: [String: String], swiftc: String) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try typecheckBlocking(sources, swiftc: swiftc) }) }
        }
    }

    private static func typecheckBlocking(_ sources: [String: String], swiftc: String) throws -> (status: Int32, output: String) {
        let binary = try BuiltProducts.executable(named: "apiexplorer")
        let build = binary.deletingLastPathComponent().resolvingSymlinksInPath()
        var arguments = ["-typecheck", "-swift-version", "6", "-module-name", "Exported", "-I", build.appendingPathComponent("Modules").path]
        // ExplorerCore's dependencies include C modules (CYaml, OpenCombine's helpers); the compiler needs their maps.
        let scratch = build.deletingLastPathComponent().deletingLastPathComponent()
        var maps: [String] = []
        for (directory, wanted) in [(build.path, { (item: String) in item.split(separator: "/").count == 2 && item.hasSuffix(".build/module.modulemap") }),
                                    (scratch.appendingPathComponent("checkouts").path, { (item: String) in item.contains("/include/") })] {
            let enumerator = FileManager.default.enumerator(atPath: directory)
            while let item = enumerator?.nextObject() as? String {
                if item.hasSuffix("module.modulemap") && wanted(item) { maps.append(directory + "/" + item) }
            }
        }
        // And the system libraries the package declares (CZlib, the system's zlib), whose maps are in its sources.
        let packageSources = scratch.deletingLastPathComponent().appendingPathComponent("Sources").path
        for target in (try? FileManager.default.contentsOfDirectory(atPath: packageSources)) ?? [] {
            let map = packageSources + "/" + target + "/module.modulemap"
            if FileManager.default.fileExists(atPath: map) { maps.append(map) }
        }
        for map in maps { arguments += ["-Xcc", "-fmodule-map-file=" + map] }
        let folder = NSTemporaryDirectory() + "swift-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in sources {
            let path = folder + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            arguments.append(path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = arguments
        // The driver leaves an empty TemporaryDirectory.* behind in TMPDIR; this one is removed with the folder.
        let driverTemporary = folder + "/tmp"
        try FileManager.default.createDirectory(atPath: driverTemporary, withIntermediateDirectories: true)
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": driverTemporary]) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test func everyExportedRequestTypeChecks() async throws {
        guard let swiftc = SwiftExportCompileTests.swiftc else {
            print("Skipping the Swift export compile test: no swiftc on the PATH.")
            return
        }
        let fixture = try ExportFixture()
        var sources: [String: String] = [:]
        for slug in ["create-order", "get-order", "login", "search", "signup", "upload", "raw"] {
            // Each file is its own API enum; rename per request so they can share one module.
            let text = RequestExporter().export(try fixture.resolved(slug), as: .swift)
            sources["\(slug).swift"] = text.replacingOccurrences(of: "ShopAPI", with: "Shop\(SwiftLiteral.typeName(slug, fallback: "R"))API")
        }
        let result = try await SwiftExportCompileTests.typecheck(sources, swiftc: swiftc)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("warning"), "\(result.output)")
    }

    @Test func theCompilerCheckCatchesMistakes() async throws {
        guard let swiftc = SwiftExportCompileTests.swiftc else { return }
        let fixture = try ExportFixture()
        let broken = RequestExporter().export(try fixture.resolved("get-order"), as: .swift)
            .replacingOccurrences(of: "reasonPhrase", with: "reasonPhrase()")
        let result = try await SwiftExportCompileTests.typecheck(["broken.swift": broken], swiftc: swiftc)
        #expect(result.status != 0)
    }
}
