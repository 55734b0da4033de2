import ArgumentParser
import ExplorerCore
import ExplorerGRPC
import ExplorerWorkspace
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `send` on a gRPC request: makes the call, printing each reply as proto3 JSON as it arrives (a server stream live),
/// then the status (`OK`, or `NOT_FOUND (5): no item missing`, with the status details), and with `--print h` the
/// headers and trailers; then the tally of its checks. A non-OK status exits 0, as an HTTP 4xx does (checks decide);
/// a request that cannot be made exits 1, a connection that fails 2, Ctrl-C 130.
struct GRPCSend {
    /// The call.
    var call: GRPCRequestCall
    /// `--print`'s letters: H the call and metadata, B the messages sent, h headers and trailers, b replies, m status.
    var parts: Set<Character>
    /// How JSON is printed.
    var pretty: PrettyMode
    /// Colour escapes allowed on standard output.
    var useColor: Bool
    /// Masks secrets in what is printed.
    var masker: SecretMasker
    /// Evaluate the request's checks.
    var evaluatesChecks = true

    func run() async throws {
        let invocation: GRPCInvocation
        do { invocation = try call.invocation() } catch {
            StandardError.write("error: \(masker.mask(error.description))")
            throw ExitCode(.failed)
        }
        let printer = ConversationPrinter(bodyOnly: true, pretty: pretty, useColor: useColor, masker: masker)
        let parts = self.parts
        let masker = self.masker
        if parts.contains("H") {
            var head = "GRPC \(invocation.url.absoluteString)/\(invocation.method)\n"
            for entry in invocation.metadata { head += "\(entry.name): \(entry.value)\n" }
            StandardOutput.write(Array(masker.mask(head + "\n").utf8), to: STDOUT_FILENO)
        }
        let running = Task { [call] in
            await call.run(invocation) { progress in
                switch progress {
                case let .started(address, method):
                    StandardError.write("Calling \(method.reference) (\(method.kind)) on \(address)")
                case let .sent(json):
                    if parts.contains("B") { printer.write(WebSocketMessage(text: json), sent: false, at: 0) }
                case let .headers(headers):
                    if parts.contains("h") { GRPCSend.writeHeaders(headers, masker: masker) }
                case let .reply(reply):
                    if parts.contains("b") { printer.write(WebSocketMessage(text: reply.json), sent: false, at: reply.time) }
                    for unknown in reply.unknownFields { StandardError.write("warning: \(masker.mask(unknown))") }
                }
            }
        }
        let interrupt = InterruptSignal { running.cancel() }
        let exchange = await running.value
        interrupt.stop()
        // Kept before the process exits, whichever way it does.
        _ = await call.history?.withStore { _ in true }
        if let failure = exchange.failure {
            StandardError.write("error: \(masker.mask(failure))")
            throw ExitCode(exchange.isTransportFailure ? .trouble : .failed)
        }
        if parts.contains("h") { GRPCSend.writeHeaders(exchange.trailers, masker: masker) }
        let received = "\(exchange.replies.count) message\(exchange.replies.count == 1 ? "" : "s") in \(MeasurementText.duration(exchange.duration))"
        if let status = exchange.status, parts.contains("m") {
            StandardOutput.write(Array(masker.mask(status.description + "\n").utf8), to: STDOUT_FILENO)
            if let details = exchange.statusDetails { printer.write(WebSocketMessage(text: details), sent: false, at: 0) }
        }
        if interrupt.wasInterrupted {
            StandardError.write("interrupted; \(received) received.")
            throw ExitCode(.interrupted)
        }
        StandardError.write(received)
        guard evaluatesChecks else { return }
        let outcome = call.outcome(exchange, secrets: masker.secrets)
        for line in outcome.tallyLines ?? [] { StandardError.write(masker.mask(line)) }
        if !outcome.passed { throw ExitCode(.checksFailed) }
    }

    /// Headers or trailers as `name: value` lines, then a blank line.
    static func writeHeaders(_ headers: [(name: String, value: String)], masker: SecretMasker) {
        guard !headers.isEmpty else { return }
        let text = headers.map { "\($0.name): \($0.value)\n" }.joined() + "\n"
        StandardOutput.write(Array(masker.mask(text).utf8), to: STDOUT_FILENO)
    }
}
