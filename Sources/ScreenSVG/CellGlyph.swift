/// A character the picture draws as shapes instead of with a font: box-drawing lines and block elements, so that
/// borders join from row to row and bars fill their cells whatever font and line height the viewer has.
enum CellGlyph: Hashable, Sendable {
    /// Lines from the middle of the cell to the middle of its edges.
    case lines(up: BoxLineWeight, right: BoxLineWeight, down: BoxLineWeight, left: BoxLineWeight)
    /// Parts of the cell filled with the text colour, at an opacity below 1 for the shades `░▒▓`.
    case fill([UnitRect], opacity: Double)

    /// The shapes of `text`, or nil when the font should draw it.
    init?(_ text: String) {
        guard let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return nil }
        if let arms = Self.boxArms[scalar] {
            let weights = arms.map { BoxLineWeight(rawValue: Int(String($0)) ?? 0) ?? .none }
            self = .lines(up: weights[0], right: weights[1], down: weights[2], left: weights[3])
            return
        }
        guard let fill = Self.blockFill(scalar.value) else { return nil }
        self = fill
    }

    /// Up, right, down and left: 0 none, 1 light, 2 heavy. Rounded corners are drawn square.
    private static let boxArms: [Unicode.Scalar: String] = [
        "─": "0101", "│": "1010", "┌": "0110", "┐": "0011", "└": "1100", "┘": "1001",
        "├": "1110", "┤": "1011", "┬": "0111", "┴": "1101", "┼": "1111",
        "━": "0202", "┃": "2020", "┏": "0220", "┓": "0022", "┗": "2200", "┛": "2002",
        "┣": "2220", "┫": "2022", "┳": "0222", "┻": "2202", "╋": "2222",
        "╭": "0110", "╮": "0011", "╯": "1001", "╰": "1100",
        "╴": "0001", "╵": "1000", "╶": "0100", "╷": "0010", "╸": "0002", "╹": "2000", "╺": "0200", "╻": "0020",
    ]

    /// The block elements U+2580-U+259F.
    private static func blockFill(_ value: UInt32) -> CellGlyph? {
        switch value {
        case 0x2580:
            return .fill([UnitRect(x: 0, y: 0, width: 1, height: 0.5)], opacity: 1)
        case 0x2581...0x2588:
            let eighths = Double(value - 0x2580) / 8
            return .fill([UnitRect(x: 0, y: 1 - eighths, width: 1, height: eighths)], opacity: 1)
        case 0x2589...0x258F:
            return .fill([UnitRect(x: 0, y: 0, width: Double(0x2590 - value) / 8, height: 1)], opacity: 1)
        case 0x2590:
            return .fill([UnitRect(x: 0.5, y: 0, width: 0.5, height: 1)], opacity: 1)
        case 0x2591...0x2593:
            return .fill([UnitRect(x: 0, y: 0, width: 1, height: 1)], opacity: Double(value - 0x2590) / 4)
        case 0x2594:
            return .fill([UnitRect(x: 0, y: 0, width: 1, height: 0.125)], opacity: 1)
        case 0x2595:
            return .fill([UnitRect(x: 0.875, y: 0, width: 0.125, height: 1)], opacity: 1)
        case 0x2596...0x259F:
            // Quadrants as bits: 1 upper left, 2 upper right, 4 lower left, 8 lower right.
            let masks = [4, 8, 1, 13, 9, 7, 11, 2, 6, 14]
            let mask = masks[Int(value - 0x2596)]
            let quadrants = [(1, 0.0, 0.0), (2, 0.5, 0.0), (4, 0.0, 0.5), (8, 0.5, 0.5)]
            return .fill(quadrants.filter { mask & $0.0 != 0 }.map { UnitRect(x: $0.1, y: $0.2, width: 0.5, height: 0.5) }, opacity: 1)
        default:
            return nil
        }
    }
}
