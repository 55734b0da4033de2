import ExplorerCore
import Foundation

/// A tool's result as the JSON text an agent reads: keys sorted, every string masked before it is written, and the
/// text masked once more after, so no secret survives in any form the writer gave it.
enum MCPJSON {
    /// `object` (dictionaries, arrays, strings, numbers, booleans, NSNull) as pretty JSON, secrets masked.
    static func text(_ object: Any, masker: SecretMasker) -> String {
        let masked = mask(object, with: masker)
        guard JSONSerialization.isValidJSONObject(masked),
              let data = try? JSONSerialization.data(withJSONObject: masked, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]) else {
            return "{}"
        }
        return masker.mask(String(decoding: data, as: UTF8.self))
    }

    /// `object` with every string in it (keys too) masked.
    private static func mask(_ object: Any, with masker: SecretMasker) -> Any {
        switch object {
        case let text as String:
            return masker.mask(text)
        case let dictionary as [String: Any]:
            var out: [String: Any] = [:]
            for (key, value) in dictionary { out[masker.mask(key)] = mask(value, with: masker) }
            return out
        case let array as [Any]:
            return array.map { mask($0, with: masker) }
        default:
            return object
        }
    }
}
