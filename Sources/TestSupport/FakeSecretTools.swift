import Foundation

/// Shell scripts standing in for `op`, `pass` and `secret-tool` in a directory of their own, to put first on the
/// PATH a resolver (or a child process) is given; each run appends a line to a count file, so a test can prove how
/// often a secret was read.
public struct FakeSecretTools {
    /// The directory holding the scripts (put it on PATH).
    public let directory: String
    /// The file each script appends one line to per run.
    public let countFile: String

    /// An empty tool directory inside `parent`.
    public init(in parent: String) throws {
        directory = parent + "/fake-tools"
        countFile = parent + "/fake-tools-calls"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// Adds `tool` as a script running `body` (POSIX sh, `$@` are its arguments) after counting the call.
    public func add(_ tool: String, _ body: String) throws {
        let path = directory + "/" + tool
        let script = "#!/bin/sh\necho \"\(tool) $*\" >> '\(countFile)'\n\(body)\n"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The lines the scripts wrote: one per run, `tool arguments`.
    public var calls: [String] {
        guard let data = FileManager.default.contents(atPath: countFile) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A process environment whose PATH is only the scripts' directory.
    public var environment: [String: String] { ["PATH": directory] }
}
