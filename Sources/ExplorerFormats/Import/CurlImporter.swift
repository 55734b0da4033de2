import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Imports a `curl` command line, as browsers' "Copy as cURL" writes it, into a request.
///
/// A pure function of the text: files named with `@file` are not read but listed as attachments for the writer to copy.
public enum CurlImporter {
    /// A collection named after the URL's host holding the one request; `source` names the input in errors (`stdin`).
    public static func importCommand(_ text: String, source: String = "curl") throws(ImportError) -> ImportResult {
        let parsed = try parse(text, source: source)
        let host = URLComponents(string: parsed.request.url)?.host ?? "curl"
        let root = FolderSpec(name: host, slug: ImportSlug.make(host, fallback: "curl"), requests: [parsed.request])
        return ActiveTemplates.noted(ImportResult(collection: CollectionSpec(root: root, environments: []), attachments: parsed.attachments, report: parsed.report))
    }

    /// The request alone, for adding to an existing collection.
    public static func request(from text: String, source: String = "curl") throws(ImportError) -> (request: RequestSpec, attachments: [ImportAttachment], report: ImportReport) {
        try parse(text, source: source)
    }

    /// True when `text` starts like a curl command (`curl …`, `$ curl …`), for offering to import a paste.
    public static func looksLikeCurl(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("curl ") || trimmed.hasPrefix("$ curl ") || trimmed.hasPrefix("curl.exe ")
    }

    private enum DataPart {
        case text(String)
        case file(String)
    }

