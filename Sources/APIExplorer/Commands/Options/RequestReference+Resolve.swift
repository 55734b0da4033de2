import ArgumentParser
import ExplorerChecks
import ExplorerCore
import ExplorerWorkspace
import Foundation

extension RequestReference {
    /// A resolver for this request in `environment` with the command line's variables and headers, sending with
    /// `context`. Values that `run --save-captures` (or the explorer) saved for the environment resolve `{{name}}`
    /// too, below `--set`.
    func resolver(environment: EnvironmentSpec?, options: RequestOptions, demoBaseURL: URL?, context: SendContext) -> RequestResolver {
        var captured: [Variable] = []
        do {
            captured = try CaptureStore.load(collectionDirectory: collection.directory).variables(environment: environment?.name)
        } catch {
            StandardError.write("\(error.description) (captured values not used)")
        }
        var resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: environment?.overridingBaseURL(with: options.overrides),
                                       overrides: captured + options.overrides, extraHeaders: options.extraHeaders, demoBaseURL: demoBaseURL)
        resolver.inputs.context = context
        return resolver
    }

    /// The request resolved in `environment`; an unresolved variable, a bad URL or a missing file is written to
    /// standard error and ends the command with exit code 1.
    func resolve(environment: EnvironmentSpec?, options: RequestOptions, demoBaseURL: URL?, context: SendContext,
                 showSecrets: Bool = false) throws -> ResolvedRequest {
        try resolve(resolver(environment: environment, options: options, demoBaseURL: demoBaseURL, context: context), showSecrets: showSecrets)
    }

    /// The request `resolver` makes; an unresolved variable, a bad URL or a missing file is written to standard error
    /// and ends the command with exit code 1.
    func resolve(_ resolver: RequestResolver, showSecrets: Bool = false) throws -> ResolvedRequest {
        do {
            return try resolver.resolve()
        } catch {
            // A URL or body that failed to resolve may already hold a secret's value.
            let masker = SecretMasker(secrets: showSecrets ? [] : resolver.variableResolver.secretValues)
            StandardError.write("error: \(masker.mask(error.description))")
            throw ExitCode(.failed)
        }
    }
}
