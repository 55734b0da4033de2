import CJavaScriptCore

/// Swift strings to and from JavaScriptCore's: UTF-16 both ways, so no text is cut at a NUL.
enum JSText {
    /// A new engine string holding `text`; the caller releases it.
    static func make(_ text: String) -> JSStringRef {
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { cjs_JSStringCreateWithCharacters($0.baseAddress, $0.count) }
    }

    /// The text of an engine string.
    static func string(_ string: JSStringRef) -> String {
        let count = cjs_JSStringGetLength(string)
        guard count > 0, let characters = cjs_JSStringGetCharactersPtr(string) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: characters, count: count), as: UTF16.self)
    }

    /// `value` converted to text as JavaScript's `String(value)` does; nil when the conversion throws.
    static func string(_ value: JSValueRef, in context: JSContextRef) -> String? {
        guard let copy = cjs_JSValueToStringCopy(context, value, nil) else { return nil }
        defer { cjs_JSStringRelease(copy) }
        return string(copy)
    }

    /// An engine value holding `text`.
    static func value(_ text: String, in context: JSContextRef?) -> JSValueRef? {
        let string = make(text)
        defer { cjs_JSStringRelease(string) }
        return cjs_JSValueMakeString(context, string)
    }
}
