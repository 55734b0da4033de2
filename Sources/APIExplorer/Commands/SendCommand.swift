import ArgumentParser
import ExplorerCore
import ExplorerScripts
import ExplorerHistory
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace

/// `apiexplorer send REF`: sends a saved request and prints the response like HTTPie.
struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a saved request and print the response.",
        discussion: """
            Exit codes: 0 success; 1 collection error (including an unresolved variable), or --output cannot be written; \
            2 transport error (refused, timeout, DNS, TLS); with --check-status, 3, 4 or 5 for a 3xx, 4xx or 5xx response; \
            5 a check of the request failed (its checks and captures are evaluated unless --no-checks; the tally is \
            printed on stderr after the response); 64 usage error (an unknown option or a missing argument); 130 \
            interrupted (Ctrl-C). A binary body is summarised (size, type, hex preview); --output FILE or --output - \
            writes its bytes. A text/event-stream or JSON lines response (any response with --stream or the request \
            key stream: true) is printed event by event as it arrives, and how many events came is printed on stderr. \
            A WebSocket request (method WS, or a ws:// or wss:// URL) connects, sends its saved messages (or standard \
            input's lines with --stdin) and prints each message received as it arrives, until the server closes, \
            --messages N arrived or --wait SECONDS passed quietly (by default the file's expectMessages: and wait:; each message sent is printed under a → line, each \
            received under a ← line, with its time): exit 0, 2 when the connection fails, 130 on Ctrl-C. History keeps \
            the conversation: `apiexplorer history show ID` prints it again.
            """
    )

    @Argument(help: "The request: collection/folder/request, as shown by `apiexplorer list`.", completion: ShellCompletion.references)
    var reference: String

    @OptionGroup var options: CollectionsOptions

    @Option(name: .long, help: "The environment (default: the collection's default).", completion: ShellCompletion.environments)
    var env: String?

    @OptionGroup var requestOptions: RequestOptions
    @OptionGroup var trust: TrustOptions

    @Option(name: .customLong("print"), help: "What to print: H request head, B request body, h response head, b response body, m status/time/size, t trace (protocol, TLS, redirects, timings; per hop the connection used: new, with the time to open it and then the time of DNS, TCP and the TLS handshake apart, or reused).")
    var printParts: String?

    @Option(name: .long, help: "all, colors, format or none (default: all on a terminal, none otherwise).")
    var pretty: PrettyMode?

    @Option(name: [.customShort("o"), .long],
            help: "Write the response body to this file byte for byte (gzip already decoded) instead of printing it; a regular file is replaced atomically. With - (standard output) the body is all that goes to stdout: the status line and headers go to stderr.")
    var output: String?

    @Flag(name: .long, help: "Exit with 3, 4 or 5 for a 3xx, 4xx or 5xx response.")
    var checkStatus = false

    @Flag(name: .long, help: "Print secret values instead of masking them.")
    var showSecrets = false

    @Flag(name: .long, help: "Do not evaluate the request's checks and captures (by default a failed check exits 5).")
    var noChecks = false

    @Flag(name: .long, help: "Print the body as it arrives whatever its type, as the request key stream: true does (text/event-stream and JSON lines always stream).")
    var stream = false

    @OptionGroup var historyOptions: HistoryOptions

    @OptionGroup var config: ConfigOptions
    @OptionGroup var cookieOptions: CookieOptions

    @Option(name: .customLong("messages"), help: "WebSocket: close after this many messages were received (default: the file's expectMessages:).")
    var messageLimit: Int?

    @Option(name: .long, help: "WebSocket: close after this many seconds without a message (default: the file's wait:).")
    var wait: Double?

    @Flag(name: .long, help: "WebSocket: send each line of standard input instead of the saved messages.")
    var stdin = false

    func validate() throws {
        if let printParts, printParts.isEmpty || !printParts.allSatisfy({ "HBhbmt".contains($0) }) {
            throw ValidationError("--print takes the letters H, B, h, b, m and t, e.g. --print hb")
        }
    }

    func run() async throws {
        let configFile = try config.load()
        let settings = config.apply(configFile, flags: ConfigFlags(historyFile: historyOptions.file, noHistory: historyOptions.disabled,
                                                                   noCookies: cookieOptions.disabled))
        let pretty = self.pretty ?? settings.responsePretty
        let context = try cookieOptions.context(configEnabled: settings.cookiesEnabled)
        defer { context.finish() }
        let result = try options.load(about: reference)
        let target = try RequestReference.find(reference, in: result)
        let environment = try ConfigOptions.environment(env, for: target, in: configFile)
        let launcher = DemoServerLauncher()
        let history = HistoryRecorder(settings: historyOptions.settings)
        // Opened (and aged out) while the request is on its way, so it never delays the answer.
        history.openInBackground()
        let prompter = TerminalPrompter()
        let pipeline = SendPipeline(demo: launcher, history: history, source: "send", showsSecrets: showSecrets, prompter: prompter,
                                    trustGate: TrustGate(trustsAll: trust.trustsAll, prompter: prompter),
                                    scripts: LazyScriptEngine(timeLimit: settings.scriptTimeout))
        var resolver: RequestResolver
        do {
            resolver = try await pipeline.prepare(target.resolver(environment: environment, options: requestOptions, demoBaseURL: nil, context: context))
        } catch {
            StandardError.write("error: \(error.description)")
            throw ExitCode(error.exitCode)
        }
        if stream { resolver.request.stream = true }
        // Resolved first, so an unresolved variable is exit 1 with nothing printed.
        let resolved = try target.resolve(resolver, showSecrets: showSecrets)
        if resolver.request.isGRPC {
            defer { Task { await launcher.stop() } }
            let isTTY = isatty(STDOUT_FILENO) == 1
            let mode = pretty ?? (isTTY ? .all : .none)
            let call = GRPCRequestCall(resolved: resolved, resolver: resolver, history: history, source: "send")
            try await GRPCSend(call: call, parts: Set(printParts ?? "mb"), pretty: mode,
                               useColor: isTTY && mode.colors && !StandardOutput.noColorRequested,
                               masker: SecretMasker(secrets: showSecrets ? [] : resolved.secretValues), evaluatesChecks: !noChecks).run()
            return
        }
        if resolver.request.isWebSocket {
            defer { Task { await launcher.stop() } }
            let isTTY = isatty(STDOUT_FILENO) == 1
            let mode = pretty ?? (isTTY ? .all : .none)
            try await WebSocketSend(resolved: resolved, resolver: resolver, limit: messageLimit ?? resolver.request.expectedMessages,
                                    wait: wait ?? resolver.request.wait, fromStandardInput: stdin,
                                    bodyOnly: printParts.map { !$0.contains("h") && !$0.contains("m") } ?? false, pretty: mode,
                                    useColor: isTTY && mode.colors && !StandardOutput.noColorRequested,
                                    masker: SecretMasker(secrets: showSecrets ? [] : resolved.secretValues), evaluatesChecks: !noChecks,
                                    history: history).run()
            return
        }
        // With --output - the body alone goes to stdout, so a pipe gets exactly its bytes; whatever else is printed
        // (the status line, headers) goes to stderr.
        let printTo = output.map(BodyFileWriter.isStandardOutput) == true ? STDERR_FILENO : STDOUT_FILENO
        let isTTY = isatty(printTo) == 1
        let mode = pretty ?? (isTTY ? .all : .none)
        let noColor = StandardOutput.noColorRequested
        var parts = Set(printParts ?? "mhb")
        if output != nil { parts.remove("b") }
        var printer = ResponsePrinter(parts: parts, pretty: mode, useColor: isTTY && mode.colors && !noColor,
                                      masker: SecretMasker(secrets: showSecrets ? [] : resolved.secretValues), revealsSecrets: showSecrets)
        // The request head waits for the headers it went out with: cookies and credentials (an OAuth 2.0 token, a Digest
        // answer, a SigV4 signature) are added per hop as it is sent.
        let streamPrinter = StreamPrinter(printer: printer, printTo: printTo, output: output, request: resolved.request)
        let sending = Task { [resolver, evaluating = !noChecks] in
            await pipeline.send(resolver, evaluating: evaluating, onPart: { streamPrinter.handle($0) })
        }
        let interrupt = InterruptSignal { sending.cancel() }
        let exchange = await sending.value
        // What the request's scripts printed, masked as they printed it; on standard error, beside the tally.
        for line in exchange.console { StandardError.write(ScriptConsoleText.text(line)) }
        interrupt.stop()
        await launcher.stop()
        if !streamPrinter.streamed {
            // A secret the response captured, or the token fetched while sending, is masked from here on.
            printer.masker = exchange.masker
            let sent = exchange.response?.sentHeaders ?? []
            StandardOutput.write(Array(printer.requestText(resolved.request, headers: sent.isEmpty ? resolved.request.wireHeaders : sent).utf8),
                                 to: printTo)
        }
        if streamPrinter.streamed {
            return try finishStream(exchange, printer: streamPrinter, pipeline: pipeline, interrupted: interrupt.wasInterrupted)
        }
        if interrupt.wasInterrupted {
            StandardError.write("interrupted")
            pipeline.record(exchange)
            throw ExitCode(.interrupted)
        }
        guard let response = exchange.response else {
            StandardError.write(exchange.errorLine)
            pipeline.record(exchange)
            guard case let .transport(error)? = exchange.failure else { throw ExitCode(.failed) }
            throw ExitCode(error.transportFailure != nil || error.isCancelled ? .trouble : .failed)
        }
        printer.writeResponse(response) { StandardOutput.write($0, to: printTo) }
        // On standard error, so a pipe (`send … --print b | jq`) gets the response alone.
        for line in exchange.outcome?.tallyLines ?? [] { StandardError.write(printer.masker.mask(line)) }
        if case .graphql = resolver.request.body {
            let errors = GraphQLError.errors(in: response.data)
            if !errors.isEmpty { StandardError.write("\(errors.count) GraphQL error\(errors.count == 1 ? "" : "s"):") }
            for error in errors { StandardError.write("  ✗ " + printer.masker.mask(error.description)) }
        }
        // After the response is printed, so keeping it never delays the answer.
        pipeline.record(exchange)
        if let output {
            do {
                try BodyFileWriter.write(response.data, to: output)
            } catch {
                StandardError.write("error: \(error.description)")
                throw ExitCode(.failed)
            }
        }
        if checkStatus, (300...599).contains(response.statusCode) {
            StandardError.write("apiexplorer: warning: HTTP \(response.statusCode) \(response.reasonPhrase)")
            throw ExitCode(.httpStatus(response.statusCode))
        }
        if exchange.outcome?.passed == false { throw ExitCode(.checksFailed) }
    }

    /// The end of a response printed as it streamed: how many events came (on stderr), the checks' tally, history,
    /// and the exit code: 0 when the server ended the stream, 2 for a transport failure, 130 when interrupted.
    private func finishStream(_ exchange: SentExchange, printer: StreamPrinter, pipeline: SendPipeline, interrupted: Bool) throws {
        let count = "\(printer.count) event\(printer.count == 1 ? "" : "s") in \(MeasurementText.duration(printer.lastArrival))"
        if interrupted {
            // What arrived is kept: history gets the head and the events with their times, beside the cancellation.
            var stopped = exchange
            if stopped.response == nil, let request = exchange.resolved?.request {
                stopped.response = printer.interruptedResponse(to: request)
            }
            pipeline.record(stopped)
            StandardError.write("interrupted: \(count)")
            throw ExitCode(.interrupted)
        }
        guard let response = exchange.response else {
            // A stream that failed (silent too long, an event over maxEventSize) keeps what arrived before, as Ctrl-C does.
            var failed = exchange
            if let request = exchange.resolved?.request { failed.response = printer.interruptedResponse(to: request) }
            pipeline.record(failed)
            StandardError.write(exchange.errorLine)
            StandardError.write(count)
            throw ExitCode(.trouble)
        }
        pipeline.record(exchange)
        StandardError.write(count)
        for line in exchange.outcome?.tallyLines ?? [] { StandardError.write(exchange.masker.mask(line)) }
        if let failure = printer.failure {
            StandardError.write("error: \(failure)")
            throw ExitCode(.failed)
        }
        if checkStatus, (300...599).contains(response.statusCode) {
            StandardError.write("apiexplorer: warning: HTTP \(response.statusCode) \(response.reasonPhrase)")
            throw ExitCode(.httpStatus(response.statusCode))
        }
        if exchange.outcome?.passed == false { throw ExitCode(.checksFailed) }
    }
}
