import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// `apiexplorer proxy --into DIR`: every captured exchange becomes part of a collection per origin under DIR (named
/// after the host, `baseURL` in its environment), one request per method and route, written again as each new
/// route arrives. Credentials (`Authorization`, `Cookie`, API keys in headers or the query) become secret variables
/// whose values go to `secrets.local.yaml`, never into a request file.
public final class CaptureCollector: @unchecked Sendable {
    /// The name of the environment each written collection gets.
    public static let environmentName = "captured"

    private let directory: String
    private let lock = NSLock()
    private var origins: [String: CaptureOrigin] = [:]
    private var order: [String] = []

    /// Collects into `directory` (made when missing).
    public init(directory: String) {
        self.directory = directory
    }

    /// Adds an exchange (WebSocket handshakes and exchanges without an http(s) URL are left out) and writes its
    /// origin's collection when it changed; returns the written collection's directory, or nil when nothing changed.
    @discardableResult
    public func add(_ exchange: CapturedExchange) throws(CollectionWriteError) -> String? {
        guard exchange.kind == .http, let url = exchange.request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty else { return nil }
        let port = components.port.map { ":\($0)" } ?? ""
        let bracketed = host.contains(":") ? "[\(host)]" : host
        let key = "\(scheme)://\(bracketed)\(port)"
        let path = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        // Written under the lock: two writes of one origin out of order would leave the older collection on disk.
        lock.lock()
        defer { lock.unlock() }
        var origin = origins[key] ?? CaptureOrigin(baseURL: key, name: bracketed + port, slug: nextSlug(for: bracketed + port))
        if origins[key] == nil { order.append(key) }
        let changed = origin.take(exchange, method: exchange.request.httpMethod.rawValue, path: path, query: components.percentEncodedQueryItems ?? [])
        origins[key] = origin
        guard changed else { return nil }
        let summary = try CollectionWriter.write(ImportResult(collection: origin.collection), into: directory, force: true)
        return summary.directory
    }

    /// The directories of the collections written so far.
    public var writtenDirectories: [String] {
        lock.withLock { order.compactMap { origins[$0] }.filter(\.written).map { PathText.appending(directory, $0.slug) } }
    }

    /// A slug under DIR that no collection uses yet (one from an earlier run stays as it was).
    private func nextSlug(for name: String) -> String {
        let base = ImportSlug.make(name, fallback: "captured")
        let used = Set(origins.values.map(\.slug))
        var slug = base
        var number = 2
        while used.contains(slug) || FileManager.default.fileExists(atPath: PathText.appending(directory, slug)) {
            slug = "\(base)-\(number)"
            number += 1
        }
        return slug
    }
}
