import ExplorerCore
import ExplorerWorkspace
import Foundation

/// The scripts of one saved request, from its collection, its folders and its file, and what running them does:
/// `before` scripts change the request and the variables it is resolved with, `after` scripts judge the response.
/// Collection, folder and request `before` scripts run outer to inner; `after` scripts inner to outer.
public struct RequestScripts: Sendable {
    /// The request, in its collection and environment.
    public var resolver: RequestResolver

    /// The scripts of `resolver`'s request.
    public init(_ resolver: RequestResolver) {
        self.resolver = resolver
    }

    /// The scripts that run at `phase`, in the order they run.
    public func texts(for phase: ScriptPhase) -> [ScriptText] {
        let outerToInner = [resolver.collection.root.scripts[phase]] + resolver.folders.map { $0.scripts[phase] } + [resolver.request.scripts[phase]]
        let present = outerToInner.compactMap { $0 }
        return phase == .before ? present : present.reversed()
    }

    /// True when some script runs at `phase`.
    public func has(_ phase: ScriptPhase) -> Bool {
        !texts(for: phase).isEmpty
    }

    /// The scripts of `phase` ready to run: inline text as written, `file:` scripts read from the collection's
    /// directory (a path that leaves it is refused, as is a file that cannot be read).
    public func sources(for phase: ScriptPhase) throws(ScriptFailure) -> [ScriptSource] {
        var sources: [ScriptSource] = []
        for script in texts(for: phase) {
            switch script.body {
            case let .inline(text):
                sources.append(ScriptSource(text: text, file: script.location.file, line: max(1, script.location.line)))
            case let .file(path):
                sources.append(try read(path, from: script, phase: phase))
            }
        }
        return sources
    }

    private func read(_ path: String, from script: ScriptText, phase: ScriptPhase) throws(ScriptFailure) -> ScriptSource {
        func refuse(_ reason: String) -> ScriptFailure {
            ScriptFailure(kind: .file, message: reason, file: script.location.file, line: script.location.line, column: nil, event: phase)
        }
        // The boundary resolves `..` and symbolic links, so a link inside the collection cannot lead a script out of it.
        let boundary = resolver.boundary
        let full = boundary.absolute(path)
        guard boundary.outsideRead(full) == nil else {
            throw refuse("the script file '\(path)' is outside the collection; keep scripts in its directory")
        }
        guard let data = FileManager.default.contents(atPath: full) else {
            throw refuse("the script file '\(path)' could not be read (looked for \(full))")
        }
        return ScriptSource(text: String(decoding: data, as: UTF8.self), file: full, line: 1)
    }

    /// Runs the `before` scripts and returns the resolver to resolve: the request as the scripts left it (method,
    /// URL, headers, body) and the variables they set over every other; nil when the request has none.
    public func runBefore(engine engines: LazyScriptEngine, iteration: Int = 1) -> (resolver: RequestResolver, result: ScriptResult)? {
        guard has(.before) else { return nil }
        let input = ScriptInput(event: .before, requestName: resolver.request.name, iteration: iteration, request: writtenRequest,
                                environment: environmentValues, collectionVariables: values(resolver.collection.root.variables),
                                secrets: resolver.variableResolver.secretValues)
        let result: ScriptResult
        do {
            result = try engine(engines, for: .before).run(try sources(for: .before), input: input)
        } catch {
            var failed = ScriptResult(request: input.request)
            failed.failure = error
            return (resolver, failed)
        }
        var changed = resolver
        changed.overrides = RequestScripts.variables(setBy: result) + resolver.overrides.filter { variable in
            !RequestScripts.names(setBy: result).contains(variable.name)
        }
        changed.request = apply(result.request, to: resolver.request)
        return (changed, result)
    }

