/// Select Graphic Rendition (`ESC [ … m`) applied to a style, in the forms tmux's `capture-pane -e` writes and the
/// colon forms of ITU T.416.
extension CellStyle {
    /// Applies the parameters of one SGR sequence: each element is a parameter with its colon-separated
    /// sub-parameters (`38:2::1:2:3` is one element), nil where a number was left out; no parameter means 0.
    mutating func apply(sgr parameters: [[Int?]]) {
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            let code = parameter.first.flatMap { $0 } ?? 0
            index += 1
            switch code {
            case 0: self = .plain
            case 1: bold = true
            case 2: dim = true
            case 3: italic = true
            // 4:0 turns underlining off; 4:1 to 4:5 are its styles (single, double, curly, dotted, dashed).
            case 4: underline = parameter.count < 2 || (parameter[1] ?? 1) != 0
            case 7: reverse = true
            case 8: hidden = true
            case 9: strikethrough = true
            case 21: underline = true
            case 22: bold = false; dim = false
            case 23: italic = false
            case 24: underline = false
            case 27: reverse = false
            case 28: hidden = false
            case 29: strikethrough = false
            case 30...37: foreground = .indexed(UInt8(code - 30))
            case 38: foreground = Self.extendedColor(parameter, rest: parameters, index: &index) ?? foreground
            case 39: foreground = .default
            case 40...47: background = .indexed(UInt8(code - 40))
            case 48: background = Self.extendedColor(parameter, rest: parameters, index: &index) ?? background
            case 49: background = .default
            // The underline colour is read only so that its numbers are not taken for attributes.
            case 58: _ = Self.extendedColor(parameter, rest: parameters, index: &index)
            case 90...97: foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: background = .indexed(UInt8(code - 100 + 8))
            default: break
            }
        }
    }

    /// The colour of a 38, 48 or 58 parameter: from its own sub-parameters (`38:5:208`, `38:2::R:G:B`, `38:2:R:G:B`),
    /// or else from the parameters after it (`38;5;208`, `38;2;R;G;B`), which it consumes by moving `index`.
    private static func extendedColor(_ parameter: [Int?], rest parameters: [[Int?]], index: inout Int) -> TerminalColor? {
        if parameter.count > 1 {
            let values = Array(parameter.dropFirst())
            switch values.first.flatMap({ $0 }) {
            case 5: return values.count > 1 ? values[1].map(Self.indexed) : nil
            case 2:
                // With a colour-space id (`2::R:G:B` or `2:0:R:G:B`) the channels are the last three of five.
                let channels = values.count >= 5 ? Array(values[2...4]) : Array(values.dropFirst())
                return rgb(channels)
            default: return nil
            }
        }
        let following = parameters[index...].map { $0.first.flatMap { $0 } }
        switch following.first.flatMap({ $0 }) {
        case 5:
            index = min(index + 2, parameters.count)
            return following.count > 1 ? following[1].map(Self.indexed) : nil
        case 2:
            index = min(index + 4, parameters.count)
            return rgb(Array(following.dropFirst().prefix(3)))
        default:
            // An unknown colour kind: the rest of the sequence cannot be read reliably.
            index = parameters.count
            return nil
        }
    }

    private static func indexed(_ value: Int) -> TerminalColor {
        .indexed(UInt8(clamping: value))
    }

    private static func rgb(_ channels: [Int?]) -> TerminalColor? {
        guard channels.count == 3 else { return nil }
        let values = channels.map { UInt8(clamping: $0 ?? 0) }
        return .rgb(values[0], values[1], values[2])
    }
}
