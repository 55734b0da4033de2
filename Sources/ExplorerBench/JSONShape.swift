import Foundation

/// The three kinds of JSON body the formatting benchmarks use.
enum JSONShape: String, CaseIterable, Sendable {
    /// An array of small flat objects, like a list endpoint.
    case arrayOfObjects = "array of objects"
    /// Objects and arrays nested 120 deep, repeated.
    case deepNesting = "deep nesting"
    /// Long strings full of escapes and non-ASCII text.
    case escapedStrings = "escaped strings"

    /// A body of this shape of about `size` bytes (always valid JSON).
    func generate(size: Int) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(size + 4096)
        out.append(UInt8(ascii: "["))
        var index = 0
        while out.count < size {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(element(index).utf8)
            index += 1
        }
        out.append(UInt8(ascii: "]"))
        return Data(out)
    }

    private func element(_ index: Int) -> String {
        switch self {
        case .arrayOfObjects:
            return #"{"id":\#(index),"name":"user \#(index)","email":"user\#(index)@example.com","active":\#(index % 2 == 0),"score":\#(Double(index) * 1.5),"tags":["a","b"],"manager":null}"#
        case .deepNesting:
            // 120 levels (three per repetition): jq 1.6 refuses deeper documents.
            let depth = 40
            return String(repeating: #"{"level":[1,{"next":"#, count: depth) + "\(index)" + String(repeating: "}]}", count: depth)
        case .escapedStrings:
            let piece = #"line \"\#(index)\"\n\ttab\\back\u00e9 caf\u00e9 \ud83d\ude00 "#
            return "\"" + String(repeating: piece, count: 200) + "\""
        }
    }
}
