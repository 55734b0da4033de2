import ArgumentParser
import ExplorerCapture
import ExplorerCore
import ExplorerWorkspace
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `apiexplorer proxy`: records what an app sends through an intercepting HTTP(S) proxy, into history and, with
/// `--into`, collections.
struct ProxyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proxy",
        abstract: "Record traffic through an intercepting HTTP(S) proxy: history, and collections with --into.",
        discussion: """
            Point a client at it (HTTP_PROXY and HTTPS_PROXY=http://127.0.0.1:8888, curl -x). HTTPS is intercepted \
            with a local CA made on first use in the state directory; trust it with `apiexplorer proxy --print-ca > \
            ca.pem` (curl --cacert ca.pem, or the system store). Each exchange is printed and kept in history \
            (source proxy: `apiexplorer history list --source proxy`). --into DIR writes a collection per origin, \
            credentials as secret variables in secrets.local.yaml. Ctrl-C stops it.
            """
    )

    @Option(name: .long, help: "The port to listen on; 0 picks a free one.")
    var port = 8888

    @Option(name: .long, help: "The address to listen on (default 127.0.0.1; the proxy sees every credential).")
    var listen = "127.0.0.1"

    @Option(name: .long, help: "Write a collection per origin into this directory as requests arrive.", completion: .directory)
    var into: String?

    @Option(name: .customLong("ca-certificates"), help: "A PEM file of CA certificates trusted for upstream servers, besides the system's.")
    var caCertificates: String?

    @Flag(name: .customLong("insecure-upstream"), help: "Do not verify upstream certificates (says so loudly).")
    var insecureUpstream = false

    @Flag(name: .customLong("print-ca"), help: "Print the proxy CA certificate (PEM) for clients to trust, and exit.")
    var printCA = false

    @OptionGroup var history: HistoryOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port takes 0 to 65535, got \(port)") }
        if let caCertificates, !FileManager.default.isReadableFile(atPath: caCertificates) {
            throw ValidationError("--ca-certificates: cannot read \(caCertificates)")
        }
    }

    func run() async throws {
        let stateDirectory = StateDirectory()
        let authority: CaptureAuthority
        do { authority = try CaptureAuthority(directory: stateDirectory.file("proxy")) } catch {
            StandardError.write("error: \(error)")
            throw ExitCode(.failed)
        }
        if printCA {
            FileHandle.standardOutput.write(Data(authority.certificatePEM.utf8))
            return
        }
        if !["127.0.0.1", "::1", "localhost"].contains(listen) {
            StandardError.write("apiexplorer: WARNING: --listen \(listen): anyone who can reach this address can use the proxy and read what passes through it.")
        }
        if insecureUpstream {
            StandardError.write("apiexplorer: WARNING: --insecure-upstream: upstream certificates are NOT verified; anyone on the path can read and change this traffic.")
        }
        let recorder = HistoryRecorder(settings: history.settings)
        recorder.openInBackground()
        let collector = into.map(CaptureCollector.init(directory:))
        let printer = ProxyLinePrinter()
        // Files, the terminal and history are written off the event loops, in the order the exchanges ended.
        let records = ProxyRecords { exchange in
            var problem: String?
            if let collector {
                do { try collector.add(exchange) } catch { problem = "\(error)" }
            }
            printer.print(exchange, problem: problem)
            if !recorder.isOff {
                let kept = ProxyHistory.exchange(exchange, limits: recorder.limits)
                recorder.later { recorder.record(kept) }
            }
        }
        // Enough of each answer for history's body limit and for `--into`'s examples; the rest is passed on, not held.
        let options = CaptureOptions(host: listen, port: port, caCertificatesFile: caCertificates, insecureUpstream: insecureUpstream,
                                     keptBodyBytes: max(2 << 20, recorder.limits.bodyBytes + 1))
        let proxy: CaptureProxy
        do {
            proxy = try await CaptureProxy.start(options: options, authority: authority) { records.add($0) }
        } catch {
            StandardError.write("error: cannot listen on \(listen):\(port): \(error). Try another --port, or 0 for a free one.")
            throw ExitCode(.failed)
        }
        // Written unbuffered so a script reading the address sees it at once.
        FileHandle.standardOutput.write(Data("""
            Proxy listening on \(proxy.url)  (HTTP_PROXY/HTTPS_PROXY; Ctrl-C stops it)
            HTTPS is intercepted with the CA in \(authority.certificatePath); clients must trust it (--print-ca).\(into.map { "\nWriting collections into \($0)" } ?? "")

            """.utf8))
        await ProxyCommand.waitForStop()
        await proxy.stop()
        // What history has queued is written before the process ends.
        await records.flush()
        await withCheckedContinuation { continuation in recorder.later { continuation.resume() } }
        let directories = collector?.writtenDirectories ?? []
        FileHandle.standardOutput.write(Data("Stopped: \(printer.count) exchange\(printer.count == 1 ? "" : "s")\(directories.isEmpty ? "" : "; collections: " + directories.joined(separator: ", ")).\n".utf8))
    }

    /// Returns when SIGINT or SIGTERM comes.
    private static func waitForStop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ProxyStopSignal(continuation)
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { once.fire() }
                source.resume()
                once.keep(source)
            }
        }
    }
}
