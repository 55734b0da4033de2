/// Colours and attributes of a cell; `nil` colours mean "keep whatever is underneath".
public struct Style: Hashable, Sendable {
    /// Foreground colour, or nil to inherit when patched onto another style.
    public var foreground: Color?
    /// Background colour, or nil to inherit when patched onto another style.
    public var background: Color?
    /// Attributes; patching adds them to the ones underneath.
    public var attributes: TextAttributes

    /// Creates a style.
    public init(foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The empty style: inherits everything, so patching with it changes nothing.
    public static let plain = Style()

    /// Returns this style with `other` layered on top: its colours win when set, attributes accumulate.
    public func patched(with other: Style) -> Style {
        Style(
            foreground: other.foreground ?? foreground,
            background: other.background ?? background,
            attributes: attributes.union(other.attributes)
        )
    }

    /// Layers `other` on top of this style in place.
    public mutating func patch(_ other: Style) {
        self = patched(with: other)
    }

    /// Returns a copy with the given foreground.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// Returns a copy with the given background.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }

    /// Returns a copy with the given attributes added.
    public func adding(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }

    /// Bold text in the default colours.
    public static let bold = Style(attributes: .bold)
    /// Reverse video, the usual selection highlight on monochrome terminals.
    public static let reversed = Style(attributes: .reverse)
    /// Dim text for secondary information.
    public static let dim = Style(attributes: .dim)
}
