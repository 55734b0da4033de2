import Foundation

/// A string prepared once for fuzzy matching: one case-folded key per character and how much a match at each
/// character is worth (the start of the text, of a word, of a camelCase hump). Preparing is the costly part, so a
/// list keeps these and matches every keystroke's query against them.
public struct FuzzyText: Sendable, Equatable {
    /// The text as given.
    public let text: String
    /// One folded key per character (grapheme), so positions are character offsets.
    let keys: [UInt32]
    /// The bonus for a match at each character.
    let bonuses: [Int32]

    /// Prepares `text`.
    public init(_ text: String) {
        self.text = text
        var keys: [UInt32] = []
        var bonuses: [Int32] = []
        keys.reserveCapacity(text.utf8.count)
        bonuses.reserveCapacity(text.utf8.count)
        var previous: Character?
        for character in text {
            keys.append(FuzzyText.fold(character))
            bonuses.append(FuzzyText.bonus(character, after: previous))
            previous = character
        }
        self.keys = keys
        self.bonuses = bonuses
    }

    /// The number of characters.
    public var count: Int { keys.count }

    /// A key equal for a character and its other case. ASCII is folded directly (the common case, and fast); another
    /// character by its lowercase form, one scalar kept as it is and longer forms (é written as e + ◌́, ﬃ) hashed
    /// above the Unicode range so they never meet a single scalar.
    static func fold(_ character: Character) -> UInt32 {
        if let ascii = character.asciiValue { return UInt32(ascii >= 65 && ascii <= 90 ? ascii + 32 : ascii) }
        // Composed and decomposed forms (é, e + ◌́) are one character to Swift, so they fold alike.
        let lower = character.lowercased().precomposedStringWithCanonicalMapping
        let scalars = lower.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return scalar.value }
        var hasher = Hasher()
        hasher.combine(lower)
        return UInt32(truncatingIfNeeded: hasher.finalize()) | 0x8000_0000
    }

    /// What a match at `character` is worth beyond any match: most at the start, then at a word's start.
    static func bonus(_ character: Character, after previous: Character?) -> Int32 {
        guard let previous else { return FuzzyMatcher.startBonus }
        let (isWord, isUpper, _) = kind(of: character)
        let (wasWord, _, wasLower) = kind(of: previous)
        if isWord, !wasWord { return FuzzyMatcher.wordBonus }
        if isUpper, wasLower { return FuzzyMatcher.camelBonus }
        return 0
    }

    /// Whether `character` is a letter or digit, upper case, lower case; ASCII is classified directly, as Unicode's
    /// properties cost a table look-up each and most of what is matched (URLs, names) is ASCII.
    private static func kind(of character: Character) -> (word: Bool, upper: Bool, lower: Bool) {
        if let ascii = character.asciiValue {
            let upper = ascii >= 65 && ascii <= 90
            let lower = ascii >= 97 && ascii <= 122
            return (upper || lower || (ascii >= 48 && ascii <= 57), upper, lower)
        }
        return (character.isLetter || character.isNumber, character.isUppercase, character.isLowercase)
    }
}