    private static func parse(_ text: String, source: String) throws(ImportError) -> (request: RequestSpec, attachments: [ImportAttachment], report: ImportReport) {
        var words = try ShellWords.split(text, source: source)
        guard let first = words.first else { throw ImportError(SourceLocation(file: source), "the curl command is empty") }
        if first.text == "curl" || first.text.hasSuffix("/curl") || first.text == "curl.exe" {
            words.removeFirst()
        } else if first.text.hasPrefix("$"), words.count > 1, words[1].text == "curl" {
            words.removeFirst(2)
        } else if !first.text.hasPrefix("-"), !first.text.lowercased().hasPrefix("http://"), !first.text.lowercased().hasPrefix("https://") {
            // Without `curl` in front, only curl's arguments are taken (an option or a URL first): other text, such as a
            // wget command or a sentence, was imported as a request to http://hello.
            throw ImportError(SourceLocation(file: source, line: first.line),
                              "not a curl command: it starts with '\(TerminalSafeText.sanitize(String(first.text.prefix(40))))'; paste a command that starts with curl")
        }
        var report = ImportReport()
        var method: String?
        var urls: [ShellWords.Word] = []
        var headers: [KeyValue] = []
        var data: [DataPart] = []
        var isJSON = false
        var formFields: [MultipartField] = []
        var attachments = ImportAttachmentList()
        var auth = AuthSpec.inherit
        var useGet = false
        var isHead = false
        var timeout: Double?
        var verifyTLS: Bool?
        var upload: String?

        func where_(_ word: ShellWords.Word) -> String { "\(source):\(word.line)" }
        func attach(_ path: String) -> String { attachments.destination(of: path) }

        var index = 0
        // Expands `-sSLX POST` into separate options; a short option that takes an argument ends the cluster.
        func options(in word: ShellWords.Word) -> [(name: String, attached: String?)] {
            let text = word.text
            if text.hasPrefix("--") { return [(text, nil)] }
            var result: [(name: String, attached: String?)] = []
            var rest = Substring(text.dropFirst())
            while let letter = rest.first {
                rest = rest.dropFirst()
                let name = "-" + String(letter)
                if CurlOption.named(name)?.takesArgument == true {
                    result.append((name, rest.isEmpty ? nil : String(rest)))
                    return result
                }
                result.append((name, nil))
            }
            return result
        }

        while index < words.count {
            let word = words[index]
            index += 1
            guard word.text.count > 1, word.text.hasPrefix("-") else {
                urls.append(word)
                continue
            }
            for (name, attached) in options(in: word) {
                guard let option = CurlOption.named(name) else {
                    report.add(where_(word), "unknown curl option \(name) ignored")
                    continue
                }
                var argument = ""
                if option.takesArgument {
                    if let attached {
                        argument = attached
                    } else if index < words.count {
                        argument = words[index].text
                        index += 1
                    } else {
                        throw ImportError(SourceLocation(file: source, line: word.line), "the curl option \(name) needs a value")
                    }
                }
                switch option {
                case .method: method = argument.uppercased()
                case .header:
                    if argument.hasPrefix("@") {
                        report.add(where_(word), "-H \(argument): headers read from a file are not imported")
                    } else if let header = header(argument) {
                        if header.value.isEmpty, argument.hasSuffix(":") {
                            report.add(where_(word), "-H '\(argument)' removes one of curl's default headers; ignored")
                        } else if KeyValue.isValidHeaderName(header.name) {
                            headers.append(header)
                        } else {
                            report.add(where_(word), "'\(header.name)' is not a valid header name; skipped")
                        }
                    } else {
                        report.add(where_(word), "-H '\(argument)' is not 'Name: value'; skipped")
                    }
                case .data, .dataBinary:
                    data.append(argument.hasPrefix("@") ? .file(String(argument.dropFirst())) : .text(argument))
                case .dataRaw: data.append(.text(argument))
                case .json:
                    isJSON = true
                    data.append(argument.hasPrefix("@") ? .file(String(argument.dropFirst())) : .text(argument))
                case .dataURLEncode:
                    if let part = urlEncoded(argument) { data.append(.text(part)) } else {
                        report.add(where_(word), "--data-urlencode '\(argument)' reads a file; not imported")
                    }
                case .form, .formString:
                    guard let equals = argument.firstIndex(of: "=") else {
                        report.add(where_(word), "\(name) '\(argument)' is not name=value; skipped")
                        continue
                    }
                    let fieldName = String(argument[..<equals])
                    let value = String(argument[argument.index(after: equals)...])
                    if option == .form, value.hasPrefix("@") || value.hasPrefix("<") {
                        var pieces = value.dropFirst().split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                        let path = pieces.removeFirst()
                        let type = pieces.first { $0.hasPrefix("type=") }.map { String($0.dropFirst(5)) }
                        if value.hasPrefix("<") {
                            report.add(where_(word), "-F '\(argument)' sends the file's text as a field; imported as a file part")
                        }
                        formFields.append(MultipartField(name: fieldName, file: attach(path), contentType: type))
                    } else {
                        formFields.append(MultipartField(name: fieldName, value: value))
                    }
                case .user:
                    if let colon = argument.firstIndex(of: ":") {
                        auth = .basic(username: String(argument[..<colon]), password: String(argument[argument.index(after: colon)...]))
                    } else {
                        auth = .basic(username: argument, password: "")
                        report.add(where_(word), "-u '\(argument)' has no password (curl would ask for one); imported with an empty password")
                    }
                case .get: useGet = true
                case .head: isHead = true
                case .userAgent: headers.append(KeyValue("User-Agent", argument))
                case .referer: headers.append(KeyValue("Referer", argument))
                case .cookie:
                    if argument.contains("=") { headers.append(KeyValue("Cookie", argument)) } else {
                        report.add(where_(word), "-b \(argument) reads cookies from a file; not imported")
                    }
                case .url: urls.append(ShellWords.Word(text: argument, line: word.line))
                case .maxTime:
                    if let seconds = Double(argument), seconds.isFinite, seconds >= 0 { timeout = seconds } else {
                        report.add(where_(word), "\(name) '\(argument)' is not a number of seconds; ignored")
                    }
                case .oauth2Bearer: auth = .bearer(token: argument)
                case .uploadFile: upload = argument
                case .insecure: verifyTLS = false
                case .ignored: break
                case let .unsupported(_, reason): report.add(where_(word), "\(name) ignored: \(reason)")
                }
            }
        }

        guard let urlWord = urls.first else {
            throw ImportError(SourceLocation(file: source, line: words.last?.line ?? 1), "the curl command has no URL")
        }
        for extra in urls.dropFirst() { report.add(where_(extra), "'\(extra.text)' ignored: only the first URL is imported") }
        var url = ImportURL.cleaned(urlWord.text)
        if !url.contains("://") { url = "http://" + url }
        var (baseURL, query) = ImportURL.splitQuery(url)

        let contentType = headers.last { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }?.value
        var body = BodySpec.none
        let texts = data.compactMap { part -> String? in if case let .text(text) = part { return text } else { return nil } }
        let files = data.compactMap { part -> String? in if case let .file(path) = part { return path } else { return nil } }
        if useGet {
            for part in texts { query += QueryEncoding.decode(part).map { KeyValue($0.name, $0.value ?? "") } }
            if !files.isEmpty { report.add("\(source):\(urlWord.line)", "-G with data read from a file: the file is not added to the query") }
        } else if !formFields.isEmpty {
            body = .multipart(formFields)
            if !data.isEmpty { report.add("\(source):\(urlWord.line)", "-d together with -F: curl refuses this; only the -F fields are imported") }
        } else if let path = upload ?? (files.count == 1 && texts.isEmpty ? files.first : nil) {
            body = .file(path: attach(path), contentType: contentType == nil && upload == nil ? (isJSON ? "application/json" : "application/x-www-form-urlencoded") : nil)
        } else if !data.isEmpty {
            if !files.isEmpty { report.add("\(source):\(urlWord.line)", "data read from files (@file) mixed with other data is not imported") }
            let joined = texts.joined(separator: "&")
            if isJSON || contentType?.lowercased().contains("json") == true {
                body = .json(joined)
                if isJSON, !headers.contains(where: { $0.name.caseInsensitiveCompare("Accept") == .orderedSame }) {
                    headers.append(KeyValue("Accept", "application/json"))
                }
            } else if contentType == nil || contentType?.lowercased().contains("x-www-form-urlencoded") == true {
                let items = QueryEncoding.decode(joined)
                let splits = joined.split(separator: "&", omittingEmptySubsequences: false)
                if !joined.isEmpty, splits.allSatisfy({ $0.contains("=") }), QueryEncoding.formEncode(items) == joined {
                    body = .form(items.map { KeyValue($0.name, $0.value ?? "") })
                } else {
                    body = .text(joined, contentType: contentType == nil ? "application/x-www-form-urlencoded" : nil)
                }
            } else {
                body = .text(joined, contentType: nil)
            }
        }

        let verb: String
        if let method { verb = method } else if isHead { verb = "HEAD" } else if upload != nil { verb = "PUT" } else if body != .none { verb = "POST" } else { verb = "GET" }
        guard !verb.isEmpty, verb.allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
            throw ImportError(SourceLocation(file: source, line: words.first?.line ?? 1), "'\(verb)' is not an HTTP method")
        }
        // The loader refuses an absolute URL without variables that does not parse, so the importer does too, rather
        // than writing a file that cannot load (the curl fuzzer found one).
        if !ImportURL.isLoadable(baseURL) {
            let globbing = baseURL.contains("{") || baseURL.contains("[")
            throw ImportError(SourceLocation(file: source, line: urlWord.line),
                              globbing ? "the URL uses curl's {a,b} or [1-9] globbing, which apiexplorer does not expand; give one URL"
                                       : "'\(TerminalSafeText.sanitize(String(baseURL.prefix(80))))' is not a URL with a host")
        }
        if baseURL.contains("{") || baseURL.contains("[") {
            if !baseURL.contains("{{") { report.add("\(source):\(urlWord.line)", "the URL uses curl's {a,b} or [1-9] globbing, which is not expanded; sent as written") }
        }
        let path = URLComponents(string: baseURL)?.path ?? ""
        let name = "\(verb) \(path.isEmpty ? "/" : path)"
        let request = RequestSpec(name: name, slug: ImportSlug.make(name), method: verb, url: baseURL, query: query, headers: headers,
                                  body: body, auth: auth, timeout: timeout, verifyTLS: verifyTLS)
        return (request, attachments.items, report)
    }

    /// `Name: value` (or `Name;` for an empty value) as a header.
    private static func header(_ text: String) -> KeyValue? {
        if text.hasSuffix(";"), !text.contains(":") { return KeyValue(String(text.dropLast()).trimmingCharacters(in: .whitespaces), "") }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        return KeyValue(text[..<colon].trimmingCharacters(in: .whitespaces), text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }

    /// One `--data-urlencode` argument encoded as curl does (`name=content` encodes only the content); nil for `@file`.
    private static func urlEncoded(_ argument: String) -> String? {
        if let equals = argument.firstIndex(of: "=") {
            let name = String(argument[..<equals])
            let content = QueryEncoding.encode(String(argument[argument.index(after: equals)...]))
            return name.isEmpty ? content : "\(name)=\(content)"
        }
        if argument.contains("@") { return nil }
        return QueryEncoding.encode(argument)
    }
}
