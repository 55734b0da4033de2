/// Which group of keys the help lists first: the keys of the overlay it was opened from.
public enum KeyHelpTopic: Sendable, Equatable {
    /// The history list's keys.
    case history
    /// The keys of an overlay, prompt or field mode.
    case mode(KeyMode)
}
