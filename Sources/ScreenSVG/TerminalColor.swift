/// A colour as a terminal's escape sequences name it: the default, a palette entry (0-15 ANSI, 16-255 xterm), or 24-bit.
enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// An entry of the 256-colour palette; 0-15 are the ANSI colours, which the picture's palette chooses.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)
}
