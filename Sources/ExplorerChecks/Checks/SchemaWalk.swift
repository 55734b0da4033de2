/// The state of one schema validation: how much work it has done, and which `$ref`s are being followed at which
/// place in the value, so a schema that refers to itself without going deeper into the value is reported, and one
/// that fans out (`allOf` of two `$ref: "#"`) stops at a budget instead of running for hours.
final class SchemaWalk {
    /// The most schema nodes one validation visits.
    static let stepLimit = 200_000
    /// Nodes visited so far.
    var steps = 0
    /// True once the budget ran out (reported once).
    var isExhausted = false
    /// `$ref` and value path pairs being followed.
    var referencesInUse: Set<String> = []
}
