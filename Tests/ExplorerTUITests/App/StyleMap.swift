import ExplorerTUI

/// A buffer written out with its styles: the text, then one letter per cell naming its style, then what each letter
/// means; so a theme's snapshot shows which role drew which cell.
enum StyleMap {
    static func text(_ buffer: CellBuffer) -> String {
        var letters: [Style: Character] = [.plain: "."]
        var legend: [(Character, Style)] = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var rows: [String] = []
        for y in 0..<buffer.height {
            var row = ""
            for x in 0..<buffer.width {
                let style = buffer.cell(x: x, y: y)?.style ?? .plain
                if letters[style] == nil {
                    let letter = legend.count < alphabet.count ? alphabet[legend.count] : "?"
                    letters[style] = letter
                    legend.append((letter, style))
                }
                row.append(letters[style] ?? "?")
            }
            rows.append(row)
        }
        return (buffer.lines + ["---"] + rows + ["---"] + legend.map { "\($0.0): \(describe($0.1))" }).joined(separator: "\n")
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if let foreground = style.foreground { parts.append("fg=\(describe(foreground))") }
        if let background = style.background { parts.append("bg=\(describe(background))") }
        let names: [(TextAttributes, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse")]
        parts += names.filter { style.attributes.contains($0.0) }.map(\.1)
        return parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String {
        switch color {
        case .default: return "default"
        case let .indexed(index): return "\(index)"
        case let .rgb(red, green, blue): return "rgb(\(red),\(green),\(blue))"
        default: return "\(color)"
        }
    }
}
