import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Prints a request and its response like HTTPie: selected parts, formatted and coloured, secrets masked,
/// control characters made visible.
struct ResponsePrinter {
    /// `--print` letters: H request head, B request body, h response head, b response body, m status/time/size line,
    /// t trace (protocol, TLS session and certificate, redirects, the connection of each hop and timings).
    var parts: Set<Character>
    var pretty: PrettyMode
    var useColor: Bool
    var masker: SecretMasker
    /// `--show-secrets`: credential headers printed as sent.
    var revealsSecrets = false

    func paint(_ text: String, _ sgr: String) -> String {
        useColor ? "\u{1B}[\(sgr)m\(text)\u{1B}[0m" : text
    }

    /// Untrusted text (from the server or a collection file) with secrets masked and controls made visible; line breaks
    /// are kept. Colours are added only after this, so they are the only escape sequences that reach the terminal.
    func clean(_ text: String) -> String {
        TerminalSafeText.sanitizedLines(utf8: Array(masker.mask(text).utf8)).joined(separator: "\n")
    }

    /// The request part of the output: `headers` are those the request went out with (`Response.sentHeaders`, or
    /// `wireHeaders` when no hop was sent); a credential header added as it was sent shows its scheme alone unless
    /// `revealsSecrets`.
    func requestText(_ request: Request, headers: [Header]) -> String {
        var out = ""
        if parts.contains("H") {
            let url = request.url
            let target = (url?.path.isEmpty == false ? url?.path ?? "/" : "/") + (url?.query.map { "?\($0)" } ?? "")
            out += paint(clean("\(request.httpMethod.rawValue) \(target) HTTP/1.1"), "1") + "\n"
            if let host = url?.host { out += paint("Host", "36") + ": " + clean("\(host)\(url?.port.map { ":\($0)" } ?? "")") + "\n" }
            // One the request itself set is masked when it is secret.
            for field in revealsSecrets ? headers : SecretRedactor().redactAdded(headers, own: request.wireHeaders) {
                out += paint(clean(field.name), "36") + ": " + clean(field.value) + "\n"
            }
            out += "\n"
        }
        if parts.contains("B"), let body = request.body, let data = try? body.encoded() {
            out += clean(String(decoding: data, as: UTF8.self)) + "\n\n"
        }
        return out
    }

    /// Bodies up to this size are formatted whole (XML, HTML, forms); larger ones are streamed as text.
    static let wholeFormattingLimit = 4 << 20
    /// About how many body bytes are turned into output at a time.
    static let pieceSize = 1 << 20

    /// Writes the response part of the output to `write`: the head, then the body in pieces, so memory stays bounded
    /// whatever the body's size. A binary body is summarised (size, type, hex preview) rather than dumped as escapes:
    /// `--output` is the way to its bytes.
    func writeResponse(_ response: Request.Response, to write: ([UInt8]) -> Void) {
        var out = ""
        if parts.contains("m") {
            let status = "\(response.statusCode) " + clean(response.reasonPhrase)
            let color = response.statusCode >= 500 ? "1;31" : response.statusCode >= 400 ? "1;33" : response.statusCode >= 300 ? "1;36" : "1;32"
            var line = paint(status, color) + "  " + MeasurementText.duration(response.duration) + "  " + MeasurementText.bodySize(response.byteCount, onTheWire: response.wireByteCount)
            if response.wasRedirected, let url = response.url { line += "  → " + clean(url.absoluteString) }
            out += line + "\n"
        }
        if parts.contains("t") {
            for line in ResponseTrace.lines(for: response) { out += paint(clean(line), "2") + "\n" }
        }
        if parts.contains("h") {
            let version = response.connection?.httpVersion ?? "HTTP/1.1"
            out += paint("\(version) \(response.statusCode) " + clean(response.reasonPhrase), "1") + "\n"
            for field in response.headers.fields { out += paint(clean(field.name), "36") + ": " + clean(field.value) + "\n" }
        }
        guard parts.contains("b") else { return write(Array(out.utf8)) }
        if parts.contains("h") || parts.contains("m") { out += "\n" }
        write(Array(out.utf8))
        let data = response.data
        let contentTypeHeader = response.headers["Content-Type"]
        let contentType = contentTypeHeader.map(ContentType.init)
        let kind = BodyFormatter.kind(of: data, contentType: contentType)
        // Binary by its type, or by NUL bytes or (with no telling type) mostly control bytes: what the explorer shows as hex.
        if kind == .binary {
            let summary = BodyFormatter.binarySummary(data, contentType: contentType)
            return write(Array((clean(summary.text) + "\n").utf8))
        }
        if pretty.formats, kind == .json, contentType?.charset.map({ $0 == "utf-8" || $0 == "utf8" }) ?? true,
           streamPrettyJSON(response, to: write) {
            return
        }
        if data.count <= Self.wholeFormattingLimit {
            return write(Array(body(response).utf8))
        }
        // Too large to format whole: the text as it is, made terminal-safe, piece by piece.
        if pretty.formats, kind == .json || kind == .invalidJSON {
            // Only invalid JSON gets here (or JSON in another charset): say why it is not formatted, as the explorer does.
            if case let .failure(error) = data.withUnsafeBytes({ buffer in
                Result { () throws(JSONSyntaxError) in try JSONFormatter.prettyPrint(buffer, to: { _ in }) }
            }) {
                write(Array((JSONFormatter.invalidJSONNote(error) + "\n").utf8))
            }
        }
        streamText(response, charset: contentType?.charset, to: write)
        write([0x0A])
    }

