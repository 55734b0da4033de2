/// The open containers of a JSON document, one bit each (1 = object, 0 = array).
///
/// Packed into words so that checkpointing a 100,000-deep state every few hundred
/// lines stays cheap to copy and store.
struct JSONContainerStack: Sendable, Hashable {
    private var words: [UInt64] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// Whether the innermost open container is an object; false when none is open.
    var topIsObject: Bool {
        guard count > 0 else { return false }
        let index = count - 1
        return words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    mutating func push(isObject: Bool) {
        let word = count >> 6
        if word == words.count { words.append(0) }
        let bit: UInt64 = 1 << UInt64(count & 63)
        if isObject { words[word] |= bit } else { words[word] &= ~bit }
        count += 1
    }

    mutating func pop() {
        guard count > 0 else { return }
        count -= 1
        if count & 63 == 0 { words.removeLast() }
    }
}
