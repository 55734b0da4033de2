import Foundation

/// Handing the terminal to another program (`$EDITOR`, a pager) and taking it back.
extension NcursesTerminal {
    /// Runs `command` (a shell command, which may carry arguments, as `EDITOR="code -w"` does) on `file` with the
    /// terminal handed over to it, takes the terminal back, and returns its exit status (127 when it cannot start).
    ///
    /// The program runs in apiexplorer's own process group, which owns the terminal (Foundation's `Process` starts a
    /// group of its own, outside the terminal's foreground group, so an editor's reads failed and what was typed went
    /// to the explorer). While it runs, the loop reads no keys, and Ctrl-C and Ctrl-\ are the program's: this process
    /// ignores them, as system(3) does.
    func handOver(to command: String, file: String) -> Int32 {
        suspend()
        defer { resume() }
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var savedInterrupt = sigaction()
        var savedQuit = sigaction()
        sigaction(SIGINT, &ignore, &savedInterrupt)
        sigaction(SIGQUIT, &ignore, &savedQuit)
        defer {
            sigaction(SIGINT, &savedInterrupt, nil)
            sigaction(SIGQUIT, &savedQuit, nil)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The program gets the default actions back and no blocked signals, whatever this process set.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let arguments = ["/bin/sh", "-c", command + " \"$1\"", "apiexplorer", file]
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", nil, &attributes, &pointers, environ) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { return 127 }
        }
        // WIFEXITED / WEXITSTATUS, and 128 + the signal for a program that was killed, as a shell reports it.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// A new empty file in the temporary directory, readable by its owner only (a body may hold secrets), or nil.
    static func privateTemporaryFile(suffix: String) -> URL? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("apiexplorer-body-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).\(suffix)")
        return FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) ? file : nil
    }
}
