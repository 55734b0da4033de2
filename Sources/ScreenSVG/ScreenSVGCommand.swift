import ArgumentParser
import Foundation

/// `ScreenSVG`: turns a screen captured with `tmux capture-pane -p -e` into an SVG picture (scripts/screenshots.sh).
@main
struct ScreenSVGCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ScreenSVG",
        abstract: "Turns a screen captured with `tmux capture-pane -p -e -N` into an SVG picture."
    )

    @Option(help: "The screen's width in columns (default: the widest line).")
    var columns: Int?

    @Option(help: "The screen's height in rows (default: the number of lines).")
    var rows: Int?

    @Option(name: .shortAndLong, help: "Where to write the SVG (default: standard output).")
    var output: String?

    @Argument(help: "The captured screen (default: standard input).")
    var input: String?

    func validate() throws {
        if let columns, !(1...1000).contains(columns) { throw ValidationError("--columns must be 1 to 1000.") }
        if let rows, !(1...1000).contains(rows) { throw ValidationError("--rows must be 1 to 1000.") }
    }

    func run() throws {
        let data = try input.map { try Data(contentsOf: URL(fileURLWithPath: $0)) } ?? FileHandle.standardInput.readDataToEndOfFile()
        let grid = ANSIScreenParser(columns: columns, rows: rows).parse(String(decoding: data, as: UTF8.self))
        let svg = Data(SVGScreenRenderer().render(grid).utf8)
        if let output {
            try svg.write(to: URL(fileURLWithPath: output), options: .atomic)
        } else {
            FileHandle.standardOutput.write(svg)
        }
    }
}
