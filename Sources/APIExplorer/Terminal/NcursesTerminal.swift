import CNcurses
import ExplorerTUI
import Foundation

/// The ncurses screen: draws `CellBuffer`s and decodes keys. The only code that talks to ncurses.
///
/// Use it from one thread; ncurses keeps global state, so at most one instance should be open.
/// `restore()` (also run from `deinit`) gives the terminal back; the process-wide handlers installed by
/// `init` do the same on SIGINT/SIGTERM/SIGHUP, on crashes and on `exit()`.
final class NcursesTerminal {
    /// How colours are shown.
    enum ColorMode: Equatable {
        /// Colours when the terminal has them and `NO_COLOR` is unset, otherwise `monochrome`.
        case automatic
        /// Colours, degraded to the nearest of the palette the terminal has.
        case color
        /// No colours: coloured backgrounds become reverse video and coloured text bold, so highlights stay visible.
        case monochrome
    }

    /// Why the screen could not be opened.
    struct StartError: Error, CustomStringConvertible {
        /// What went wrong, phrased for the user.
        let description: String
    }

    /// The colour mode actually in effect after probing the terminal.
    let colorMode: ColorMode

    private var previous: CellBuffer?
    private var pairs: [PairKey: Int16] = [:]
    private var nextPair: Int32 = 1
    private var cursorVisible = false
    private var isRestored = false
    /// The colours the terminal shows; every `Color` is mapped to one of them.
    let colorDepth: ColorDepth
    private let pairLimit: Int32

    /// Longest single wait inside `readKey`, in milliseconds; see there for why it is bounded.
    private static let resizeCheckInterval: Int32 = 50

    private struct PairKey: Hashable {
        let foreground: Int32
        let background: Int32
    }

