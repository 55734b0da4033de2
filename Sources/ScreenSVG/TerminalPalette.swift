import ExplorerTUI

/// The colours a picture gives the terminal's defaults and its 16 ANSI colours; entries 16-255 are xterm's.
struct TerminalPalette: Hashable, Sendable {
    /// The default text colour.
    var foreground: RGBColor
    /// The default background, also the picture's own.
    var background: RGBColor
    /// ANSI colours 0-15.
    var ansi: [RGBColor]

    /// A dark terminal: VS Code's integrated terminal colours, readable on a dark page and on a light one's frame.
    static let dark = TerminalPalette(
        foreground: RGBColor(0xCCCCCC),
        background: RGBColor(0x1E1E1E),
        ansi: [0x000000, 0xCD3131, 0x0DBC79, 0xE5E510, 0x2472C8, 0xBC3FBC, 0x11A8CD, 0xE5E5E5,
               0x666666, 0xF14C4C, 0x23D18B, 0xF5F543, 0x3B8EEA, 0xD670D6, 0x29B8DB, 0xE5E5E5].map(RGBColor.init)
    )

    /// What `color` paints, `fallback` standing for the default.
    func resolve(_ color: TerminalColor, default fallback: RGBColor) -> RGBColor {
        switch color {
        case .default:
            return fallback
        case let .indexed(index) where Int(index) < ansi.count:
            return ansi[Int(index)]
        case let .indexed(index):
            let (red, green, blue) = ColorDepth.rgb(ofPaletteIndex: Int(index))
            return RGBColor(red: UInt8(clamping: red), green: UInt8(clamping: green), blue: UInt8(clamping: blue))
        case let .rgb(red, green, blue):
            return RGBColor(red: red, green: green, blue: blue)
        }
    }

    /// The text and background colours of `style`, swapped when it is reversed.
    func colors(of style: CellStyle) -> (foreground: RGBColor, background: RGBColor) {
        let text = resolve(style.foreground, default: foreground)
        let behind = resolve(style.background, default: background)
        return style.reverse ? (behind, text) : (text, behind)
    }
}
