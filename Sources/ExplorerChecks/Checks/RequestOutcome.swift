import ExplorerCore
import ExplorerWorkspace
import Foundation

/// What happened to one request of a run: its response's status and time, each check's result and the values it
/// captured, or why it could not be sent.
public struct RequestOutcome: Sendable {
    /// `collection/folder/request`.
    public var reference: String
    /// The request's display name.
    public var name: String
    /// Which repetition (1-based) of a run with `--repeat`.
    public var iteration: Int
    /// The status code, when a response arrived.
    public var status: Int?
    /// A gRPC call's status name (`OK`, `NOT_FOUND`), shown where an HTTP status would be; nil for other requests.
    public var grpcStatus: String?
    /// Seconds from sending to the whole response.
    public var duration: Double
    /// Every check's result, then a failed result for each capture that found nothing.
    public var checks: [CheckResult]
    /// The values captured.
    public var captured: [CapturedValue]
    /// The names a script unset (`pm.environment.unset`): captured values that later requests must no longer see.
    public var released: [String] = []
    /// Why the request could not be sent (a transport error, an unresolved variable, a dependency that failed).
    public var error: String?

    /// Creates an outcome.
    public init(reference: String, name: String, iteration: Int = 1, status: Int? = nil, duration: Double = 0,
                checks: [CheckResult] = [], captured: [CapturedValue] = [], error: String? = nil) {
        self.reference = reference
        self.name = name
        self.iteration = iteration
        self.status = status
        self.duration = duration
        self.checks = checks
        self.captured = captured
        self.error = error
    }

    /// True when the request was sent and every check passed.
    public var passed: Bool { error == nil && checks.allSatisfy(\.passed) }
    /// How many checks failed.
    public var failedChecks: Int { checks.filter { !$0.passed }.count }

    /// The outcome of a response: checks evaluated, captures taken; text that could hold a secret is masked.
    public static func evaluate(_ response: CheckedResponse, reference: String, name: String, iteration: Int,
                                checks: [CheckSpec], captures: [CaptureSpec], secrets: [String],
                                variables: VariableResolver? = nil) -> RequestOutcome {
        let evaluator = CheckEvaluator(response: response, parseJSON: CheckEvaluator.readsJSON(checks, captures),
                                       documents: variables?.inputs.context.documents ?? DocumentCache())
        var results = checks.map { check -> CheckResult in
            guard let variables else { return evaluator.evaluate(check) }
            do throws(VariableError) {
                return evaluator.evaluate(try check.resolvingVariables(with: variables))
            } catch {
                // The check as written, failed, naming the variable: comparing with the literal `{{name}}` could only fail
                // for a reason the user cannot see.
                return CheckResult(check: check, passed: false, actual: "-", reason: error.description)
            }
        }
        let (values, failures) = CaptureExtractor.extract(captures, from: response, reference: reference, document: evaluator.parsed)
        for (capture, failure) in zip(captures.filter { spec in !values.contains { $0.name == spec.name } }, failures) {
            results.append(CheckResult(check: CheckSpec(.capture(capture.name), location: capture.location), passed: false,
                                       actual: "nothing", reason: failure))
        }
        let masker = SecretMasker(secrets: secrets + values.filter(\.secret).map(\.value))
        for index in results.indices {
            results[index].actual = masker.mask(results[index].actual)
            results[index].reason = results[index].reason.map(masker.mask)
        }
        return RequestOutcome(reference: reference, name: name, iteration: iteration, status: response.status,
                              duration: response.duration, checks: results, captured: values)
    }
}
