import Foundation

/// Reads secret references with their programs, each once per process on first use, and keeps the values in memory
/// only. Reading blocks: call it off the UI thread.
/// A `SendContext` holds the store its resolvers share.
public final class SecretStore: @unchecked Sendable {
    /// Seconds a program has to answer (1Password may wait for the user to unlock it).
    public let timeout: Double
    private let lock = NSLock()
    // One read at a time, so two sends needing the same secret at once run its program once.
    private let readLock = NSLock()
    private var values: [String: String] = [:]

    /// A store whose programs have `timeout` seconds to answer.
    public init(timeout: Double = 60) {
        self.timeout = timeout
    }

    /// The value of `reference` if it has been read (an environment variable always is); never runs a program, so the
    /// UI may ask.
    public func cachedValue(_ reference: SecretReference, environment: [String: String]) -> String? {
        if case let .environment(name) = reference.kind { return environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        lock.lock()
        defer { lock.unlock() }
        return values[reference.text]
    }

    /// The value of `reference`, running its program (with PATH and the rest from `environment`) the first time.
    public func value(_ reference: SecretReference, environment: [String: String]) throws(SecretReadError) -> String {
        if case let .environment(name) = reference.kind {
            guard let value = environment[name] else { throw .environmentUnset(name: name) }
            guard !value.isEmpty else { throw .empty(source: "$\(name)") }
            return value
        }
        readLock.lock()
        defer { readLock.unlock() }
        if let known = cached(reference.text) { return known }
        guard let command = reference.command else { throw .malformed(reference.text, expected: "a secret reference") }
        let output = try SecretToolProcess(tool: command.tool, arguments: command.arguments, environment: environment, timeout: timeout).run()
        var text = String(decoding: output, as: UTF8.self)
        // pass keeps the password on the first line and notes after it.
        if case .pass = reference.kind { text = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? "" }
        while text.last?.isNewline == true { text.removeLast() }
        guard !text.isEmpty else { throw .empty(source: "`\(command.tool)`") }
        lock.lock()
        values[reference.text] = text
        lock.unlock()
        return text
    }

    /// What `command` printed in `directory`, if it has run in this process; never runs it.
    public func cachedOutput(of command: String, in directory: String) -> String? {
        cached(Self.commandKey(command, directory))
    }

    /// What `/bin/sh -c command` prints in `directory` (without its final line break), run the first time only.
    public func output(of command: String, in directory: String, environment: [String: String]) throws(SecretReadError) -> String {
        let key = Self.commandKey(command, directory)
        readLock.lock()
        defer { readLock.unlock() }
        if let known = cached(key) { return known }
        let process = SecretToolProcess(tool: "/bin/sh", arguments: ["-c", command], environment: environment, timeout: timeout,
                                        directory: directory)
        var text = String(decoding: try process.run(), as: UTF8.self)
        if text.last?.isNewline == true { text.removeLast() }
        lock.lock()
        values[key] = text
        lock.unlock()
        return text
    }

    /// A command's key among the values: never a reference's text, which has no NUL.
    private static func commandKey(_ command: String, _ directory: String) -> String {
        "command\u{0}" + directory + "\u{0}" + command
    }

    private func cached(_ text: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return values[text]
    }
}
