import Foundation

/// What a pane's `update` may read of the explorer around it (the key map, the screen, the clock) and the one thing
/// it may write there: the status line.
public struct PaneContext: Sendable {
    /// The key map keys are read through.
    public var keyMap: KeyMap
    /// The terminal size and the pane shown alone.
    public var screen: Screen
    /// The clock.
    public var now: Date
    /// The bottom bar's message; a pane sets it to say what a key did or why it did nothing.
    public var status: String?

    /// Creates a context.
    public init(keyMap: KeyMap, screen: Screen, now: Date, status: String?) {
        self.keyMap = keyMap
        self.screen = screen
        self.now = now
        self.status = status
    }
}