    /// Opens the full-screen terminal on stdin/stdout; throws instead of exiting when there is no usable terminal.
    init(colorMode requested: ColorMode = .automatic, mouse: Bool = false) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw StartError(description: "apiexplorer needs an interactive terminal (stdin and stdout must be a TTY).")
        }
        setlocale(LC_ALL, "")
        // newterm, unlike initscr, returns nil for an unknown TERM instead of printing and exiting.
        guard cn_newterm() != nil else {
            let term = ProcessInfo.processInfo.environment["TERM"] ?? "(unset)"
            throw StartError(description: "Cannot open the terminal: TERM=\(term) is unknown to ncurses. Try TERM=xterm-256color.")
        }
        // Installed after newterm so ours replace the SIGINT/SIGTERM handlers ncurses sets up; its SIGWINCH
        // handler, which produces KEY_RESIZE, is left alone.
        cn_install_restore_handlers()
        // raw, not cbreak: Ctrl-C, Ctrl-Z, Ctrl-S and Ctrl-Q must arrive as keys the UI can bind.
        raw()
        noecho()
        keypad(cn_stdscr(), true)
        // nonl keeps Enter (CR, 13) apart from Ctrl-J (LF, 10).
        nonl()
        curs_set(0)
        // The default one-second delay makes Esc feel broken; 25 ms is plenty for sequences from local terminals and tmux.
        set_escdelay(25)
        cn_set_bracketed_paste(1)
        if mouse { _ = cn_enable_mouse() }

        let noColor = StandardOutput.noColorRequested
        var mode = requested
        if mode == .automatic {
            mode = (has_colors() && !noColor) ? .color : .monochrome
        }
        if mode == .color, has_colors() {
            start_color()
            use_default_colors()
            colorDepth = ColorDepth(colors: Int(cn_colors()))
            pairLimit = min(cn_color_pairs(), Int32(Int16.max))
        } else {
            mode = .monochrome
            colorDepth = .basic
            pairLimit = 0
        }
        colorMode = mode
    }

    deinit {
        restore()
    }

    /// Columns and rows of the screen, as ncurses last saw them (updated when a resize key is read).
    var size: (width: Int, height: Int) {
        (Int(cn_cols()), Int(cn_lines()))
    }

    /// Shows `buffer`, sending only cells that changed since the last call, and places the cursor at `cursor` or hides it.
    ///
    /// A buffer of a new size is drawn in full on a cleared screen, because after a resize neither our
    /// previous frame nor ncurses's idea of the screen can be trusted.
    func draw(_ buffer: CellBuffer, cursor: Position? = nil) {
        guard !isRestored else { return }
        let window = cn_stdscr()
        let changes: [CellChange]
        if let previous, previous.width == buffer.width, previous.height == buffer.height {
            changes = buffer.diff(from: previous)
        } else {
            werase(window)
            clearok(window, true)
            changes = buffer.diff(from: CellBuffer(width: 0, height: 0))
        }
        for change in changes {
            put(change.cell, x: change.x, y: change.y)
        }
        previous = buffer
        if let cursor, cursor.x >= 0, cursor.y >= 0, cursor.x < buffer.width, cursor.y < buffer.height {
            wmove(window, Int32(cursor.y), Int32(cursor.x))
            if !cursorVisible {
                curs_set(1)
                cursorVisible = true
            }
        } else if cursorVisible {
            curs_set(0)
            cursorVisible = false
        }
        wrefresh(window)
    }

    /// Waits up to `timeoutMilliseconds` (negative: forever) for a key; nil on timeout.
    func readKey(timeoutMilliseconds: Int, wakingOn wake: Int32? = nil) -> Key? {
        guard !isRestored else { return nil }
        let clock = ContinuousClock()
        let deadline = timeoutMilliseconds < 0 ? nil : clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
        repeat {
            // Waits in short slices because SIGWINCH may be delivered to another thread (Swift runs commands
            // on its thread pool), which then cannot interrupt our poll; ncurses only notices the resize at the
            // start of its next read, so the slice length bounds how late a resize is reported.
            var slice = Self.resizeCheckInterval
            if let deadline {
                let remaining = clock.now.duration(to: deadline).components
                // Rounded up: rounding down turned the last part of a millisecond into zero-timeout polls that spun.
                let remainingMilliseconds = max(0, remaining.seconds * 1000 + (remaining.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
                slice = Int32(min(Int64(slice), remainingMilliseconds))
            }
            if let wake {
                // Keys ncurses already buffered come first; then sleep until a key, a wake-up or the end of the slice,
                // so a result posted by a background task is drawn at once rather than after the slice.
                wtimeout(cn_stdscr(), 0)
                if let key = nextKey() { return key }
                var descriptors = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0), pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 2, slice)
                if descriptors[1].revents != 0 { return nil }
                wtimeout(cn_stdscr(), 0)
            } else {
                wtimeout(cn_stdscr(), slice)
            }
            if let key = nextKey() { return key }
        } while deadline.map { clock.now < $0 } ?? true
        return nil
    }

    /// The next key ncurses can read within the window's timeout; nil when none, or for codes with no `Key`
    /// (mouse, unbound KEY_* values), which are skipped rather than reported.
    private func nextKey() -> Key? {
        guard let (code, isKeyCode) = readCode() else { return nil }
        if isKeyCode, code == cn_paste_start_code() { return readPaste() }
        if isKeyCode, code == KEY_MOUSE {
            var x: Int32 = 0
            var y: Int32 = 0
            switch cn_read_mouse(&x, &y) {
            case 1: return .mouse(MouseEvent(.click, x: Int(x), y: Int(y)))
            case 4: return .mouse(MouseEvent(.wheelUp, x: Int(x), y: Int(y)))
            case 5: return .mouse(MouseEvent(.wheelDown, x: Int(x), y: Int(y)))
            case 6: return .mouse(MouseEvent(.release, x: Int(x), y: Int(y)))
            default: return nil
            }
        }
        if isKeyCode { return Self.decodeKeyCode(code, size: size) }
        if code == 27 { return readAltKey() }
        return Self.decodeCharacter(code)
    }

    /// Ends full-screen mode and shows the cursor again; safe to call more than once.
    func restore() {
        guard !isRestored else { return }
        isRestored = true
        cn_set_bracketed_paste(0)
        curs_set(1)
        endwin()
    }

    /// Writes bytes straight to the terminal, past ncurses (an OSC 52 clipboard sequence).
    func writeRaw(_ text: String) {
        guard !isRestored else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Gives the terminal to another program (an editor) until `resume`.
    func suspend() {
        guard !isRestored else { return }
        cn_set_bracketed_paste(0)
        curs_set(1)
        endwin()
    }

    /// Takes the terminal back after `suspend` and redraws everything on the next `draw`.
    func resume() {
        guard !isRestored else { return }
        refresh()
        cn_set_bracketed_paste(1)
        curs_set(0)
        cursorVisible = false
        previous = nil
    }

    // MARK: - Drawing

    private func put(_ cell: Cell, x: Int, y: Int) {
        let (attributes, pair) = rendition(for: cell.style)
        // setcchar takes one spacing character plus up to CCHARW_MAX - 1 combining ones; a longer cluster
        // (family emoji) keeps its first scalar so the cell still shows something of the right width.
        var scalars = cell.symbol.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        if scalars.isEmpty { scalars = [wchar_t(32)] }
        if scalars.count >= Int(CCHARW_MAX) { scalars = [scalars[0]] }
        scalars.append(0)
        _ = scalars.withUnsafeBufferPointer { text in
            cn_put_cell(Int32(y), Int32(x), text.baseAddress, attributes, pair)
        }
    }

    private func rendition(for style: Style) -> (attr_t, Int16) {
        var attributes = cn_attr_normal()
        var textAttributes = style.attributes
        var pair: Int16 = 0
        let foreground = style.foreground.flatMap { $0 == .default ? nil : $0 }
        let background = style.background.flatMap { $0 == .default ? nil : $0 }
        if colorMode == .color {
            let (fg, fgBold) = colorDepth.number(for: foreground)
            let (bg, _) = colorDepth.number(for: background)
            if fgBold { textAttributes.insert(.bold) }
            pair = colorPair(foreground: fg, background: bg)
        } else {
            if background != nil { textAttributes.insert(.reverse) }
            if foreground != nil, background == nil { textAttributes.insert(.bold) }
        }
        if textAttributes.contains(.bold) { attributes |= cn_attr_bold() }
        if textAttributes.contains(.dim) { attributes |= cn_attr_dim() }
        if textAttributes.contains(.reverse) { attributes |= cn_attr_reverse() }
        if textAttributes.contains(.underline) { attributes |= cn_attr_underline() }
        if textAttributes.contains(.italic) { attributes |= cn_attr_italic() }
        return (attributes, pair)
    }

    private func colorPair(foreground: Int32, background: Int32) -> Int16 {
        if foreground == -1, background == -1 { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        // Out of pairs: default colours beat failing to draw; attributes still come through.
        guard nextPair < pairLimit else { return 0 }
        let pair = Int16(nextPair)
        // The extended call takes colour numbers past 32767, which direct-colour terminals use for 24-bit colours.
        guard init_extended_pair(Int32(pair), foreground, background) != ERR else { return 0 }
        nextPair += 1
        pairs[key] = pair
        return pair
    }

    // MARK: - Keys

    /// The next input code and whether it is a KEY_* code rather than a character; nil on timeout.
    private func readCode() -> (Int32, Bool)? {
        var value: wint_t = 0
        let result = wget_wch(cn_stdscr(), &value)
        if result == ERR { return nil }
        return (Int32(bitPattern: value), result == KEY_CODE_YES)
    }

    /// Reads pasted text up to the end marker. A terminal that never sends the end marker is cut off after a short
    /// wait rather than hanging the explorer; line breaks become `\n` and the text is returned as one key.
    /// The most characters of one paste kept; a larger paste is cut there.
    static let pasteLimit = 1_000_000

    private func readPaste() -> Key {
        let window = cn_stdscr()
        var scalars = String.UnicodeScalarView()
        // Counted apart: a scalar view's count walks it, which made a 300 KB paste take minutes to read.
        var kept = 0
        wtimeout(window, 200)
        defer { wtimeout(window, 0) }
        var previous: Int32 = 0
        // Past the limit the rest of the paste is read and dropped, never left to be read as keys.
        func append(_ scalar: Unicode.Scalar) {
            guard kept < Self.pasteLimit else { return }
            scalars.append(scalar)
            kept += 1
        }
        while let (code, isKeyCode) = readCode() {
            defer { previous = isKeyCode ? 0 : code }
            if isKeyCode {
                if code == cn_paste_end_code() { break }
                if code == KEY_ENTER { append("\n") }
                continue
            }
            switch code {
            case 13: append("\n")
            // A CR LF pair is one line break.
            case 10: if previous != 13 { append("\n") }
            default: if let scalar = Unicode.Scalar(UInt32(bitPattern: code)) { append(scalar) }
            }
        }
        return .paste(String(scalars))
    }

    /// After Esc: another character already waiting means Alt was held (the terminal sent ESC + char), or a control
    /// sequence ncurses did not know for this terminal (`ESC[1~`), decoded here; one that is no key (a terminal's
    /// reply, an unknown sequence) is dropped (nil) rather than typed as text.
    private func readAltKey() -> Key? {
        let window = cn_stdscr()
        wtimeout(window, 0)
        guard let (code, isKeyCode) = readCode() else { return .escape }
        if !isKeyCode, let scalar = Unicode.Scalar(UInt32(bitPattern: code)), scalar.value >= 32, scalar.value != 127 {
            if scalar == "[" || scalar == "O" || scalar == "]" {
                // The rest of a sequence follows at once; a lone `ESC [` is Alt-[.
                wtimeout(window, 30)
                defer { wtimeout(window, 0) }
                var sequence = String(Character(scalar))
                guard let (next, nextIsKeyCode) = readCode(), !nextIsKeyCode, let nextScalar = Unicode.Scalar(UInt32(bitPattern: next)) else {
                    return .alt(Character(scalar))
                }
                sequence.unicodeScalars.append(nextScalar)
                return readEscapeSequence(sequence)
            }
            return .alt(Character(scalar))
        }
        // Esc then a special key: keep both, so the special key is read next.
        if isKeyCode {
            ungetch(code)
        } else {
            unget_wch(wchar_t(code))
        }
        return .escape
    }

    /// Reads the rest of a control sequence begun with `sequence` and decodes it; an operating system command
    /// (`ESC ]`, a colour or title reply) runs to BEL or `ESC \` and is dropped, as is a legacy mouse report's three
    /// bytes after `ESC [ M`.
    private func readEscapeSequence(_ start: String) -> Key? {
        var sequence = start
        if sequence.hasPrefix("]") {
            var previous: Unicode.Scalar = " "
            for _ in 0..<4096 {
                guard let scalar = sequence.unicodeScalars.last, scalar != "\u{07}", !(previous == "\u{1B}" && scalar == "\\") else { return nil }
                previous = scalar
                guard let (code, isKeyCode) = readCode(), !isKeyCode, let next = Unicode.Scalar(UInt32(bitPattern: code)) else { return nil }
                sequence.unicodeScalars.append(next)
            }
            return nil
        }
        while !Key.isCompleteEscapeSequence(sequence), sequence.unicodeScalars.count < Key.longestEscapeSequence {
            guard let (code, isKeyCode) = readCode(), !isKeyCode, let next = Unicode.Scalar(UInt32(bitPattern: code)) else { return nil }
            sequence.unicodeScalars.append(next)
        }
        if sequence == "[M" {
            for _ in 0..<3 { _ = readCode() }
            return nil
        }
        return Key.decodingEscapeSequence(sequence)
    }

    private static func decodeKeyCode(_ code: Int32, size: (width: Int, height: Int)) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_ENTER: return .enter
        case KEY_RESIZE: return .resize(width: size.width, height: size.height)
        case cn_key_f(1)...cn_key_f(63): return .function(Int(code - cn_key_f(0)))
        default: return nil
        }
    }

    private static func decodeCharacter(_ code: Int32) -> Key? {
        switch code {
        case 13: return .enter
        case 10: return .control("j")
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 0: return .control("@")
        case 1...26:
            guard let letter = Unicode.Scalar(UInt32(code) + 96) else { return nil }
            return .control(Character(letter))
        case 28...31:
            // Ctrl-\ Ctrl-] Ctrl-^ Ctrl-_ : caret notation, like the letters.
            guard let symbol = Unicode.Scalar(UInt32(code) + 64) else { return nil }
            return .control(Character(symbol))
        default:
            guard let scalar = Unicode.Scalar(UInt32(bitPattern: code)) else { return nil }
            return .character(Character(scalar))
        }
    }
}
