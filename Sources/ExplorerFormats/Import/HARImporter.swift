import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Imports HTTP Archive files (HAR 1.1 and 1.2), as browsers' devtools, proxies and `apiexplorer history export --har`
/// save them: each entry's request becomes a saved request in a folder named after its host, entries with the same
/// method and URL collapsed into the first.
///
/// Pure functions of the bytes: nothing is read from disk. Errors give the file, the line and the JSON path
/// (`log.entries[3].request.url`); the report names entries by their path too.
public enum HARImporter {
    /// Request headers (lower case) that the browser or the transport adds on its own to every request, so they say
    /// nothing about the API and would only be sent again by hand: connection handling and the body's length (the
    /// transport sets them), compression (negotiated by apiexplorer itself), the browser's identity, language, caching
    /// and the page the request came from.
    public static let noiseHeaders: [String] = [
        "host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "upgrade", "content-length",
        "accept-encoding", "user-agent", "accept-language", "referer", "origin", "dnt", "upgrade-insecure-requests",
        "priority", "pragma", "cache-control", "if-none-match", "if-modified-since", "purpose", "x-client-data",
    ]

    /// Prefixes of noise header names: HTTP/2 and HTTP/3 pseudo-headers (`:authority`, `:path`…), client hints
    /// (`sec-ch-ua`…) and the browser's fetch metadata (`sec-fetch-mode`…, `sec-gpc`, `sec-purpose`).
    public static let noisePrefixes: [String] = [":", "sec-ch-", "sec-fetch-", "sec-gpc", "sec-purpose"]

    /// Above this many requests with duplicates, the report gives one line for all of them.
    static let maximumCollapseLines = 10

    /// True when a request header is the browser's own noise (`noiseHeaders`, `noisePrefixes`), not part of the API.
    public static func isNoise(_ name: String) -> Bool {
        let lower = name.lowercased()
        return noiseHeaders.contains(lower) || noisePrefixes.contains { lower.hasPrefix($0) }
    }

