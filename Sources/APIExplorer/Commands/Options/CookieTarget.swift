import ArgumentParser
import ExplorerCore
import ExplorerWorkspace

/// Which jars a `cookies` subcommand works on: a collection (or a request inside it) and `--env`, or every jar.
struct CookieTarget: ParsableArguments {
    @Argument(help: "A collection (or a request reference inside it); every collection when absent.", completion: ShellCompletion.references)
    var reference: String?

    @Option(name: .long, help: "The environment (default: the config file's for the collection, else the collection's default; with no collection, every environment).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var options: CollectionsOptions

    @OptionGroup var config: ConfigOptions

    /// One jar: a collection and the environment it is kept for.
    struct Jar {
        let collection: CollectionSpec
        let environment: String?
        let jar: CookieJar
        /// `Demo · local`.
        var title: String { collection.name + " · " + (environment ?? "no environment") }
    }

    /// The jars meant, kept in the state directory. With `single`, exactly one: a collection must be named.
    func jars(single: Bool = false) throws -> [Jar] {
        let cookies = CookieJars(policy: .store(CookieStore.standard()))
        let configFile = try config.load()
        let result = try options.load(about: reference)
        let collections = try CollectionsOptions.collections(reference, in: result)
        if reference == nil, single {
            StandardError.write("error: name a collection: apiexplorer cookies import FILE Demo --env local")
            throw ExitCode(.failed)
        }
        var jars: [Jar] = []
        for collection in collections {
            let environments: [EnvironmentSpec?]
            if let env {
                guard let environment = collection.environment(named: env) else {
                    if reference == nil { continue }
                    StandardError.write("error: collection '\(collection.slug)' has no environment '\(env)'. Environments: \(collection.environments.map(\.name).joined(separator: ", ")).")
                    throw ExitCode(.failed)
                }
                environments = [environment]
            } else if single {
                let chosen = ConfigOptions.environment(for: collection, in: configFile)
                if let problem = chosen.problem { StandardError.write(problem.description) }
                environments = [chosen.name.flatMap(collection.environment(named:)) ?? collection.defaultEnvironment]
            } else {
                environments = collection.environments.isEmpty ? [nil] : collection.environments.map { $0 }
            }
            for environment in environments {
                let keeps = environment?.keepSessionCookies ?? collection.keepSessionCookies ?? false
                guard let jar = cookies.jar(collection: collection.directory, environment: environment?.name, keepsSessionCookies: keeps) else { continue }
                jars.append(Jar(collection: collection, environment: environment?.name, jar: jar))
            }
        }
        return jars
    }
}
