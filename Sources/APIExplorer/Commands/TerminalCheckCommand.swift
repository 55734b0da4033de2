import ArgumentParser
import ExplorerTUI

/// `apiexplorer terminal-check`: a small full-screen page for checking keys, wide text and colours.
///
/// It renders through `CellBuffer` and the library's widgets on purpose, so it exercises the same
/// drawing path as the explorer and the end-to-end tests can verify the backend through it.
struct TerminalCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terminal-check",
        abstract: "Open a test screen that shows wide characters, colours, the terminal size and the last key pressed."
    )

    @Flag(name: .long, help: "Draw without colours, as on a monochrome terminal (NO_COLOR has the same effect).")
    var monochrome = false

    /// Shown in the border; the end-to-end tests wait for it.
    static let title = "apiexplorer terminal-check"

    mutating func run() throws {
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(colorMode: monochrome ? .monochrome : .automatic)
        } catch let error as NcursesTerminal.StartError {
            throw ValidationError(error.description)
        }
        defer { terminal.restore() }
        var lastKey = "none yet"
        var keyCount = 0
        while true {
            let size = terminal.size
            terminal.draw(Self.screen(width: size.width, height: size.height, lastKey: lastKey, keyCount: keyCount, colorMode: terminal.colorMode))
            guard let key = terminal.readKey(timeoutMilliseconds: 1000) else { continue }
            if KeyMap.standard.action(for: key, in: .terminalCheck) == .quit { return }
            lastKey = key.label
            keyCount += 1
        }
    }

    /// The whole page for one frame; pure, so it could be snapshot-tested without a terminal.
    static func screen(width: Int, height: Int, lastKey: String, keyCount: Int, colorMode: NcursesTerminal.ColorMode) -> CellBuffer {
        var buffer = CellBuffer(width: width, height: height)
        let block = Block(title: StyledLine(title), isFocused: true)
        block.render(in: buffer.area, buffer: &buffer)
        let samples: [(String, Color)] = [
            ("red", .red), ("green", .green), ("yellow", .yellow), ("blue", .blue),
            ("magenta", .magenta), ("cyan", .cyan), ("grey", .brightBlack), ("208", .indexed(208)),
        ]
        let swatches = samples.map { name, color in Span(" \(name) ", style: Style(foreground: .black, background: color)) }
        let lines: [StyledLine] = [
            StyledLine("Wide text: 日本語 🚀 café"),
            StyledLine([Span("Colours:  ")] + swatches),
            StyledLine([
                Span("Styles:   "),
                Span("bold", style: .bold), " ", Span("dim", style: .dim), " ",
                Span("underline", style: Style(attributes: .underline)), " ",
                Span("reverse", style: .reversed), " ", Span("italic", style: Style(attributes: .italic)),
            ]),
            StyledLine("Colour mode: \(colorMode)"),
            "",
            StyledLine("Size: \(width)x\(height)"),
            StyledLine([Span("Last key: "), Span(lastKey, style: Style(foreground: .cyan, attributes: .bold))]),
            StyledLine("Keys pressed: \(keyCount)"),
            "",
            StyledLine("press keys (q quits)", style: .dim),
        ]
        Paragraph(lines: lines).render(in: block.inner(of: buffer.area).inset(horizontal: 1, vertical: 0), buffer: &buffer)
        return buffer
    }
}
