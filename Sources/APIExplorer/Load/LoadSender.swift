import ExplorerChecks
import ExplorerCore
import ExplorerLoad
import ExplorerScripts
import ExplorerWorkspace
import Foundation

/// Sends one iteration of a load test. A single request that nothing changes between sends (no captures, scripts,
/// `{{$uuid}}`-style values or OAuth 2.0 token) is resolved once and sent as is; anything else goes through the send
/// pipeline each time, captured values carried from request to request and iteration to iteration.
final class LoadSender: Sendable {
    private let target: LoadTarget
    private let pipeline: SendPipeline
    /// The request resolved once, when it can be.
    private let fixed: (resolver: RequestResolver, resolved: ResolvedRequest)?
    private let captures = LockedCaptures()
    /// Connections to one origin at most: the transport opens as many as the test keeps in flight.
    private let connections: Int

    private init(target: LoadTarget, pipeline: SendPipeline, fixed: (RequestResolver, ResolvedRequest)?, connections: Int) {
        self.target = target
        self.pipeline = pipeline
        self.fixed = fixed
        self.connections = connections
    }

    /// A sender for `target` with up to `connections` to one origin; resolving the request once may fail (an undefined
    /// variable), before anything is sent.
    static func make(_ target: LoadTarget, pipeline: SendPipeline, connections: Int) async throws(SendFailure) -> LoadSender {
        let resolvers = target.resolvers()
        guard resolvers.count == 1, let only = resolvers.first, isFixed(only) else {
            return LoadSender(target: target, pipeline: pipeline, fixed: nil, connections: connections)
        }
        var resolved = try await pipeline.resolve(only)
        resolved.request.configuration.connectionsPerHost = connections
        return LoadSender(target: target, pipeline: pipeline, fixed: (only, resolved), connections: connections)
    }

    /// The request as bytes to send straight on SwiftNIO, when the test is one request that never changes and whose
    /// checks read only the status.
    var wireRequest: WireRequest? {
        fixed.flatMap { WireRequest($0.resolved.request, checks: $0.resolver.checks) }
    }

    /// True when every send of `resolver`'s request would be the same bytes.
    static func isFixed(_ resolver: RequestResolver) -> Bool {
        let request = resolver.request
        let scripts = RequestScripts(resolver)
        guard request.captures.isEmpty, !scripts.has(.before), !scripts.has(.after) else { return false }
        if case .oauth2 = resolver.effectiveAuth { return false }
        let texts = [request.url, request.body.text ?? ""] + request.query.map(\.value) + resolver.effectiveHeaders.map(\.header.value)
        return !texts.contains { $0.contains("{{$") }
    }

    /// Sends iteration `index`: a sample per request sent.
    func iteration(_ index: Int) async -> [LoadSample] {
        if let fixed {
            return await LoadSender.send(fixed.resolved.request, resolver: fixed.resolver).map { [$0] } ?? []
        }
        var samples: [LoadSample] = []
        for position in target.plan.indices {
            // Resolved just before it goes: what the request before it captured is in.
            let resolver = target.resolver(at: position, capturing: captures.variables)
            let started = ContinuousClock.now
            let connections = self.connections
            let exchange = await pipeline.send(resolver, limit: { request in
                var widened = request
                widened.configuration.connectionsPerHost = connections
                return widened
            })
            let latency = LoadSender.seconds(since: started)
            if case let .transport(error)? = exchange.failure {
                if error.isCancelled || Task.isCancelled { return samples }
                samples.append(LoadSample(latency: latency, error: LoadErrorKind(error.transportFailure)))
                return samples
            }
            guard let response = exchange.response, let outcome = exchange.outcome else {
                samples.append(LoadSample(latency: latency, error: .other))
                return samples
            }
            captures.record(outcome.captured, released: outcome.released)
            samples.append(LoadSender.sample(response, outcome: outcome, latency: latency))
        }
        return samples
    }

    /// Sends `request` once and measures it; nil when the send was cancelled.
    static func send(_ request: Request, resolver: RequestResolver) async -> LoadSample? {
        let started = ContinuousClock.now
        do {
            let response = try await request.send()
            let latency = seconds(since: started)
            return sample(response, outcome: resolver.outcome(of: response, secrets: []), latency: latency)
        } catch {
            if error.isCancelled || Task.isCancelled { return nil }
            return LoadSample(latency: seconds(since: started), error: LoadErrorKind(error.transportFailure))
        }
    }

    /// The sample of `response`: its phases, its checks, and a 5xx that a check failed on as an error.
    static func sample(_ response: Request.Response, outcome: RequestOutcome, latency: Double) -> LoadSample {
        let passed = outcome.checks.filter(\.passed).count
        let failed = outcome.checks.count - passed
        return LoadSample(latency: latency, connect: response.timing.connect, tls: response.timing.tlsHandshake, firstByte: response.timing.firstByte,
                          error: response.statusCode >= 500 && failed > 0 ? .status : nil, checksPassed: passed, checksFailed: failed)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
