import ExplorerCore
import Foundation

/// A response body as a result carries it: text up to a limit (the rest left out with a note), or a note for bytes
/// that are not text; secrets masked, including one that straddles the limit.
enum MCPBodyText {
    /// The fields describing `data`: `body` (text, or nil for binary), `bodyBytes`, and `bodyNote` when not all of it
    /// is shown.
    static func fields(_ data: Data, contentType: String?, limit: Int, masker: SecretMasker) -> [String: Any] {
        var fields: [String: Any] = ["bodyBytes": data.count]
        guard !data.isEmpty else {
            fields["body"] = ""
            return fields
        }
        // Masked with room past the limit, so a secret that starts before the cut is masked whole before the text is
        // cut (its encoded forms are at most six times as long: \uXXXX in JSON).
        let longest = masker.secrets.map(\.utf8.count).max() ?? 0
        let window = data.prefix(limit + longest * 6 + 4)
        guard let text = utf8Text(Array(window), complete: window.count == data.count) else {
            fields["body"] = NSNull()
            fields["bodyNote"] = "binary body of \(MeasurementText.byteCount(data.count))\(contentType.map { " (\($0))" } ?? ""), not shown"
            return fields
        }
        let masked = masker.mask(text)
        guard data.count > limit else {
            fields["body"] = masked
            return fields
        }
        var shown = ""
        var used = 0
        for character in masked {
            let size = character.utf8.count
            if used + size > limit { break }
            shown.append(character)
            used += size
        }
        fields["body"] = shown
        fields["bodyTruncated"] = true
        fields["bodyNote"] = "the first \(MeasurementText.byteCount(limit)) of \(MeasurementText.byteCount(data.count)) are shown; `apiexplorer send REF --output FILE` keeps it all"
        return fields
    }

    /// `bytes` as UTF-8 text, forgiving a character cut at the end when they are only the start of the body; nil for
    /// bytes that are not text.
    private static func utf8Text(_ bytes: [UInt8], complete: Bool) -> String? {
        for cut in 0...(complete ? 0 : min(3, bytes.count)) {
            if let text = String(bytes: bytes.dropLast(cut), encoding: .utf8) {
                return text.contains("\u{0}") ? nil : text
            }
        }
        return nil
    }
}
