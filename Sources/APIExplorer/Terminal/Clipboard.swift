import Foundation

/// Puts text on the system clipboard: through `wl-copy`, `xclip`, `xsel` or `pbcopy` when one is there and a display
/// is, else with the OSC 52 escape, which terminals, tmux (with `set-clipboard on`) and SSH sessions pass on.
/// `APIEXPLORER_CLIPBOARD=osc52` (or a tool's name) chooses the method.
enum Clipboard {
    /// Copies `text` and returns how, for the status line ("OSC 52", "xclip").
    static func copy(_ text: String, writeToTerminal: (String) -> Void) -> String {
        if let tool = copyWithTool(text) { return tool }
        writeToTerminal("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{7}")
        return "OSC 52"
    }

    /// Copies `text` with a clipboard tool and returns its name, or nil when none is there (or the display is not).
    static func copyWithTool(_ text: String) -> String? {
        let environment = ProcessInfo.processInfo.environment
        let forced = environment["APIEXPLORER_CLIPBOARD"]
        var tools: [(name: String, arguments: [String], needs: String?)] = [
            ("wl-copy", [], "WAYLAND_DISPLAY"), ("xclip", ["-selection", "clipboard"], "DISPLAY"),
            ("xsel", ["--clipboard", "--input"], "DISPLAY"), ("pbcopy", [], nil),
        ]
        if let forced { tools = tools.filter { $0.name == forced } }
        for tool in tools where forced != nil || tool.needs.map({ environment[$0]?.isEmpty == false }) ?? isMacOS {
            guard let path = executable(tool.name), run(path, tool.arguments, input: text) else { continue }
            return tool.name
        }
        return nil
    }

    private static var isMacOS: Bool {
        #if os(macOS)
        return true
        #else
        return false
        #endif
    }

    private static func executable(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    private static func run(_ path: String, _ arguments: [String], input: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        try? pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