    /// The requests of the HAR in `data` as a collection named after `source` (the file name without extension).
    /// Cookies (the `Cookie` header and `request.cookies`) are dropped unless `keepCookies`, when they become one
    /// `Cookie` header.
    public static func importArchive(_ data: Data, source: String, keepCookies: Bool = false) throws(ImportError) -> ImportResult {
        let root = try LocatedJSONParser.parse(Array(data), source: source).requireObject(source, "", what: "a HAR file (an object with 'log')")
        guard let logValue = root["log"] else {
            if root["__export_format"] != nil {
                throw root.error(source, "", "this is an Insomnia export, not a HAR file; import it with `apiexplorer import insomnia`")
            }
            if root["item"] != nil {
                throw root.error(source, "", "this is a Postman collection, not a HAR file; import it with `apiexplorer import postman`")
            }
            throw root.error(source, "", "missing 'log'; expected a HAR file (HTTP Archive 1.2) with 'log.entries'")
        }
        let log = try logValue.requireObject(source, "log", what: "an object with 'version' and 'entries'")
        var report = ImportReport()
        if let version = try log.string("version", source, "log"), version != "1.1", version != "1.2" {
            report.add("log.version", "version '\(TerminalSafeText.sanitize(String(version.prefix(20))))' is not HAR 1.1 or 1.2; read as 1.2")
        }
        guard log["entries"] != nil else { throw log.error(source, "log", "missing 'entries'; expected the archive's requests") }
        var folders: [FolderSpec] = []
        var folderOf: [String: Int] = [:]
        // Where the first entry of each method and URL went, and how many later ones were collapsed into it.
        var firsts: [String: (path: String, count: Int)] = [:]
        var firstOrder: [String] = []
        var droppedCookies = 0
        for (index, value) in try log.array("entries", source, "log").enumerated() {
            let path = "log.entries[\(index)]"
            let entry = try value.requireObject(source, path, what: "an entry (an object with 'request')")
            guard let requestValue = entry["request"], !requestValue.isNull else {
                throw entry.error(source, path, "missing 'request'; each entry needs the request that was sent")
            }
            let requestPath = path + ".request"
            let request = try requestValue.requireObject(source, requestPath, what: "a request (an object with 'method' and 'url')")
            guard let rawURL = try request.string("url", source, requestPath), !rawURL.isEmpty else {
                throw request.error(source, requestPath, "missing 'url'; each request needs the URL it was sent to")
            }
            let method = (try request.string("method", source, requestPath) ?? "GET").uppercased()
            guard !method.isEmpty, method.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
                throw (request["method"] ?? request).error(source, LocatedJSONValue.path(requestPath, "method"),
                                                           "'\(TerminalSafeText.sanitize(String(method.prefix(40))))' is not an HTTP method")
            }
            var url = ImportURL.cleaned(rawURL)
            // The fragment is never sent, so two URLs that differ only there are the same request.
            if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
            guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
                  let host = components.percentEncodedHost, !host.isEmpty, ImportURL.isLoadable(url) else {
                report.add(path, "'\(TerminalSafeText.sanitize(String(rawURL.prefix(60))))' is not an http(s) URL with a host; not imported")
                continue
            }
            let key = method + " " + url
            if let first = firsts[key] {
                firsts[key] = (first.path, first.count + 1)
                continue
            }
            firsts[key] = (path, 0)
            firstOrder.append(key)
            let spec = try requestSpec(request, path: requestPath, method: method, url: url, keepCookies: keepCookies,
                                       droppedCookies: &droppedCookies, source: source, report: &report, label: path)
            let folderName = host + (components.port.map { ":\($0)" } ?? "")
            if let position = folderOf[folderName] {
                folders[position].requests.append(spec)
            } else {
                folderOf[folderName] = folders.count
                folders.append(FolderSpec(name: folderName, slug: ImportSlug.make(folderName, fallback: "host"), requests: [spec]))
            }
        }
        guard !folders.isEmpty else {
            throw log.error(source, "log.entries", "no entry has an http(s) request to import")
        }
        let collapsed = firstOrder.compactMap { firsts[$0] }.filter { $0.count > 0 }
        if collapsed.count > maximumCollapseLines {
            // A browser session repeats hundreds of requests; one line says it better than one per request.
            let total = collapsed.map(\.count).reduce(0, +)
            report.add("log.entries", "\(total) entries collapsed into the first with the same method and URL (\(collapsed.count) requests)")
        } else {
            for first in collapsed {
                report.add(first.path, "\(first.count) later entr\(first.count == 1 ? "y" : "ies") with the same method and URL collapsed into this one")
            }
        }
        if droppedCookies > 0 {
            report.add("log.entries", "cookies of \(droppedCookies) request\(droppedCookies == 1 ? "" : "s") left out; pass --keep-cookies to send them as Cookie headers")
        }
        let fileName = PathText.deletingExtension(PathText.lastComponent(source))
        let name = fileName.isEmpty || source == "stdin" ? "HAR" : fileName
        let rootFolder = FolderSpec(name: name, slug: ImportSlug.make(name, fallback: "har"), folders: folders)
        return ActiveTemplates.noted(ImportResult(collection: CollectionSpec(root: rootFolder, environments: []), report: report))
    }

    /// One entry's request: headers without the noise, cookies as asked, the query split out and the body kept.
    private static func requestSpec(_ request: LocatedJSONValue, path: String, method: String, url: String, keepCookies: Bool,
                                    droppedCookies: inout Int, source: String, report: inout ImportReport,
                                    label: String) throws(ImportError) -> RequestSpec {
        var headers: [KeyValue] = []
        var hadCookies = false
        for (index, value) in try request.array("headers", source, path).enumerated() {
            let headerPath = "\(path).headers[\(index)]"
            let header = try value.requireObject(source, headerPath, what: "a header (an object with 'name' and 'value')")
            guard let name = try header.string("name", source, headerPath), !name.isEmpty else {
                throw header.error(source, headerPath, "missing 'name'; each header needs a name")
            }
            let text = try header.string("value", source, headerPath) ?? ""
            if isNoise(name) { continue }
            if name.caseInsensitiveCompare("Cookie") == .orderedSame {
                hadCookies = true
                guard keepCookies else { continue }
            }
            guard KeyValue.isValidHeaderName(name) else {
                report.add(label, "header '\(TerminalSafeText.sanitize(String(name.prefix(40))))' is not a valid header name; not imported")
                continue
            }
            headers.append(KeyValue(name, text))
        }
        var cookies: [String] = []
        for (index, value) in try request.array("cookies", source, path).enumerated() {
            let cookiePath = "\(path).cookies[\(index)]"
            let cookie = try value.requireObject(source, cookiePath, what: "a cookie (an object with 'name' and 'value')")
            guard let name = try cookie.string("name", source, cookiePath), !name.isEmpty else { continue }
            cookies.append("\(name)=\(try cookie.string("value", source, cookiePath) ?? "")")
        }
        if !cookies.isEmpty { hadCookies = true }
        if keepCookies, !cookies.isEmpty, !headers.contains(where: { $0.name.caseInsensitiveCompare("Cookie") == .orderedSame }) {
            headers.append(KeyValue("Cookie", cookies.joined(separator: "; ")))
        }
        if hadCookies, !keepCookies { droppedCookies += 1 }
        let (base, query) = ImportURL.splitQuery(url)
        var body = BodySpec.none
        if let post = request["postData"], !post.isNull {
            body = try self.body(post, path: path + ".postData", headers: &headers, source: source, report: &report, label: label)
        }
        let masked = headers.filter { $0.value.contains(SecretMasker.mask) }.map(\.name) + query.filter { $0.value.contains(SecretMasker.mask) }.map(\.name)
        if !masked.isEmpty || body.text?.contains(SecretMasker.mask) == true {
            let what = masked.map { "'\($0)'" } + (body.text?.contains(SecretMasker.mask) == true ? ["the body"] : [])
            report.add(label, "\(what.joined(separator: ", ")) hold\(what.count == 1 ? "s" : "") a masked value (\(SecretMasker.mask)); put the secret back (a secret variable) before sending")
        }
        let pathText = URLComponents(string: base)?.percentEncodedPath ?? ""
        let name = "\(method) \(pathText.isEmpty ? "/" : pathText)"
        return RequestSpec(name: name, slug: ImportSlug.make(name), method: method, url: base, query: query, headers: headers, body: body)
    }

    /// `postData` as a body: JSON, form fields, multipart fields, or text with its type.
    private static func body(_ value: LocatedJSONValue, path: String, headers: inout [KeyValue], source: String,
                             report: inout ImportReport, label: String) throws(ImportError) -> BodySpec {
        let post = try value.requireObject(source, path, what: "postData (an object with 'mimeType' and 'text')")
        let contentType = headers.last { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        let mimeType = try post.string("mimeType", source, path) ?? contentType ?? ""
        let lower = mimeType.lowercased()
        let text = try post.string("text", source, path) ?? ""
        let params = try post.array("params", source, path)
        if let encoding = try post.string("encoding", source, path), !encoding.isEmpty {
            report.add(label, "the request body is \(TerminalSafeText.sanitize(String(encoding.prefix(20))))-encoded (binary); imported without a body")
            return .none
        }
        if lower.hasPrefix("multipart/form-data"), !params.isEmpty {
            var fields: [MultipartField] = []
            for (index, item) in params.enumerated() {
                let paramPath = "\(path).params[\(index)]"
                let param = try item.requireObject(source, paramPath, what: "a parameter (an object with 'name')")
                guard let name = try param.string("name", source, paramPath) else { continue }
                let type = try param.string("contentType", source, paramPath)
                if let fileName = try param.string("fileName", source, paramPath), !fileName.isEmpty {
                    report.add(label, "form file field '\(name)' (\(TerminalSafeText.sanitize(String(fileName.prefix(60))))): a HAR does not hold the file; not imported")
                    continue
                }
                fields.append(MultipartField(name: name, value: try param.string("value", source, paramPath) ?? "", contentType: type))
            }
            // The browser's Content-Type names its own boundary; the multipart body sends one of its own.
            headers.removeAll { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }
            return .multipart(fields)
        }
        if lower.hasPrefix("application/x-www-form-urlencoded") {
            let items = QueryEncoding.decode(text)
            let parts = text.split(separator: "&", omittingEmptySubsequences: false)
            if !text.isEmpty, parts.allSatisfy({ $0.contains("=") }), QueryEncoding.formEncode(items) == text {
                return .form(items.map { KeyValue($0.name, $0.value ?? "") })
            }
            if text.isEmpty, !params.isEmpty {
                var fields: [KeyValue] = []
                for (index, item) in params.enumerated() {
                    let paramPath = "\(path).params[\(index)]"
                    let param = try item.requireObject(source, paramPath, what: "a parameter (an object with 'name')")
                    guard let name = try param.string("name", source, paramPath) else { continue }
                    fields.append(KeyValue(name, try param.string("value", source, paramPath) ?? ""))
                }
                return .form(fields)
            }
        }
        guard !text.isEmpty else { return .none }
        if lower.contains("json") { return .json(text) }
        return .text(text, contentType: contentType == nil && !mimeType.isEmpty ? mimeType : nil)
    }
}
