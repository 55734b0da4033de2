/// A mouse click or wheel turn at a screen cell, decoded by the backend.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public enum Action: Hashable, Sendable {
        /// The first button was pressed.
        case click
        /// The wheel turned up (away from the user).
        case wheelUp
        /// The wheel turned down.
        case wheelDown
        /// The first button was let go (ends a drag that began with a click).
        case release
    }

    /// What happened.
    public var action: Action
    /// The column, from 0.
    public var x: Int
    /// The row, from 0.
    public var y: Int

    /// Creates an event.
    public init(_ action: Action, x: Int, y: Int) {
        self.action = action
        self.x = x
        self.y = y
    }
}
