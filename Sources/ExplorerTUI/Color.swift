/// A terminal colour, independent of any backend's colour numbering.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// ANSI black (0).
    case black
    /// ANSI red (1).
    case red
    /// ANSI green (2).
    case green
    /// ANSI yellow (3).
    case yellow
    /// ANSI blue (4).
    case blue
    /// ANSI magenta (5).
    case magenta
    /// ANSI cyan (6).
    case cyan
    /// ANSI white (7).
    case white
    /// Bright black, usually rendered grey (8).
    case brightBlack
    /// Bright red (9).
    case brightRed
    /// Bright green (10).
    case brightGreen
    /// Bright yellow (11).
    case brightYellow
    /// Bright blue (12).
    case brightBlue
    /// Bright magenta (13).
    case brightMagenta
    /// Bright cyan (14).
    case brightCyan
    /// Bright white (15).
    case brightWhite
    /// An entry of the 256-colour palette; only meaningful on terminals that have one.
    case indexed(UInt8)
    /// A 24-bit colour, shown as is on direct-colour terminals and as the nearest palette entry elsewhere.
    case rgb(UInt8, UInt8, UInt8)

    /// The xterm palette index, or nil for `.default`; lets a backend map colours without a switch.
    public var paletteIndex: Int? {
        switch self {
        case .default: return nil
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .brightBlack: return 8
        case .brightRed: return 9
        case .brightGreen: return 10
        case .brightYellow: return 11
        case .brightBlue: return 12
        case .brightMagenta: return 13
        case .brightCyan: return 14
        case .brightWhite: return 15
        case .indexed(let index): return Int(index)
        case let .rgb(red, green, blue): return ColorDepth.nearestPaletteIndex(red: Int(red), green: Int(green), blue: Int(blue))
        }
    }
}
