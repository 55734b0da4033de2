import Foundation

/// A detached tmux session running one command, for end-to-end tests of full-screen programs.
///
/// Each session gets its own tmux server (a unique `-L` socket), so tests can run in parallel and never
/// touch a developer's own tmux. The server is killed in `deinit`. Panes stay around after their command
/// exits (`remain-on-exit`), so a test can still read the screen and exit status afterwards.
/// Waiting is done by polling `capture-pane` every 20 ms, never by fixed sleeps.
public final class TmuxSession {
    /// Why a tmux operation failed; `screen` is the last captured pane text, for the failure message.
    public struct Failure: Error, CustomStringConvertible {
        /// What was expected or what went wrong.
        public let message: String
        /// The pane contents when it failed, if a capture was possible.
        public let screen: String?

        /// The message followed by the screen, framed so blank lines stay visible.
        public var description: String {
            guard let screen else { return message }
            return "\(message)\n--- screen ---\n\(screen)\n--------------"
        }
    }

    /// The `-L` socket name, unique to this session.
    public let socketName: String
    /// The session (and target) name.
    public let name: String

    private static let pollInterval: TimeInterval = 0.02
    private var isKilled = false

    /// Whether a `tmux` executable is on the PATH; end-to-end tests are skipped without it.
    public static var isAvailable: Bool {
        executablePath(named: "tmux") != nil
    }

    /// Starts `arguments` (the first being the program) in a new detached session of `width`×`height`.
    ///
    /// The program is run with `exec` so it *is* the pane's process: `panePID` is its pid and signals
    /// reach it directly. `LANG=C.UTF-8` is set (and `LC_ALL` cleared) so wide characters work both in
    /// the program and in `send-keys`/`capture-pane`.
    public init(arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        socketName = "apiexplorer-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        name = "test"
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName).conf")
        // Set before the session exists: a pane that dies before a later set-option would vanish with its screen.
        try "set -g remain-on-exit on\nset -g status off\n".write(to: configuration, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: configuration) }
        let words = (environment.isEmpty ? [] : ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) + arguments
        let command = "exec " + words.map(Self.shellQuoted).joined(separator: " ")
        try run(["-f", configuration.path, "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", name, command])
    }

    deinit {
        kill()
    }

    /// Sends tmux key names (`Enter`, `C-j`, `Escape`, `F5`, `Down`), each as one key press.
    public func sendKeys(_ keys: String...) throws {
        try run(["send-keys", "-t", name] + keys)
    }

    /// Types `text` literally, character by character (UTF-8 included), with no key-name lookup.
    public func sendText(_ text: String) throws {
        try run(["send-keys", "-t", name, "-l", text])
    }

    /// The visible pane as text, one line per row, trailing blanks trimmed by tmux.
    public func capture() throws -> String {
        try run(["capture-pane", "-p", "-t", name])
    }

    /// Expands a tmux format such as `#{alternate_on}` for the pane.
    public func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls until `text` is on screen and returns that screen; throws with the last screen after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> String {
        try poll(timeout: timeout, failure: "Timed out after \(timeout)s waiting for \"\(text)\"") { screen in
            screen.contains(text)
        }
    }

    /// Polls until `text` is no longer on screen and returns that screen.
    @discardableResult
    public func waitUntilGone(_ text: String, timeout: TimeInterval = 10) throws -> String {
        try poll(timeout: timeout, failure: "Timed out after \(timeout)s waiting for \"\(text)\" to disappear") { screen in
            !screen.contains(text)
        }
    }

    /// Resizes the window (and so the pane, which is alone in it); the program gets SIGWINCH.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the pane's process, which is the program itself because it was started with `exec`.
    public var panePID: Int32 {
        get throws {
            let text = try format("#{pane_pid}")
            guard let pid = Int32(text) else { throw Failure(message: "tmux reported pane_pid \"\(text)\"", screen: nil) }
            return pid
        }
    }

    /// Whether the pane's process is still running.
    public var isRunning: Bool {
        get throws { try format("#{pane_dead}") != "1" }
    }

    /// Whether the pane is showing the alternate screen, which full-screen programs must leave on exit.
    public var isAlternateScreenOn: Bool {
        get throws { try format("#{alternate_on}") == "1" }
    }

    /// Polls until the pane's process has exited and returns its exit status (nil if killed by a signal).
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while try isRunning {
            guard Date() < deadline else {
                throw Failure(message: "Timed out after \(timeout)s waiting for the program to exit", screen: try? capture())
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
        return Int32(try format("#{pane_dead_status}"))
    }

    /// Stops the tmux server and everything in it; safe to call more than once.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? run(["kill-server"])
    }

    // MARK: - Private

    private func poll(timeout: TimeInterval, failure: String, until done: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while true {
            screen = try capture()
            if done(screen) { return screen }
            guard Date() < deadline else { throw Failure(message: failure, screen: screen) }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// Runs `tmux -L socket arguments…` and returns its standard output.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        guard let tmux = Self.executablePath(named: "tmux") else {
            throw Failure(message: "tmux is not installed (apt-get install tmux)", screen: nil)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tmux)
        process.arguments = ["-L", socketName] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = nil
        // Inside a developer's tmux this points at their server; our -L socket must win.
        environment["TMUX"] = nil
        process.environment = environment
        // Files, not pipes: the tmux server forked by new-session inherits these descriptors and keeps
        // them open, so reading a pipe to end-of-file would wait for the server to exit.
        let directory = FileManager.default.temporaryDirectory
        let outputURL = directory.appendingPathComponent("\(socketName)-\(UUID().uuidString).out")
        let errorURL = directory.appendingPathComponent("\(socketName)-\(UUID().uuidString).err")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let output = try FileHandle(forWritingTo: outputURL)
        let errors = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let outputData = (try? Data(contentsOf: outputURL)) ?? Data()
        let errorData = (try? Data(contentsOf: errorURL)) ?? Data()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "tmux \(arguments.joined(separator: " ")) failed: \(message)", screen: nil)
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func executablePath(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
