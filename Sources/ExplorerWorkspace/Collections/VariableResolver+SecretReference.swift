extension VariableResolver {
    /// The value of a secret variable whose value is a reference (`op://…`), nil when it is a plain value. Not read yet
    /// and not reading (a preview), it stays `{{name}}`.
    func referencedValue(of variable: Variable, in scope: VariableScope) throws(VariableError) -> String? {
        let reference: SecretReference?
        do { reference = try SecretReference.parse(variable.value) } catch {
            throw secretError(variable, scope, reason: "is not a valid secret reference (\(origin(variable, scope))): \(error.description)",
                              advice: error.advice)
        }
        guard let reference else { return nil }
        guard try reading(reference.outsideRead, name: variable.name) else { return "{{\(variable.name)}}" }
        if let known = inputs.secretStore.cachedValue(reference, environment: processEnvironment) { return known }
        // Masking only looks: it never runs a program.
        guard inputs.mayRun || reference.command == nil else { return "{{\(variable.name)}}" }
        if reference.command != nil { inputs.willReadSecret?(variable.name, reference) }
        do {
            return try inputs.secretStore.value(reference, environment: processEnvironment)
        } catch {
            let how = reference.command.map { " with `\(([$0.tool] + $0.arguments).joined(separator: " "))`" } ?? ""
            throw secretError(variable, scope, reason: "could not be read from \(reference.source)\(how) (\(origin(variable, scope))): \(error.description)",
                              advice: error.advice)
        }
    }

    /// True when a secret variable in scope names a reference that a program must still read.
    public var hasUnreadSecretReferences: Bool {
        scopes.contains { scope in
            scope.variables.contains { variable in
                guard variable.secret, let reference = try? SecretReference.parse(variable.value), reference.command != nil else { return false }
                return inputs.secretStore.cachedValue(reference, environment: processEnvironment) == nil
            }
        }
    }

    private func origin(_ variable: Variable, _ scope: VariableScope) -> String {
        variable.file.map { "set in \($0)" } ?? "set in \(scope.origin)"
    }

    private func secretError(_ variable: Variable, _ scope: VariableScope, reason: String, advice: String) -> VariableError {
        VariableError(name: variable.name, context: context, environment: environmentName, reason: reason, advice: advice)
    }
}
