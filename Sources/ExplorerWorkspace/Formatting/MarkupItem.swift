/// One piece of an XML or HTML document as the markup formatter sees it.
enum MarkupItem: Equatable {
    /// Character data between tags.
    case text([UInt8])
    /// `<name ...>`; `name` is used to keep `<a>text</a>` on one line.
    case open(tag: [UInt8], name: [UInt8])
    /// `</name>`.
    case close(tag: [UInt8], name: [UInt8])
    /// `<name ... />`.
    case selfClosing([UInt8])
    /// Comments, CDATA, processing instructions and doctypes.
    case comment([UInt8])
}
