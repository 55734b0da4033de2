/// Receives the pretty-printer's output; the engine is generic over it so the
/// whole-body path specialises to plain byte appends with no per-token allocation.
protocol JSONTokenSink {
    /// Starts a new output line at `depth`.
    mutating func beginLine(depth: Int)
    /// Emits a token copied from the body; `needsEscaping` says it may hold non-ASCII
    /// or control bytes that must pass through `TerminalSafeText`.
    mutating func source(_ kind: JSONTokenKind, _ bytes: UnsafeRawBufferPointer, needsEscaping: Bool)
    /// Emits one ASCII punctuation byte.
    mutating func punctuation(_ byte: UInt8)
    /// Emits the `": "` between a key and its value.
    mutating func keySeparator()
    /// Finishes the current line.
    mutating func endLine()
}
