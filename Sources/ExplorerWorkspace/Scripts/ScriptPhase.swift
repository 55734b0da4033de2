/// When a collection file's script runs, named as the file's keys are (`before:`, `after:`).
public enum ScriptPhase: String, Sendable, Equatable, CaseIterable {
    case before, after
}
