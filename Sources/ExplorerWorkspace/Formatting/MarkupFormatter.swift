import ExplorerCore

/// Highlights HTML and re-indents XML for display.
///
/// Deliberately a tolerant scanner, not a parser: a response viewer must show
/// broken markup too, so anything it cannot make sense of is shown as text.
enum MarkupFormatter {
    static let indentStep = 2

    /// XML re-indented one element per line; a text-only element stays on one line.
    static func prettyPrintXML(_ text: String) -> [BodyLine] {
        let items = scan(Array(text.utf8))
        var lines: [BodyLine] = []
        var depth = 0
        var index = 0
        func line(_ tokens: [BodyToken]) {
            lines.append(BodyLine(indent: depth * indentStep, tokens: tokens))
        }
        while index < items.count {
            switch items[index] {
            case .text(let bytes):
                for piece in bytes.split(separator: 0x0A) {
                    let trimmed = trim(piece)
                    if !trimmed.isEmpty { line([BodyToken(.text, safe(trimmed))]) }
                }
            case .open(let tag, let name):
                if index + 1 < items.count, case .close(let closeTag, let closeName) = items[index + 1], closeName == name {
                    line(tagTokens(tag) + tagTokens(closeTag))
                    index += 1
                } else if index + 2 < items.count, case .text(let inner) = items[index + 1],
                          case .close(let closeTag, let closeName) = items[index + 2], closeName == name,
                          !trim(inner[...]).contains(0x0A) {
                    line(tagTokens(tag) + [BodyToken(.text, safe(trim(inner[...])))] + tagTokens(closeTag))
                    index += 2
                } else {
                    line(tagTokens(tag))
                    depth += 1
                }
            case .close(let tag, _):
                depth = max(0, depth - 1)
                line(tagTokens(tag))
            case .selfClosing(let tag):
                line(tagTokens(tag))
            case .comment(let bytes):
                line([BodyToken(.comment, safe(bytes[...]))])
            }
            index += 1
        }
        return lines
    }

    /// HTML line by line as sent, with tags, attributes and comments highlighted.
    /// HTML is not re-indented because void elements and optional end tags make guessing structure unreliable.
    static func highlightHTML(_ text: String) -> [BodyLine] {
        let bytes = Array(text.utf8)
        return bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { rawLine in
            var lineBytes = Array(rawLine)
            if lineBytes.last == 0x0D { lineBytes.removeLast() }
            var tokens: [BodyToken] = []
            for item in scan(lineBytes) {
                switch item {
                case .text(let text): tokens.append(BodyToken(.text, TerminalSafeText.sanitize(utf8: text)))
                case .open(let tag, _), .close(let tag, _), .selfClosing(let tag): tokens += tagTokens(tag)
                case .comment(let comment): tokens.append(BodyToken(.comment, safe(comment[...])))
                }
            }
            return BodyLine(tokens: tokens)
        }
    }

    /// Splits markup into items; an unterminated construct becomes text.
    static func scan(_ bytes: [UInt8]) -> [MarkupItem] {
        var items: [MarkupItem] = []
        var textStart = 0
        var index = 0
        func flushText(upTo end: Int) {
            if end > textStart { items.append(.text(Array(bytes[textStart..<end]))) }
        }
        while index < bytes.count {
            guard bytes[index] == 0x3C else {
                index += 1
                continue
            }
            guard let (item, end) = item(in: bytes, at: index) else {
                index += 1
                continue
            }
            flushText(upTo: index)
            items.append(item)
            index = end
            textStart = end
        }
        flushText(upTo: bytes.count)
        return items
    }

    /// The item starting at the `<` at `start` and the index after it, or nil if it is not markup.
    private static func item(in bytes: [UInt8], at start: Int) -> (MarkupItem, Int)? {
        func hasPrefix(_ prefix: String) -> Bool {
            let prefixBytes = Array(prefix.utf8)
            return bytes.count - start >= prefixBytes.count && Array(bytes[start..<(start + prefixBytes.count)]) == prefixBytes
        }
        func comment(until terminator: String, from offset: Int) -> (MarkupItem, Int)? {
            guard let end = find(Array(terminator.utf8), in: bytes, from: start + offset) else { return nil }
            return (.comment(Array(bytes[start..<end])), end)
        }
        if hasPrefix("<!--") { return comment(until: "-->", from: 4) }
        if hasPrefix("<![CDATA[") { return comment(until: "]]>", from: 9) }
        if hasPrefix("<?") { return comment(until: "?>", from: 2) }
        if hasPrefix("<!") { return comment(until: ">", from: 2) }
        let isClose = hasPrefix("</")
        let nameStart = start + (isClose ? 2 : 1)
        guard nameStart < bytes.count, isNameStart(bytes[nameStart]) else { return nil }
        guard let end = tagEnd(in: bytes, from: nameStart) else { return nil }
        var nameEnd = nameStart
        while nameEnd < end && isNameByte(bytes[nameEnd]) { nameEnd += 1 }
        let tag = Array(bytes[start..<end])
        let name = Array(bytes[nameStart..<nameEnd])
        if isClose { return (.close(tag: tag, name: name), end) }
        if end >= 2 && bytes[end - 2] == 0x2F { return (.selfClosing(tag), end) }
        return (.open(tag: tag, name: name), end)
    }

    /// Index after the `>` closing a tag, skipping `>` inside quoted attribute values.
    private static func tagEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x3E {
                return index + 1
            } else if byte == 0x3C {
                return nil
            }
            index += 1
        }
        return nil
    }

    /// Splits one complete tag into name, attribute and punctuation tokens, normalising
    /// the spacing between attributes to one blank.
    static func tagTokens(_ tag: [UInt8]) -> [BodyToken] {
        var tokens: [BodyToken] = []
        var index = 1
        if index < tag.count && tag[index] == 0x2F { index += 1 }
        while index < tag.count && isNameByte(tag[index]) { index += 1 }
        tokens.append(BodyToken(.tag, safe(tag[0..<index])))
        let end = tag.count - 1 // the closing '>'
        while index < end {
            let byte = tag[index]
            if isSpace(byte) {
                index += 1
            } else if isNameStart(byte) {
                let nameStart = index
                while index < end && !isSpace(tag[index]) && tag[index] != 0x3D && tag[index] != 0x2F {
                    index += 1
                }
                tokens.append(BodyToken(.whitespace, " "))
                tokens.append(BodyToken(.attributeName, safe(tag[nameStart..<index])))
                var look = index
                while look < end && isSpace(tag[look]) { look += 1 }
                guard look < end && tag[look] == 0x3D else { continue }
                tokens.append(BodyToken(.tag, "="))
                index = look + 1
                while index < end && isSpace(tag[index]) { index += 1 }
                let valueStart = index
                if index < end && (tag[index] == 0x22 || tag[index] == 0x27) {
                    let quote = tag[index]
                    index += 1
                    while index < end && tag[index] != quote { index += 1 }
                    index = min(index + 1, end)
                } else {
                    while index < end && !isSpace(tag[index]) { index += 1 }
                }
                tokens.append(BodyToken(.attributeValue, safe(tag[valueStart..<index])))
            } else {
                let start = index
                index += 1
                tokens.append(BodyToken(.tag, safe(tag[start..<index])))
            }
        }
        tokens.append(BodyToken(.tag, ">"))
        return tokens
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && Array(bytes[index..<(index + needle.count)]) == needle {
                return index + needle.count
            }
            index += 1
        }
        return nil
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return slice
    }

    private static func safe(_ bytes: ArraySlice<UInt8>) -> String {
        TerminalSafeText.sanitize(utf8: bytes, allowTab: false)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }
}
