import ExplorerCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace

/// Prints a streamed response for `send` as it arrives: the head, then each event the moment it is complete (an SSE
/// event under a header line with its name, id and time; a JSON line formatted; any other body piece by piece), and
/// with `--output` the raw bytes as they come. Called from the task that reads the stream, one part after another.
final class StreamPrinter: @unchecked Sendable {
    private let lock = NSLock()
    private var printer: ResponsePrinter
    private let printTo: Int32
    private let output: String?
    /// The request, whose head (`--print H`) is printed with the response's, once the headers it went out with are known.
    private let request: Request?
    // Guarded by `lock`.
    private var sawHead = false
    private var head: ResponseHead?
    /// The events so far, within `keptEventBytes`, for history when Ctrl-C ends the stream before the core's response.
    private var kept: [StreamEvent] = []
    private var keptBytes = 0
    private let keptEventBytes = Request.Configuration().keptEventBytes
    private var outputDescriptor: Int32 = -1
    private var outputFailure: String?
    private var eventCount = 0
    private var lastTime: TimeInterval = 0

    /// A printer writing what `printer` selects to `printTo`, and the raw body to `output` (a path, or `-`) when given.
    init(printer: ResponsePrinter, printTo: Int32, output: String?, request: Request? = nil) {
        self.printer = printer
        self.request = request
        self.printTo = printTo
        self.output = output
    }

    deinit {
        if outputDescriptor > STDERR_FILENO { close(outputDescriptor) }
    }

    /// True once a head came: the response streamed, and its body has been printed as it came.
    var streamed: Bool { lock.withLock { sawHead } }

    /// How many events have been printed (or counted, when the body is not printed).
    var count: Int { lock.withLock { eventCount } }

    /// Seconds from sending until the last piece arrived.
    var lastArrival: TimeInterval { lock.withLock { lastTime } }

    /// Why `--output` could not be written, if it could not.
    var failure: String? { lock.withLock { outputFailure } }

    /// Prints one part as it arrives; the end is left to the caller (checks and the tally come after it).
    func handle(_ part: ResponseStreamPart) {
        lock.withLock {
            switch part {
            case let .head(head): printHead(head)
            case let .body(data, time):
                lastTime = time
                writeOutput(data)
            case let .events(events):
                for event in events {
                    printEvent(event)
                    keep(event)
                }
            case .end(_):
                // The checks' tally and the event count come after the end, from the caller.
                break
            }
        }
    }

    /// What arrived before an interruption, as a response history can keep: the head, and the events kept (the
    /// body itself is not: the transport drops a cancelled transfer's). Nil when no head came.
    func interruptedResponse(to request: Request) -> Request.Response? {
        lock.withLock {
            guard let head else { return nil }
            var response = Request.Response(request: request, urlResponse: head.urlResponse, data: Data(), duration: lastTime,
                                            headers: head.headers)
            response.sentHeaders = head.sentHeaders
            response.events = kept
            response.eventCount = eventCount
            return response
        }
    }

    /// Keeps `event` while the events so far fit `keptEventBytes`, as the core does. Call with `lock` held.
    private func keep(_ event: StreamEvent) {
        guard kept.count == eventCount - 1, keptBytes + event.data.utf8.count <= keptEventBytes else { return }
        keptBytes += event.data.utf8.count
        kept.append(event)
    }

    private func write(_ text: String) {
        StandardOutput.write(Array(text.utf8), to: printTo)
    }

    private func printHead(_ head: ResponseHead) {
        sawHead = true
        self.head = head
        lastTime = head.time
        if let output { openOutput(output) }
        var out = request.map { printer.requestText($0, headers: head.sentHeaders.isEmpty ? $0.wireHeaders : head.sentHeaders) } ?? ""
        if printer.parts.contains("m") {
            let status = "\(head.statusCode) " + printer.clean(HTTPStatus.reasonPhrase(for: head.statusCode))
            let type = head.headers["Content-Type"].map { "  " + printer.clean($0) } ?? ""
            out += printer.paint(status, head.statusCode >= 400 ? "1;33" : "1;32") + "  " + MeasurementText.duration(head.time)
                + type + "  (streaming)\n"
        }
        if printer.parts.contains("h") {
            out += printer.paint("HTTP/1.1 \(head.statusCode) " + printer.clean(HTTPStatus.reasonPhrase(for: head.statusCode)), "1") + "\n"
            for field in head.headers.fields { out += printer.paint(printer.clean(field.name), "36") + ": " + printer.clean(field.value) + "\n" }
        }
        if printer.parts.contains("b"), printer.parts.contains("h") || printer.parts.contains("m") { out += "\n" }
        write(out)
    }

    private func printEvent(_ event: StreamEvent) {
        eventCount += 1
        guard printer.parts.contains("b") else { return }
        switch event.kind {
        case .serverSent:
            var header = "event: " + printer.clean(event.event ?? "message")
            if let id = event.id { header += "  id: " + printer.clean(id) }
            header += "  +" + String(format: "%.3f s", event.time)
            write(printer.paint(header, "2") + "\n" + formatted(event.data) + "\n")
        case .line:
            write(formatted(event.data))
        case .chunk, .message, .sent:
            write(printer.clean(event.data))
        }
    }

    /// Event data pretty-printed when it is JSON (unless `--pretty none`), else as terminal-safe text, with a line end.
    private func formatted(_ text: String) -> String {
        let data = Data(text.utf8)
        guard printer.pretty.formats, JSONValue.parse(data) != nil else { return printer.clean(text) + "\n" }
        let body = BodyFormatter.format(data, contentType: "application/json")
        let masked = printer.masker.mask(body.text)
        return (printer.useColor && printer.pretty.colors && masked == body.text ? printer.colored(body.lines) : printer.clean(masked)) + "\n"
    }

    /// `--output`: standard output, or the file created (or emptied) now, written piece by piece as the body comes.
    private func openOutput(_ path: String) {
        if BodyFileWriter.isStandardOutput(path) {
            outputDescriptor = STDOUT_FILENO
            return
        }
        outputDescriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if outputDescriptor < 0 { outputFailure = "could not open \(path): \(String(cString: strerror(errno)))" }
    }

    private func writeOutput(_ data: Data) {
        guard outputDescriptor >= 0 else { return }
        let failure = AtomicFileWriter.writeAll(data, to: outputDescriptor)
        if failure != 0, outputFailure == nil, let output {
            outputFailure = "could not write \(output): \(String(cString: strerror(failure)))"
        }
    }
}
