/// A sink that only counts lines, for indexing a body without building its text.
struct JSONLineCounter: JSONTokenSink {
    var lines = 0

    @inline(__always) mutating func beginLine(depth: Int) {}
    @inline(__always) mutating func source(_ kind: JSONTokenKind, _ bytes: UnsafeRawBufferPointer, needsEscaping: Bool) {}
    @inline(__always) mutating func punctuation(_ byte: UInt8) {}
    @inline(__always) mutating func keySeparator() {}
    @inline(__always) mutating func endLine() { lines += 1 }
}