    /// Runs the `after` scripts against `response` to `resolved`; nil when the request has none.
    public func runAfter(resolved: ResolvedRequest, response: Request.Response, engine engines: LazyScriptEngine, iteration: Int = 1,
                         before: ScriptResult? = nil) -> ScriptResult? {
        guard has(.after) else { return nil }
        // The URL the first hop went to, as the transport kept it: building it again from its parts costs ~15 µs.
        let url = response.hops.first?.url ?? response.url
        let sent = ScriptRequest(method: resolved.request.httpMethod.rawValue, url: url?.absoluteString ?? resolver.request.url,
                                 headers: resolved.request.effectiveHeaders.fields.map { ScriptHeader($0.name, $0.value) },
                                 body: resolved.body.scriptText)
        // A body past the limit is not decoded at all: a 100 MB body would cost several times that in the engine.
        let withheld = response.data.count > ScriptResponse.bodyLimit
        let answer = ScriptResponse(code: response.statusCode, status: response.reasonPhrase,
                                    headers: response.headers.fields.map { ScriptHeader($0.name, $0.value) }, body: withheld ? "" : response.text,
                                    responseTime: (response.duration * 1000).rounded(), size: response.data.count, isBodyWithheld: withheld)
        var environment = environmentValues
        for (name, value) in before?.environment ?? [:] { environment[name] = value }
        var variables: [String: String] = [:]
        for (name, value) in before?.variables ?? [:] { variables[name] = value }
        let input = ScriptInput(event: .after, requestName: resolver.request.name, iteration: iteration, request: sent, response: answer,
                                environment: environment, variables: variables,
                                collectionVariables: values(resolver.collection.root.variables), secrets: resolved.secretValues)
        do {
            return try engine(engines, for: .after).run(try sources(for: .after), input: input)
        } catch {
            var failed = ScriptResult(request: sent)
            failed.failure = error
            return failed
        }
    }

    /// The engine, or why there is none, named at the first script of `phase`.
    private func engine(_ engines: LazyScriptEngine, for phase: ScriptPhase) throws(ScriptFailure) -> ScriptEngine {
        if let engine = engines.engine { return engine }
        let location = texts(for: phase).first?.location
        throw ScriptFailure(kind: .engine, message: ScriptEngine.loadError ?? "JavaScriptCore could not be loaded", file: location?.file ?? "",
                            line: location?.line, column: nil, event: phase)
    }

    /// The request as its file writes it, for `pm.request` before resolving: its own enabled headers, the raw body.
    var writtenRequest: ScriptRequest {
        let request = resolver.request
        return ScriptRequest(method: request.method, url: request.url,
                             headers: request.headers.filter(\.enabled).map { ScriptHeader($0.name, $0.value) },
                             body: request.body.scriptText ?? "")
    }

    /// The environment's variables, with the values captured or set on the command line over them.
    var environmentValues: [String: String] {
        var values = self.values(resolver.environment?.variables ?? [])
        for variable in resolver.overrides { values[variable.name] = variable.value }
        return values
    }

    private func values(_ variables: [Variable]) -> [String: String] {
        var values: [String: String] = [:]
        for variable in variables { values[variable.name] = variable.value }
        return values
    }

    /// `request` with what the scripts changed: method, URL, headers (disabled ones kept) and a raw body.
    private func apply(_ scripted: ScriptRequest, to request: RequestSpec) -> RequestSpec {
        var changed = request
        let written = writtenRequest
        if scripted.method != written.method { changed.method = scripted.method }
        if scripted.url != written.url { changed.url = scripted.url }
        if scripted.headers != written.headers {
            changed.headers = scripted.headers.map { KeyValue($0.key, $0.value) } + request.headers.filter { !$0.enabled }
        }
        if scripted.body != written.body { changed.body = request.body.replacingText(with: scripted.body) }
        return changed
    }

    /// The variables `result` set, in every scope, as the resolver's highest-priority values (unset ones are left out).
    static func variables(setBy result: ScriptResult) -> [Variable] {
        var set: [String: String] = [:]
        for scope in [result.collectionVariables, result.environment, result.variables] {
            for (name, value) in scope { if let value { set[name] = value } else { set[name] = nil } }
        }
        return set.keys.sorted().compactMap { name in set[name].map { Variable(name: name, value: $0, isLiteral: true) } }
    }

    /// The names `result` set or unset.
    static func names(setBy result: ScriptResult) -> Set<String> {
        Set(result.collectionVariables.keys).union(result.environment.keys).union(result.variables.keys)
    }
}