    /// The body pretty-printed by the streaming formatter (terminal-safe by construction) and masked piece by piece;
    /// a piece ends at a line end, and a JSON line never holds a raw line break, so no secret is split. False, with
    /// nothing written, when the body is not valid JSON.
    private func streamPrettyJSON(_ response: Request.Response, to write: ([UInt8]) -> Void) -> Bool {
        let style: ANSIStyle? = useColor && pretty.colors ? .standard : nil
        let result: Result<Void, JSONSyntaxError> = response.data.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) in
                try JSONFormatter.prettyPrint(buffer, style: style, didRead: { range in
                    if response.isBodyOnDisk { MappedPages.release(buffer, range) }
                }, to: { piece in write(masker.mask(utf8: piece)) })
                write([0x0A])
            }
        }
        if case .failure = result { return false }
        return true
    }

    /// Writes the body as terminal-safe text in pieces of about `pieceSize` bytes, each cut at a line end when there
    /// is one, never inside a UTF-8 sequence or a secret; a body paged from its temporary file is let go of as it is
    /// written, so resident memory does not grow with it.
    private func streamText(_ response: Request.Response, charset: String?, to write: ([UInt8]) -> Void) {
        let secrets = masker.secrets.map { Array($0.utf8) }.filter { !$0.isEmpty }
        let singleByte = TextDecoding.isSingleByte(charset)
        response.data.withUnsafeBytes { buffer in
            var start = 0
            while start < buffer.count {
                let end = Self.pieceEnd(buffer, from: start, secrets: secrets)
                let piece = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                if singleByte {
                    write(Array(clean(TextDecoding.decode(Data(piece), charset: charset)).utf8))
                } else {
                    write(safeLines(masker.secrets.isEmpty ? Array(piece) : masker.mask(utf8: Array(piece))))
                }
                if response.isBodyOnDisk { MappedPages.release(buffer, start..<end) }
                start = end
            }
        }
    }

    /// UTF-8 bytes made terminal-safe line by line, as `clean` does, without building strings.
    private func safeLines(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var lineStart = 0
            while lineStart <= buffer.count {
                let newline = memchr(base + lineStart, 0x0A, buffer.count - lineStart).map { base.distance(to: UnsafeRawPointer($0)) }
                var lineEnd = newline ?? buffer.count
                if lineEnd > lineStart, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                TerminalSafeText.appendSanitized(utf8: UnsafeRawBufferPointer(rebasing: buffer[lineStart..<lineEnd]), to: &output)
                guard let newline else { break }
                output.append(0x0A)
                lineStart = newline + 1
            }
        }
        return output
    }

    /// Where the piece starting at `start` ends.
    static func pieceEnd(_ buffer: UnsafeRawBufferPointer, from start: Int, secrets: [[UInt8]]) -> Int {
        var end = min(buffer.count, start + pieceSize)
        guard end < buffer.count else { return end }
        if let newline = buffer[(start + pieceSize / 2)..<end].lastIndex(of: 0x0A) {
            end = newline + 1
        } else {
            // Not inside a UTF-8 sequence: back off over continuation bytes.
            var steps = 0
            while steps < 3, end > start + 1, buffer[end] & 0xC0 == 0x80 {
                end -= 1
                steps += 1
            }
        }
        // Not inside a secret: move past any occurrence that straddles the cut.
        for secret in secrets where secret.count > 1 {
            let low = max(start, end - secret.count + 1)
            let high = min(buffer.count, end + secret.count - 1)
            var position = low
            while position + secret.count <= high {
                if position < end, position + secret.count > end,
                   buffer[position..<(position + secret.count)].elementsEqual(secret) {
                    end = position + secret.count
                    break
                }
                position += 1
            }
        }
        return end
    }

    /// A body small enough to format whole (not binary: that is summarised before this).
    private func body(_ response: Request.Response) -> String {
        let contentType = response.headers["Content-Type"]
        guard pretty.formats else { return clean(String(decoding: response.data, as: UTF8.self)) + "\n" }
        let formatted = BodyFormatter.format(response.data, contentType: contentType)
        return (useColor && pretty.colors ? colored(formatted.lines) : clean(formatted.text)) + "\n"
    }

    /// Formatted lines with ANSI colours; a line holding a secret is printed masked and uncoloured, since masking
    /// token by token could miss a secret split across tokens.
    func colored(_ lines: [BodyLine]) -> String {
        let style = ANSIStyle.standard
        return lines.map { line in
            let plain = line.text
            let masked = masker.mask(plain)
            guard masked == plain else { return clean(masked) }
            return String(repeating: " ", count: line.indent) + line.tokens.map { token in
                ANSIStyle.wrap(TerminalSafeText.sanitize(token.text), parameters: style.parameters(for: token.kind))
            }.joined()
        }.joined(separator: "\n")
    }
}
