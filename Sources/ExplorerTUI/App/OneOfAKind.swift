/// The rule for a slot that holds one thing of several kinds (what is open over the panes, what has the cursor):
/// setting a value replaces whatever was there; clearing clears only a value of the kind being cleared, so closing a
/// stale kind never closes another.
enum OneOfAKind {
    /// The slot's new value after setting `new` (nil: clearing the kind `isSameKind` accepts).
    static func setting<Slot>(_ slot: Slot?, to new: Slot?, isSameKind: (Slot) -> Bool) -> Slot? {
        if let new { return new }
        if let slot, isSameKind(slot) { return nil }
        return slot
    }
}
