import Foundation

/// Finds executables built by SwiftPM, so end-to-end tests can run the real `apiexplorer` binary.
///
/// Looked up, in order: the `APIEXPLORER_BIN` environment variable (a full path, for unusual setups);
/// the directory of the running test bundle, which SwiftPM puts beside the package's executables in
/// whatever build directory and configuration is in use (`--scratch-path`, `-c release`); and, as a
/// last resort, `<package root>/.build/debug`, with the root derived from this file's `#filePath`.
/// Tests do not build the binary themselves: run `swift build` (or `swift build --build-tests`) first.
public enum BuiltProducts {
    /// The path of the built `name` executable; throws a message saying where it looked and what to run.
    public static func executable(named name: String, filePath: String = #filePath) throws -> URL {
        if let override = ProcessInfo.processInfo.environment["APIEXPLORER_BIN"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        var directories = [Bundle.main.bundleURL]
        directories += Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }.map { $0.bundleURL.deletingLastPathComponent() }
        // Sources/TestSupport/BuiltProducts.swift → package root.
        let root = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directories.append(root.appendingPathComponent(".build/debug"))
        let candidates = directories.map { $0.appendingPathComponent(name) }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found
        }
        throw MissingExecutable(name: name, searched: candidates.map(\.path))
    }

    /// The executable was not built; the description says how to fix that.
    public struct MissingExecutable: Error, CustomStringConvertible {
        /// The executable looked for.
        public let name: String
        /// Every path tried.
        public let searched: [String]

        /// A message naming the fix.
        public var description: String {
            "\(name) is not built; run `swift build` before `swift test`. Looked in:\n" + searched.joined(separator: "\n")
        }
    }
}
