import CJavaScriptCore
import ExplorerCore
import Foundation

/// The functions the prelude's `crypto` calls into: hashes in hex and random UUIDs. They take text and give text,
/// and reach nothing outside the process.
enum ScriptNatives {
    /// The functions by name, as `__native.NAME`.
    static let functions: [(String, JSObjectCallAsFunctionCallback)] = [
        ("hmacSHA256", { context, _, _, count, arguments, _ in
            let key = ScriptNatives.argument(0, count, arguments, context)
            let message = ScriptNatives.argument(1, count, arguments, context)
            return JSText.value(HexText.encode(HMACSHA256.mac(key: Array(key.utf8), message: Array(message.utf8))), in: context)
        }),
        ("sha256", { context, _, _, count, arguments, _ in
            JSText.value(HexText.encode(SHA256Hash.hash(Array(ScriptNatives.argument(0, count, arguments, context).utf8))), in: context)
        }),
        ("md5", { context, _, _, count, arguments, _ in
            JSText.value(HexText.encode(MD5Hash.hash(Array(ScriptNatives.argument(0, count, arguments, context).utf8))), in: context)
        }),
        ("uuid", { context, _, _, _, _, _ in
            JSText.value(UUID().uuidString.lowercased(), in: context)
        }),
    ]

    /// Argument `index` as text; empty when it was not passed.
    static func argument(_ index: Int, _ count: Int, _ arguments: UnsafePointer<JSValueRef?>?, _ context: JSContextRef?) -> String {
        guard index < count, let arguments, let value = arguments[index], let context else { return "" }
        return JSText.string(value, in: context) ?? ""
    }
}
