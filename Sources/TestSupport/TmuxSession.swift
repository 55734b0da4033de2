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

    private let statusPath: String
    /// How often `waitFor` looks at the screen.
    public static let pollInterval: TimeInterval = 0.02
    private var isKilled = false

    /// Whether a `tmux` executable is on the PATH; end-to-end tests are skipped without it.
    public static var isAvailable: Bool {
        executablePath(named: "tmux") != nil
    }

    /// Starts `arguments` (the first being the program) in a new detached session of `width`×`height`.
    ///
    /// The pane runs a shell that runs the program and then writes its exit status to a file, because
    /// tmux does not reliably report `pane_dead_status` (it may mark the pane dead before reaping it).
    /// `LANG=C.UTF-8` is set (and `LC_ALL` cleared) so wide characters work both in the program and in
    /// `send-keys`/`capture-pane`.
    public init(arguments: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        socketName = "apiexplorer-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        name = "test"
        let configuration = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName).conf")
        // Set before the session exists: a pane that dies before a later set-option would vanish with its screen.
        // set-clipboard on: a program's OSC 52 copy lands in a tmux buffer, where a test can read it.
        try "set -g remain-on-exit on\nset -g status off\nset -g set-clipboard on\n".write(to: configuration, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: configuration) }
        let words = (environment.isEmpty ? [] : ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) + arguments
        statusPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName).status").path
        let command = words.map(Self.shellQuoted).joined(separator: " ") + "; echo $? > " + Self.shellQuoted(statusPath)
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

    /// Pastes `text` as a terminal does: wrapped in bracketed-paste markers when the program asked for them
    /// (tmux's `paste-buffer -p`), line feeds sent as carriage returns.
    public func paste(_ text: String) throws {
        // Through a file: a large paste does not fit in one command-line argument.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socketName).paste")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try run(["load-buffer", "-b", "apiexplorer-test", file.path])
        try run(["paste-buffer", "-p", "-d", "-b", "apiexplorer-test", "-t", name])
    }

    /// The newest tmux paste buffer (what a program copied with OSC 52), or nil when there is none.
    public func newestBuffer() -> String? {
        try? run(["show-buffer"])
    }

    /// The visible pane as text, one line per row, trailing blanks trimmed by tmux.
    public func capture() throws -> String {
        try run(["capture-pane", "-p", "-t", name])
    }

    /// The visible pane with its colours and attributes as escape sequences (`capture-pane -e`).
    public func captureWithEscapes() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", name])
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

    /// Polls `capture-pane` every `interval` seconds (0: as fast as tmux answers) until `done` accepts the screen.
    @discardableResult
    public func waitUntil(timeout: TimeInterval = 10, interval: TimeInterval = TmuxSession.pollInterval,
                          _ done: (String) -> Bool) throws -> String {
        try poll(timeout: timeout, interval: interval, failure: "Timed out after \(timeout)s waiting for the screen", until: done)
    }

    /// Replaces the pane's program with `arguments`, run with `exec` so that `panePID` is the program itself.
    public func respawn(_ arguments: [String], environment: [String: String] = [:]) throws {
        let words = (environment.isEmpty ? [] : ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) + arguments
        let command = "exec " + words.map(Self.shellQuoted).joined(separator: " ")
        try run(["respawn-pane", "-k", "-t", name, command])
    }

    /// Resizes the window (and so the pane, which is alone in it); the program gets SIGWINCH.
    public func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the pane's own process: the shell for a session started by `init`, the program after `respawn`.
    public var panePID: Int32 {
        get throws {
            let text = try format("#{pane_pid}")
            guard let pid = Int32(text) else { throw Failure(message: "tmux reported pane_pid \"\(text)\"", screen: nil) }
            return pid
        }
    }

    /// The pid of the program (the child of the pane's shell), for sending it signals.
    public var programPID: Int32 {
        get throws {
            let text = try format("#{pane_pid}")
            guard let shell = Int32(text) else { throw Failure(message: "tmux reported pane_pid \"\(text)\"", screen: nil) }
            let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
            guard let pid = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
                throw Failure(message: "the pane's shell (pid \(shell)) has no child process", screen: try? capture())
            }
            return pid
        }
    }

    /// Whether the program is still running (its exit status has not been written yet).
    public var isRunning: Bool {
        !FileManager.default.fileExists(atPath: statusPath)
    }

    /// Whether the pane is showing the alternate screen, which full-screen programs must leave on exit.
    public var isAlternateScreenOn: Bool {
        get throws { try format("#{alternate_on}") == "1" }
    }

    /// Polls until the program has exited and returns its exit status, 128 + signal if a signal killed it.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // The shell writes the file in one short write after the program ends; a partial read just polls again.
            if let text = try? String(contentsOfFile: statusPath, encoding: .utf8), text.hasSuffix("\n"),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            guard Date() < deadline else {
                throw Failure(message: "Timed out after \(timeout)s waiting for the program to exit", screen: try? capture())
            }
            Thread.sleep(forTimeInterval: Self.pollInterval)
        }
    }

    /// Stops the tmux server and everything in it; safe to call more than once.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? run(["kill-server"])
        unlink(statusPath)
    }

    // MARK: - Private

    private func poll(timeout: TimeInterval, interval: TimeInterval = TmuxSession.pollInterval, failure: String,
                      until done: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        while true {
            screen = try capture()
            if done(screen) { return screen }
            guard Date() < deadline else { throw Failure(message: failure, screen: screen) }
            if interval > 0 { Thread.sleep(forTimeInterval: interval) }
        }
    }

    /// Runs `tmux -L socket arguments…` and returns its standard output.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        guard let tmux = Self.executablePath(named: "tmux") else {
            throw Failure(message: "tmux is not installed (apt-get install tmux)", screen: nil)
        }
        var environment = HermeticEnvironment.applied(to: ProcessInfo.processInfo.environment)
        environment["LANG"] = "C.UTF-8"
        environment["LC_ALL"] = nil
        environment["LC_CTYPE"] = nil
        // Inside a developer's tmux this points at their server; our -L socket must win.
        environment["TMUX"] = nil
        // Tests keep no history unless they ask for it (with APIEXPLORER_HISTORY=FILE in their environment).
        environment["APIEXPLORER_HISTORY"] = "off"
        // Output goes to files, not pipes, and the child is reaped with waitpid rather than Foundation's
        // Process: the tmux server forked by new-session inherits every descriptor the client had (including
        // the socket Process watches for the child's exit), so anything waiting for those to close would
        // wait until the server exits.
        let directory = FileManager.default.temporaryDirectory
        let outputPath = directory.appendingPathComponent("\(socketName)-\(UUID().uuidString).out").path
        let errorPath = directory.appendingPathComponent("\(socketName)-\(UUID().uuidString).err").path
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        let status = try Self.spawnAndWait(
            [tmux, "-L", socketName] + arguments,
            environment: environment.map { "\($0.key)=\($0.value)" },
            outputPath: outputPath,
            errorPath: errorPath
        )
        let outputData = FileManager.default.contents(atPath: outputPath) ?? Data()
        let errorData = FileManager.default.contents(atPath: errorPath) ?? Data()
        guard status == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: "tmux \(arguments.joined(separator: " ")) failed: \(message)", screen: nil)
        }
        return String(decoding: outputData, as: UTF8.self)
    }

    /// posix_spawn with stdin from /dev/null and stdout/stderr to files; returns the exit status (-1 if signalled).
    private static func spawnAndWait(_ arguments: [String], environment: [String], outputPath: String, errorPath: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Test runners call this from Dispatch worker threads, which block nearly every signal; a tmux
        // server inheriting that mask never reaps its panes (no exit status) and ignores kill-server's SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw Failure(message: "could not start \(arguments[0]): \(String(cString: strerror(spawned)))", screen: nil)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw Failure(message: "waitpid failed: \(String(cString: strerror(errno)))", screen: nil)
            }
        }
        // WIFEXITED / WEXITSTATUS are macros Swift cannot import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
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
