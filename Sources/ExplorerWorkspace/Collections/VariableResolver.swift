import Foundation

/// Substitutes `{{name}}` in text, narrowest scope first, with the built-ins `{{$env.NAME}}`, `{{$uuid}}`,
/// `{{$timestamp}}` and `{{$randomInt}}`; `\{{` writes a literal `{{`.
public struct VariableResolver: Sendable {
    /// Scopes from narrowest (command line) to widest (collection).
    public var scopes: [VariableScope]
    /// The environment name, for error messages.
    public var environmentName: String?
    /// What is being resolved, for error messages.
    public var context: String
    /// The process environment, for `{{$env.NAME}}` and the programs that read secret references (their PATH).
    public var processEnvironment: [String: String]
    /// What may be read from outside the files (secret references, prompts) and whether it may be now.
    public var inputs: ResolutionInputs
    /// The collection's directory, for `{{$file path}}` with a relative path.
    public var directory: String?

    /// Creates a resolver.
    /// `inputs` is given by a request's resolver, so no send context is made only to be replaced.
    public init(scopes: [VariableScope], environmentName: String?, context: String,
                processEnvironment: [String: String] = ProcessInfo.processInfo.environment, inputs: ResolutionInputs = ResolutionInputs()) {
        self.inputs = inputs
        self.scopes = scopes
        self.environmentName = environmentName
        self.context = context
        self.processEnvironment = processEnvironment
    }

    /// True for names a variable may have.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// The variable a name resolves to, narrowest scope first.
    public func lookup(_ name: String) -> Variable? {
        scopedLookup(name)?.variable
    }

    /// The variable a name resolves to and the scope it is in.
    func scopedLookup(_ name: String) -> (variable: Variable, scope: VariableScope)? {
        for scope in scopes {
            if let variable = scope.variables.last(where: { $0.name == name }) { return (variable, scope) }
        }
        return nil
    }

    /// Every secret value in scope, for masking output.
    public var secretValues: [String] {
        // Masking only looks: it reads what a send may read, but never runs a program or asks a question.
        var quiet = self
        quiet.inputs.mayAsk = false
        var values: [String] = []
        for scope in scopes {
            for variable in scope.variables where variable.secret {
                if quiet.inputs.mayRead, let name = variable.fromEnvironment,
                   let value = try? quiet.environmentValue(name, for: variable.name), !value.isEmpty {
                    values.append(value)
                }
                guard !variable.value.isEmpty else { continue }
                if let reference = try? SecretReference.parse(variable.value) {
                    // Only a value already read: masking never runs a program. The reference itself is no secret, and
                    // errors name it.
                    if let known = inputs.secretStore.cachedValue(reference, environment: processEnvironment) { values.append(known) }
                    continue
                }
                if let resolved = try? quiet.resolve(variable.value) { values.append(resolved) }
                values.append(variable.value)
            }
        }
        // A prompt not answered, or a command, file or environment variable not read (a preview), is shown as written
        // (`{{$prompt Password}}`), no secret.
        let unread = values.filter { value in VariableResolver.unreadMarkers.contains { value.contains($0) } }
        return Array(Set(values).subtracting(unread)).sorted { $0.count > $1.count }
    }

    /// What a value still holds when something in it was not read.
    static let unreadMarkers = ["{{$prompt ", "{{$command ", "{{$file ", "{{$env.", "{{$processEnv."]

    /// `text` with every variable substituted.
    public func resolve(_ text: String) throws(VariableError) -> String {
        try resolve(text, depth: 0, chain: [])
    }

    private func resolve(_ text: String, depth: Int, chain: [String]) throws(VariableError) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        for piece in TemplateScanner.pieces(of: text) {
            switch piece {
            case let .literal(run): output += run
            case let .template(name): output += try value(of: name, depth: depth, chain: chain)
            }
        }
        return output
    }

    private func value(of name: String, depth: Int, chain: [String]) throws(VariableError) -> String {
        if name.hasPrefix("$") { return try builtIn(name, chain: chain) }
        guard let (variable, scope) = scopedLookup(name) else {
            throw VariableError(name: name, context: context, environment: environmentName)
        }
        if let environmentName = variable.fromEnvironment, let value = try environmentValue(environmentName, for: name) { return value }
        if variable.secret, let value = try referencedValue(of: variable, in: scope) { return value }
        // A secret declared without a value is not set yet: sent empty, a header or a key silently goes out blank.
        if variable.secret, variable.value.isEmpty {
            guard inputs.mayRead else { return "{{\(name)}}" }
            let file = environmentName.map { "\($0): \(name): VALUE" } ?? "\(name): VALUE"
            throw VariableError(name: name, context: context, environment: environmentName,
                                reason: "is a secret with no value (\(scope.origin))",
                                advice: "Set it in secrets.local.yaml beside collection.yaml (\(file)), or pass --set \(name)=VALUE.")
        }
        // A value from a response is data: inserted as it is, never read as a template.
        if variable.isLiteral { return variable.value }
        guard !chain.contains(name), depth < 16 else {
            throw VariableError(name: name, context: context, environment: environmentName,
                                reason: "refers to itself through " + (chain + [name]).map { "{{\($0)}}" }.joined(separator: " → "),
                                advice: "Give one of these variables a value that does not refer back.")
        }
        return try resolve(variable.value, depth: depth + 1, chain: chain + [name])
    }

    private func builtIn(_ name: String, chain: [String]) throws(VariableError) -> String {
        switch name {
        case "$uuid", "$guid", "$random.uuid": return UUID().uuidString.lowercased()
        case "$timestamp": return String(Int(Date().timeIntervalSince1970))
        case "$isoTimestamp": return ISO8601DateFormatter().string(from: Date())
        case "$randomInt": return String(Int.random(in: 0..<1000))
        default:
            if let key = TemplateScanner.environmentName(in: name) {
                guard let value = try environmentValue(key, for: name) else {
                    throw VariableError(name: name, context: context, environment: environmentName,
                                        reason: "reads the process environment variable \(key), which is not set",
                                        advice: "Set \(key) in the shell that starts apiexplorer.")
                }
                return value
            }
            if let value = try input(name, chain: chain) { return value }
            throw VariableError(name: name, context: context, environment: environmentName,
                                reason: "is not a built-in; use $env.NAME, $uuid, $timestamp, $isoTimestamp, $randomInt, $file PATH or $prompt LABEL",
                                advice: "")
        }
    }
}
