import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Reads the requests, file variables and body files of one `.http` / `.rest` file, line by line.
struct HTTPFileParser {
    /// What a parse produced.
    struct Parsed {
        var requests: [RequestSpec] = []
        var variables: [Variable] = []
        var files = ImportAttachmentList()
        /// The `< file` bodies' files.
        var attachments: [ImportAttachment] { files.items }
    }

    private enum Phase { case preamble, headers, body, handler }

    /// The file, for errors and the report.
    let source: String
    /// What could not be converted.
    var report = ImportReport()
    private var parsed = Parsed()

    init(source: String) { self.source = source }

    /// Parses the whole file.
    mutating func parse(_ text: String) throws(ImportError) -> Parsed {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        var block: [(number: Int, text: String)] = []
        var separatorName: String?
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if line.hasPrefix("###") {
                try request(block, separatorName: separatorName)
                block = []
                let name = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                separatorName = name.isEmpty ? nil : name
            } else {
                block.append((number, line))
            }
        }
        try request(block, separatorName: separatorName)
        // A request's body is read after its later lines, so its items are put back in line order.
        func line(_ item: ImportReportItem) -> Int { Int(item.path.split(separator: ":").last ?? "") ?? 0 }
        report.items = report.items.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
        return parsed
    }

    private func location(_ line: Int) -> SourceLocation { SourceLocation(file: source, line: line) }

    private static func isComment(_ trimmed: String) -> Bool { trimmed.hasPrefix("#") || trimmed.hasPrefix("//") }

    /// One block between `###` separators: comments and variables, the request line, headers, a blank line, the body.
    private mutating func request(_ block: [(number: Int, text: String)], separatorName: String?) throws(ImportError) {
        var phase = Phase.preamble
        var directiveName: String?
        var spec = RequestSpec(name: "", slug: "", url: "")
        var url = ""
        var requestLineNumber = 0
        var bodyLines: [(number: Int, text: String)] = []
        var sawHeader = false
        for (number, line) in block {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let here = "\(source):\(number)"
            switch phase {
            case .preamble:
                if trimmed.isEmpty { continue }
                if HTTPFileParser.isComment(trimmed) {
                    let comment = trimmed.hasPrefix("#") ? trimmed.dropFirst() : trimmed.dropFirst(2)
                    let directive = comment.trimmingCharacters(in: .whitespaces)
                    guard directive.hasPrefix("@") else { continue }
                    let words = directive.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
                    switch words.first ?? "" {
                    case "name": directiveName = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : nil
                    case "no-redirect": spec.followRedirects = false
                    case "timeout":
                        // The collection format takes a finite, non-negative number of seconds (`-1`, `nan`, `inf` would not load).
                        if words.count > 1, let seconds = Double(words[1].trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 {
                            spec.timeout = seconds
                        } else {
                            report.add(here, "'\(directive)' is not '@timeout SECONDS'; ignored")
                        }
                    case "no-log", "no-cookie-jar", "note", "prompt": break
                    default: report.add(here, "directive '\(directive)' is not supported; ignored")
                    }
                    continue
                }
                if trimmed.hasPrefix("@") {
                    try fileVariable(trimmed, line: number)
                    continue
                }
                (spec.method, url) = try requestLine(trimmed, line: number)
                requestLineNumber = number
                phase = .headers
            case .headers:
                if trimmed.isEmpty { phase = .body; continue }
                if !sawHeader, trimmed.hasPrefix("?") || trimmed.hasPrefix("&") {
                    url += trimmed
                    continue
                }
                if HTTPFileParser.isComment(trimmed) { continue }
                guard let colon = trimmed.firstIndex(of: ":") else {
                    throw ImportError(location(number), "expected a header 'Name: value', or a blank line before the body, found '\(trimmed)'")
                }
                let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
                guard KeyValue.isValidHeaderName(name) else {
                    throw ImportError(location(number), "'\(name)' is not a valid header name (no spaces or colons)")
                }
                sawHeader = true
                spec.headers.append(KeyValue(name, mapped(trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces), here)))
            case .body:
                if trimmed.hasPrefix(">") {
                    report.add(here, trimmed.hasPrefix(">>") ? "saving the response to a file ('\(trimmed)') is not supported; ignored"
                               : "response handler script not imported: apiexplorer does not run scripts")
                    // Whatever follows belongs to the handler, not the body.
                    phase = .handler
                    continue
                }
                bodyLines.append((number, line))
            case .handler:
                continue
            }
        }
        guard phase != .preamble else { return }
        let label = "\(source):\(requestLineNumber)"
        url = ImportURL.cleaned(mapped(url, label))
        if url.hasPrefix("/"), let host = spec.headers.last(where: { $0.name.caseInsensitiveCompare("Host") == .orderedSame }) {
            // The header's value is joined as written, so the whole URL is cleaned again (`Host: a b` must not leave a space).
            url = ImportURL.cleaned("http://\(host.value)\(url)")
            spec.headers.removeAll { $0.name.caseInsensitiveCompare("Host") == .orderedSame }
        }
        if url.contains(".response.") {
            report.add(label, "the URL uses another request's response ('{{name.response…}}'), which apiexplorer cannot do; set that value as a variable")
        }
        (spec.url, spec.query) = ImportURL.splitQuery(url)
        guard ImportURL.isLoadable(spec.url) else {
            report.add(label, "the URL '\(TerminalSafeText.sanitize(String(spec.url.prefix(80))))' has no host; not imported")
            return
        }
        // `Authorization: Basic user password` is the two clients' shorthand (they encode it, and so does apiexplorer's
        // export): it becomes Basic credentials, where it was sent as written and refused with 401.
        if let index = spec.headers.lastIndex(where: { $0.name.caseInsensitiveCompare("Authorization") == .orderedSame }) {
            // The user name is the first word and the password the rest (it may hold spaces); one word is encoded already.
            let words = spec.headers[index].value.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            if words.count == 3, words[0].caseInsensitiveCompare("Basic") == .orderedSame {
                spec.auth = .basic(username: String(words[1]), password: String(words[2]))
                spec.headers.remove(at: index)
            }
        }
        while let last = bodyLines.last, last.text.trimmingCharacters(in: .whitespaces).isEmpty { bodyLines.removeLast() }
        spec.body = graphQLBody(bodyLines, spec: &spec, label: label) ?? body(bodyLines, headers: spec.headers, label: label)
        let path = URLComponents(string: spec.url)?.path ?? spec.url
        spec.name = separatorName ?? directiveName ?? "\(spec.method) \(path.isEmpty ? "/" : path)"
        spec.slug = ImportSlug.make(directiveName ?? spec.name)
        parsed.requests.append(spec)
    }

    /// `@name = value`: a file variable, which becomes a collection variable.
    private mutating func fileVariable(_ trimmed: String, line: Int) throws(ImportError) {
        guard let equals = trimmed.firstIndex(of: "=") else {
            throw ImportError(location(line), "expected a file variable '@name = value', found '\(trimmed)'")
        }
        let name = trimmed[trimmed.index(after: trimmed.startIndex)..<equals].trimmingCharacters(in: .whitespaces)
        guard VariableResolver.isValidName(name) else {
            throw ImportError(location(line), "'\(name)' is not a valid variable name (letters, digits, '_', '-', '.')")
        }
        let value = mapped(trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces), "\(source):\(line)")
        parsed.variables.removeAll { $0.name == name }
        parsed.variables.append(Variable(name: name, value: value))
    }

    /// `METHOD URL [HTTP/1.1]`, or a bare URL meaning GET.
    private func requestLine(_ trimmed: String, line: Int) throws(ImportError) -> (String, String) {
        var words = trimmed.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let last = words.last, last.uppercased().hasPrefix("HTTP/"), words.count > 1 { words.removeLast() }
        guard let first = words.first else { throw ImportError(location(line), "expected a request line 'METHOD URL'") }
        let isMethod = HTTPFileParser.isMethodWord(first) && words.count > 1
        let method = isMethod ? first : "GET"
        let url = (isMethod ? words.dropFirst() : words[...]).joined(separator: " ")
        guard isMethod || url.contains("://") || url.hasPrefix("/") || url.hasPrefix("{{") || url.contains(".") else {
            throw ImportError(location(line), "expected a request line 'METHOD URL' (or a URL), found '\(trimmed)'")
        }
        return (method, url)
    }

    private static func isMethodWord(_ word: String) -> Bool {
        HTTPFileImporter.methods.contains(word) || (!word.isEmpty && word.allSatisfy { $0.isUppercase || $0 == "-" || $0 == "_" })
    }

    mutating func mapped(_ text: String, _ label: String) -> String {
        if text.contains(".response.") {
            report.add(label, "'\(text)' uses another request's response, which apiexplorer cannot do; set that value as a variable")
        }
        return DynamicVariables.rewrite(text, path: label, report: &report)
    }

    /// The body: a `< file`, JSON, form fields when they read back exactly, else text sent as written.
    private mutating func body(_ lines: [(number: Int, text: String)], headers: [KeyValue], label: String) -> BodySpec {
        guard !lines.isEmpty else { return .none }
        let contentType = headers.last { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value.lowercased()
        if lines.count == 1, let first = lines.first?.text.trimmingCharacters(in: .whitespaces), first.hasPrefix("<") {
            let path = first.dropFirst(first.hasPrefix("<@") ? 2 : 1).trimmingCharacters(in: .whitespaces)
            return .file(path: attach(path), contentType: nil)
        }
        if lines.contains(where: { $0.text.hasPrefix("< ") || $0.text.hasPrefix("<@") }) {
            report.add(label, "a body part read from a file ('< file') inside a larger body is kept as the text '< file', not the file's contents")
        }
        let text = mapped(lines.map(\.text).joined(separator: "\n"), label)
        if contentType?.contains("json") == true { return .json(text) }
        if contentType?.contains("x-www-form-urlencoded") == true {
            let joined = lines.map { $0.text.trimmingCharacters(in: .whitespaces) }.joined()
            let items = QueryEncoding.decode(joined)
            if !joined.isEmpty, joined.split(separator: "&", omittingEmptySubsequences: false).allSatisfy({ $0.contains("=") }),
               QueryEncoding.formEncode(items) == joined {
                return .form(items.map { KeyValue($0.name, $0.value ?? "") })
            }
            return .text(text, contentType: nil)
        }
        if contentType == nil, let first = text.first, first == "{" || first == "[",
           (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil {
            return .json(text)
        }
        return .text(text, contentType: nil)
    }

    private mutating func attach(_ path: String) -> String {
        parsed.files.destination(of: path)
    }
}
