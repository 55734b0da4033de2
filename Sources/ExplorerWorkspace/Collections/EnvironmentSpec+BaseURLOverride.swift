import Foundation

extension EnvironmentSpec {
    /// This environment with its base URL replaced by the last `baseURL` among `overrides` (`--set baseURL=…`), if any.
    ///
    /// A request whose URL is a path is joined to the environment's base URL itself, not to the `baseURL` variable, so
    /// `--set baseURL=…` changed `{{baseURL}}` but not where such a request went.
    public func overridingBaseURL(with overrides: [Variable]) -> EnvironmentSpec {
        guard let override = overrides.last(where: { $0.name == "baseURL" }) else { return self }
        var environment = self
        environment.baseURL = override.value
        return environment
    }
}
