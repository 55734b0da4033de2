extension Result {
    /// The error, when this is a failure.
    var failureValue: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }

    /// Runs an async throwing body, keeping its typed error.
    init(catching body: () async throws(Failure) -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
