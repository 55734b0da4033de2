import ExplorerCore

extension JSONFormatter {
    /// A resumable position of the pretty-printer, always at the start of an output line.
    ///
    /// It is a small value (offset, container stack, phase) so a UI can keep one every
    /// few hundred lines and later format from any of them without starting over.
    public struct State: Sendable, Hashable {
        /// What the next line begins with.
        enum Phase: UInt8, Sendable, Hashable {
            /// A value, or a member (key + value) when the innermost container is an object.
            case member
            /// The closing bracket of the innermost container.
            case close
        }

        /// Byte offset in the body where the next line's input starts.
        public internal(set) var offset: Int = 0
        /// Index of the next output line (number of lines produced before this state).
        public internal(set) var lineNumber: Int = 0
        /// True once the whole body has been formatted or an error was found.
        public internal(set) var isFinished = false
        /// The syntax error that stopped formatting, if any.
        public internal(set) var error: JSONSyntaxError?

        var containers = JSONContainerStack()
        var phase = Phase.member

        /// Nesting depth at this position.
        public var depth: Int { containers.count }

        /// The state at the start of a body.
        public static let start = State()
    }
}
