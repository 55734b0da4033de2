/// How many colours a terminal shows, and how a `Color` becomes one of its colour numbers.
public enum ColorDepth: Sendable, Equatable {
    /// The 8 ANSI colours; bright ones become bold.
    case basic
    /// The 16 ANSI colours.
    case ansi16
    /// The xterm 256-colour palette.
    case palette256
    /// 24-bit colour numbers (terminfo `RGB`, e.g. `TERM=xterm-direct`): numbers under 8 are still ANSI.
    case direct

    /// The depth for a terminal that reports `colors` colours (ncurses `COLORS`).
    public init(colors: Int) {
        switch colors {
        case 0x1000000...: self = .direct
        case 256...: self = .palette256
        case 16...: self = .ansi16
        default: self = .basic
        }
    }

    /// The terminal's number for `color` (-1 for the default colour) and whether bold must stand in for brightness.
    public func number(for color: Color?) -> (number: Int32, boldForBright: Bool) {
        guard let color, let index = color.paletteIndex else { return (-1, false) }
        switch self {
        case .direct:
            if case let .rgb(red, green, blue) = color { return (Self.packed(Int(red), Int(green), Int(blue)), false) }
            // Only 0-7 keep their ANSI meaning; every other number is read as red << 16 | green << 8 | blue.
            if index < 8 { return (Int32(index), false) }
            let (red, green, blue) = Self.rgb(ofPaletteIndex: index)
            return (Self.packed(red, green, blue), false)
        case .palette256:
            return (Int32(index), false)
        case .ansi16:
            if index < 16 { return (Int32(index), false) }
            return (Int32(Self.ansi16(approximating: index)), false)
        case .basic:
            if index < 8 { return (Int32(index), false) }
            if index < 16 { return (Int32(index - 8), true) }
            return (Int32(Self.basic(approximating: index)), false)
        }
    }

    /// The xterm palette entry (16-255) nearest to a 24-bit colour: the 6×6×6 cube or the grey ramp.
    public static func nearestPaletteIndex(red: Int, green: Int, blue: Int) -> Int {
        let cube = [red, green, blue].map { channel in cubeLevels.indices.min { abs(cubeLevels[$0] - channel) < abs(cubeLevels[$1] - channel) } ?? 0 }
        let cubeIndex = 16 + cube[0] * 36 + cube[1] * 6 + cube[2]
        let average = (red + green + blue) / 3
        let greyStep = max(0, min(23, (average - 8 + 5) / 10))
        let greyIndex = 232 + greyStep
        return distance(rgb(ofPaletteIndex: greyIndex), (red, green, blue)) < distance(rgb(ofPaletteIndex: cubeIndex), (red, green, blue))
            ? greyIndex : cubeIndex
    }

    /// The red, green and blue of an xterm palette entry.
    public static func rgb(ofPaletteIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16:
            let basic = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                         (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
            return basic[max(0, index)]
        case 232...:
            let grey = 8 + (index - 232) * 10
            return (grey, grey, grey)
        default:
            let cube = index - 16
            return (cubeLevels[cube / 36], cubeLevels[(cube / 6) % 6], cubeLevels[cube % 6])
        }
    }

    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    private static func distance(_ left: (Int, Int, Int), _ right: (Int, Int, Int)) -> Int {
        let red = left.0 - right.0, green = left.1 - right.1, blue = left.2 - right.2
        return red * red + green * green + blue * blue
    }

    private static func packed(_ red: Int, _ green: Int, _ blue: Int) -> Int32 {
        // A packed number under 8 would be read as an ANSI colour; the nearest distinct value is visually the same.
        max(8, Int32(red << 16 | green << 8 | blue))
    }

    /// The nearest of the 16 ANSI colours to an xterm 256-colour entry (16-255), greys included.
    static func ansi16(approximating index: Int) -> Int {
        let target = rgb(ofPaletteIndex: index)
        return (0..<16).min { distance(rgb(ofPaletteIndex: $0), target) < distance(rgb(ofPaletteIndex: $1), target) } ?? 7
    }

    /// The nearest of the 8 basic colours to an xterm 256-colour entry (16-255).
    static func basic(approximating index: Int) -> Int {
        let (red, green, blue) = rgb(ofPaletteIndex: index)
        // Each channel on or off at half intensity gives the ANSI colour number directly (red 1, green 2, blue 4).
        return (red >= 128 ? 1 : 0) | (green >= 128 ? 2 : 0) | (blue >= 128 ? 4 : 0)
    }
}
