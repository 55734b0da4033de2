@testable import ExplorerTUI
import Testing

/// Runs a test or suite with `palette` bound as the theme widgets draw in.
struct ThemeTrait: TestTrait, SuiteTrait, TestScoping {
    let palette: ThemePalette

    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await ThemePalette.$current.withValue(palette) { try await function() }
    }
}

extension Trait where Self == ThemeTrait {
    /// Draws in `palette` instead of the default dark theme.
    static func theme(_ palette: ThemePalette) -> ThemeTrait { ThemeTrait(palette: palette) }
}
