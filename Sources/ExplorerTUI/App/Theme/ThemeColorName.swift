import Foundation

/// Colour names as theme files write them: `green`, `brightBlack` (or `grey`), `208`, `#ff8700`, `default`.
enum ThemeColorName {
    static let named: [String: Color] = [
        "default": .default, "black": .black, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
        "magenta": .magenta, "cyan": .cyan, "white": .white, "brightblack": .brightBlack, "grey": .brightBlack,
        "gray": .brightBlack, "brightred": .brightRed, "brightgreen": .brightGreen, "brightyellow": .brightYellow,
        "brightblue": .brightBlue, "brightmagenta": .brightMagenta, "brightcyan": .brightCyan, "brightwhite": .brightWhite,
    ]

    /// The colour `text` names, or nil when it names none.
    static func color(_ text: String) -> Color? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let key = trimmed.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        if let color = named[key] { return color }
        if let index = Int(trimmed), (0...255).contains(index) { return .indexed(UInt8(index)) }
        guard trimmed.hasPrefix("#") else { return nil }
        var hex = String(trimmed.dropFirst())
        if hex.count == 3 { hex = hex.map { "\($0)\($0)" }.joined() }
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// What a colour may be written as, for error messages.
    static let expected = "a colour name (red, brightBlue, grey, default…), a palette number 0-255 or #rrggbb"
}
