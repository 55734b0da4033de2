import Foundation

// Reading values back out of the node list: children, decoded strings, numbers, compact text.
extension JSONPathDocument {
    /// The element node indices of the array at `node`, in order.
    func elements(of node: Int) -> [Int] {
        var result: [Int] = []
        var child = node + 1
        let end = Int(nodes[node].next)
        while child < end {
            result.append(child)
            child = Int(nodes[child].next)
        }
        return result
    }

    /// The (key, value) node index pairs of the object at `node`, in document order.
    func members(of node: Int) -> [(key: Int, value: Int)] {
        var result: [(key: Int, value: Int)] = []
        var key = node + 1
        let end = Int(nodes[node].next)
        while key + 1 < end {
            result.append((key, key + 1))
            key = Int(nodes[key + 1].next)
        }
        return result
    }

    /// The raw bytes of a node, quotes included for strings.
    func rawBytes(of node: Int) -> Data {
        body[body.startIndex + Int(nodes[node].start) ..< body.startIndex + Int(nodes[node].end)]
    }

    /// True if the string or key at `node` decodes to `name`; compares bytes when no escapes are involved.
    func stringEquals(_ node: Int, _ name: String, utf8 nameBytes: [UInt8]) -> Bool {
        let raw = rawBytes(of: node)
        let inner = raw.dropFirst().dropLast()
        if !inner.contains(0x5C) { return inner.elementsEqual(nameBytes) }
        return decodedString(node) == name
    }

    /// The decoded text of the string or key at `node`.
    func decodedString(_ node: Int) -> String {
        let raw = rawBytes(of: node)
        let inner = Array(raw.dropFirst().dropLast())
        guard inner.contains(0x5C) else { return String(decoding: inner, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var index = 0
        func flush() {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
            bytes.removeAll(keepingCapacity: true)
        }
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= inner.count else { return nil }
            return UInt32(String(decoding: inner[at..<at + 4], as: UTF8.self), radix: 16)
        }
        while index < inner.count {
            let byte = inner[index]
            guard byte == 0x5C, index + 1 < inner.count else {
                bytes.append(byte)
                index += 1
                continue
            }
            let escape = inner[index + 1]
            index += 2
            switch escape {
            case 0x62: bytes.append(0x08)
            case 0x66: bytes.append(0x0C)
            case 0x6E: bytes.append(0x0A)
            case 0x72: bytes.append(0x0D)
            case 0x74: bytes.append(0x09)
            case 0x75:
                flush()
                guard var code = hex4(index) else { continue }
                index += 4
                // A high surrogate followed by an escaped low surrogate is one scalar.
                if (0xD800..<0xDC00).contains(code), index + 6 <= inner.count, inner[index] == 0x5C,
                   inner[index + 1] == 0x75, let low = hex4(index + 2), (0xDC00..<0xE000).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: bytes.append(escape)
            }
        }
        flush()
        return String(scalars)
    }

    /// The number at `node` as a Double, for comparisons (literal text is kept for output).
    func numberValue(_ node: Int) -> Double {
        Double(String(decoding: rawBytes(of: node), as: UTF8.self)) ?? .nan
    }

    /// Appends the node's value as compact JSON: the body's bytes without the whitespace between tokens,
    /// so keys keep their order and numbers and escapes their spelling.
    func appendCompactJSON(of node: Int, to output: inout [UInt8]) {
        let start = body.startIndex + Int(nodes[node].start)
        let end = body.startIndex + Int(nodes[node].end)
        guard nodes[node].isContainer else {
            output.append(contentsOf: body[start..<end])
            return
        }
        body.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var inString = false
            var index = start - body.startIndex
            let stop = end - body.startIndex
            while index < stop {
                let byte = buffer[index]
                if inString {
                    output.append(byte)
                    if byte == 0x5C, index + 1 < stop {
                        output.append(buffer[index + 1])
                        index += 1
                    } else if byte == 0x22 {
                        inString = false
                    }
                } else if byte == 0x22 {
                    inString = true
                    output.append(byte)
                } else if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
                    output.append(byte)
                }
                index += 1
            }
        }
    }

    /// A member name escaped as RFC 9535 section 2.7 spells it inside single quotes.
    static func escapedName(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
