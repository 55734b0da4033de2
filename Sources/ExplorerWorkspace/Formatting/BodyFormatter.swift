import ExplorerCore
import Foundation

/// Turns a response body into terminal-safe display lines according to its Content-Type.
public enum BodyFormatter {
    /// Formats `body` as described by the `Content-Type` header value (sniffing when nil).
    public static func format(_ body: Data, contentType header: String?) -> FormattedBody {
        let contentType = header.map(ContentType.init)
        let charset = contentType?.charset
        let kind = kind(of: body, contentType: contentType)
        switch kind {
        case .empty:
            return FormattedBody(kind: .empty, lines: [note("(empty body)")])
        case .json, .invalidJSON:
            return formatJSON(body, charset: charset)
        case .xml:
            return FormattedBody(kind: .xml, lines: MarkupFormatter.prettyPrintXML(TextDecoding.decode(body, charset: charset)))
        case .html:
            return FormattedBody(kind: .html, lines: MarkupFormatter.highlightHTML(TextDecoding.decode(body, charset: charset)))
        case .form:
            return FormattedBody(kind: .form, lines: FormURLEncodedTable.lines(for: body, charset: charset))
        case .text:
            return FormattedBody(kind: .text, lines: textLines(TextDecoding.decode(body, charset: charset)))
        case .binary:
            return binarySummary(body, contentType: contentType)
        }
    }

    /// What a binary body is shown as: its size and type, and a hex preview of its first bytes (whatever its size).
    public static func binarySummary(_ body: Data, contentType: ContentType?) -> FormattedBody {
        let type = contentType.map { $0.mediaType.isEmpty ? "unknown type" : $0.mediaType } ?? "unknown type"
        var lines = [note("(binary body: \(body.count) bytes, \(TerminalSafeText.sanitize(type)))")]
        lines += HexPreview.lines(for: body)
        if body.count > HexPreview.byteLimit {
            lines.append(note("(\(body.count - HexPreview.byteLimit) more bytes not shown)"))
        }
        return FormattedBody(kind: .binary, lines: lines)
    }

    /// How `body` will be shown: by media type first, by looking at the bytes when the type says little.
    public static func kind(of body: Data, contentType: ContentType?) -> BodyKind {
        if body.isEmpty { return .empty }
        guard let contentType, !contentType.mediaType.isEmpty else { return sniff(body) }
        let type = contentType.type
        let subtype = contentType.subtype
        let declared: BodyKind
        switch true {
        case subtype == "json" || subtype.hasSuffix("+json"): declared = .json
        case subtype == "html": declared = .html
        case subtype == "xml" || subtype.hasSuffix("+xml"): declared = .xml
        case contentType.mediaType == "application/x-www-form-urlencoded": declared = .form
        case type == "text" || textSubtypes.contains(subtype): declared = .text
        case binaryTypes.contains(type) || binarySubtypes.contains(subtype): return .binary
        default: return looksLikeText(body) ? .text : .binary
        }
        // A text type is believed unless a NUL byte says otherwise (UTF-16 text is full of them): a few terminal
        // escapes in a text body are shown as visible escapes, not turned into a hex dump.
        if contentType.charset?.hasPrefix("utf-16") == true { return declared }
        return hasNULBytes(body) ? .binary : declared
    }

    /// True when the first 4 KB hold a NUL byte, which no text carries.
    static func hasNULBytes(_ body: Data) -> Bool {
        body.prefix(4096).contains(0)
    }

    private static let textSubtypes: Set<String> = [
        "javascript", "ecmascript", "x-javascript", "yaml", "x-yaml", "toml", "sql", "graphql", "csv", "x-sh", "x-ndjson",
    ]
    private static let binaryTypes: Set<String> = ["image", "audio", "video", "font", "model"]
    private static let binarySubtypes: Set<String> = [
        "octet-stream", "pdf", "zip", "gzip", "x-gzip", "x-tar", "x-protobuf", "protobuf", "wasm", "x-msgpack", "msgpack", "cbor",
    ]

    private static func sniff(_ body: Data) -> BodyKind {
        guard looksLikeText(body) else { return .binary }
        let first = body.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        if first == 0x7B || first == 0x5B {
            let valid = body.withUnsafeBytes { buffer in
                JSONFormatter.formatLines(in: buffer, maxLines: Int.max).nextState.error == nil
            }
            if valid { return .json }
        }
        if first == 0x3C {
            let head = String(decoding: body.prefix(512), as: UTF8.self).lowercased()
            return head.contains("<!doctype html") || head.contains("<html") ? .html : .xml
        }
        return .text
    }

    /// Text has no NUL bytes and few other controls in its first kilobytes.
    public static func looksLikeText(_ body: Data) -> Bool {
        let head = body.prefix(4096)
        var controls = 0
        for byte in head {
            if byte == 0 { return false }
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0x0C { controls += 1 }
        }
        return controls * 20 <= head.count
    }

    private static func formatJSON(_ body: Data, charset: String?) -> FormattedBody {
        // JSON is UTF-8 by definition, but a server that labels it Latin-1 means what it says.
        let utf8 = TextDecoding.isSingleByte(charset) ? Data(TextDecoding.decode(body, charset: charset).utf8) : body
        let (jsonLines, state) = JSONFormatter(utf8).formatLines(maxLines: Int.max)
        if let error = state.error {
            var lines = [note(JSONFormatter.invalidJSONNote(error))]
            lines += TerminalSafeText.sanitizedLines(utf8: utf8).map { BodyLine(tokens: [BodyToken(.text, $0)]) }
            return FormattedBody(kind: .invalidJSON, lines: lines)
        }
        let lines = jsonLines.map(BodyLine.init)
        return FormattedBody(kind: .json, lines: lines)
    }

    private static func textLines(_ text: String) -> [BodyLine] {
        TerminalSafeText.sanitizedLines(utf8: Array(text.utf8)).map { BodyLine(tokens: [BodyToken(.text, $0)]) }
    }

    private static func note(_ text: String) -> BodyLine {
        BodyLine(tokens: [BodyToken(.note, text)])
    }
}
