import ExplorerCore
import ExplorerHistory
import ExplorerTUI
import Foundation

/// Runs the explorer: reads keys, applies messages to the model, executes effects off the UI thread, and redraws
/// only when something changed.
final class ExplorerRunLoop {
    private var model: ExplorerModel
    private let inbox = MessageInbox()
    private let demo = DemoServerLauncher()
    private var sends: [Int: Task<Void, Never>] = [:]
    private var search: Task<Void, Never>?
    private var filter: Task<Void, Never>?

    private let fullLoad: (@Sendable () -> CollectionLoadResult?)?
    /// The terminal while the explorer runs, for handing it to an external editor.
    private var activeTerminal: NcursesTerminal?

    /// `fullLoad`, when given, runs off the UI right after the first frame and its result replaces the collections.
    private let mouse: Bool
    /// Keeps every exchange; nil when history is off.
    private let history: HistoryRecorder?

    /// `mouse` turns on clicks and the wheel (the terminal's own text selection then needs Shift); `history` says
    /// where exchanges are kept (its problems are shown in the status line, never on stderr under the screen).
    init(model: ExplorerModel, mouse: Bool = true, history: HistorySettings? = nil, fullLoad: (@Sendable () -> CollectionLoadResult?)? = nil) {
        self.model = model
        self.mouse = mouse
        self.fullLoad = fullLoad
        let inbox = self.inbox
        self.history = history.flatMap { settings in
            settings.path == nil && settings.problem == nil ? nil : HistoryRecorder(settings: settings) { inbox.post(.historyProblem($0)) }
        }
    }

    /// Takes over the terminal until the user quits; the terminal is restored on every way out.
    func run() async throws {
        let terminal = try NcursesTerminal(mouse: mouse)
        activeTerminal = terminal
        defer {
            activeTerminal = nil
            terminal.restore()
        }
        let size = terminal.size
        model.screen.width = size.width
        model.screen.height = size.height
        if model.collections.contains(where: { $0.environments.contains(where: \.usesBuiltInDemo) }) {
            let demo = self.demo
            let inbox = self.inbox
            Task {
                if let url = try? await demo.baseURL() { inbox.post(.demoStarted(url)) }
            }
        }
        terminal.draw(ExplorerView.render(model))
        if let history {
            let inbox = self.inbox
            // Opened off the UI: a locked or slow file never holds up the first frame.
            history.later { if history.open() != nil { inbox.post(.historyOpened) } }
        }
        if let fullLoad {
            let inbox = self.inbox
            Task.detached {
                if let result = fullLoad() { inbox.post(.collectionsLoaded(result)) }
            }
        }
        var running = true
        while running {
            var changed = false
            if let key = terminal.readKey(timeoutMilliseconds: 25, wakingOn: inbox.wakeDescriptor) {
                // The clock only ticks while a request is in flight: bring it up to date before a key can start one,
                // or "Sending… 10.6 s" counts from the last tick rather than from the key.
                _ = apply(.ticked(Date()))
                changed = true
                // Keys already waiting (a paste) are all applied before the next frame: drawing after each one made a
                // 1.9 KB pasted curl command take 33 s to appear.
                var keys = [key]
                while keys.count < 4096, let next = terminal.readKey(timeoutMilliseconds: 0) { keys.append(next) }
                running = apply(.keysPressed(keys)) && running
            }
            for message in inbox.drain() {
                running = apply(message) && running
                changed = true
            }
            if case .sending = model.responseView.state {
                _ = apply(.ticked(Date()))
                changed = true
            }
            if changed && running { terminal.draw(ExplorerView.render(model)) }
            await Task.yield()
        }
        for task in sends.values { task.cancel() }
        search?.cancel()
        filter?.cancel()
        await demo.stop()
    }

    /// Applies a message and runs its effects; false when the explorer should quit.
    private func apply(_ message: AppMessage) -> Bool {
        var keepRunning = true
        for effect in model.update(message) {
            switch effect {
            case .quit: keepRunning = false
            case let .cancel(id):
                sends.removeValue(forKey: id)?.cancel()
            case let .send(id, resolver):
                sends[id] = startSend(id: id, resolver: resolver)
            case let .saveCaptures(directory, environment, store):
                let inbox = self.inbox
                Task.detached {
                    do {
                        try store.persist(environment: environment, collectionDirectory: directory)
                        let count = store.values(environment: environment).count
                        inbox.post(.statusReported("Saved \(count) captured value\(count == 1 ? "" : "s") of \(environment) next to the collection (secret ones in secrets.local.yaml)."))
                    } catch {
                        inbox.post(.statusReported("Captured values not saved: \(String(describing: error))"))
                    }
                }
            case let .sendNeed(id, resolver):
                sends[id] = startSend(id: id, resolver: resolver, isNeed: true)
            case let .searchBody(id, document, query, decodingEscapes):
                search?.cancel()
                let inbox = self.inbox
                search = Task.detached {
                    let matches = document.matchingLines(query, decodingEscapes: decodingEscapes, isCancelled: { Task.isCancelled })
                    guard !Task.isCancelled else { return }
                    inbox.post(.searchFinished(id: id, matches: matches))
                }
            case .export, .compare:
                ToolEffectRunner.start(effect, inbox: inbox, pipeline: SendPipeline(demo: demo, history: history, source: "explorer"))
            case let .replay(id, _, _):
                sends[id] = HistoryEffectRunner.start(effect, recorder: history, inbox: inbox, demo: demo)
            case .loadHistory, .openExchange, .loadLatest, .compareExchanges:
                HistoryEffectRunner.start(effect, recorder: history, inbox: inbox, demo: demo)
            case let .addRequest(collection, request, folder):
                let inbox = self.inbox
                Task.detached {
                    do {
                        let written = try CollectionWriter.add(request, to: folder)
                        let data = FileManager.default.contents(atPath: written.file) ?? Data()
                        inbox.post(.requestAdded(collection: collection, request: written, data: data))
                    } catch {
                        inbox.post(.addFailed(message: "Not imported: \(String(describing: error))"))
                    }
                }
            case .reload:
                let inbox = self.inbox
                if let fullLoad {
                    Task.detached {
                        if let result = fullLoad() { inbox.post(.collectionsReloaded(result)) }
                    }
                }
            case let .save(key, request, saved, original):
                let inbox = self.inbox
                Task.detached {
                    do {
                        let data = try CollectionStore.save(request, over: saved, original: original)
                        inbox.post(.saved(key: key, file: request.file, data: data, request: request))
                    } catch SaveError.conflict {
                        // Short enough for the status bar: the reason first, the request by its tree key, not its full path.
                        inbox.post(.saveFailed(key: key, message: "Not saved: \(key) changed on disk since it was loaded; your edits stay. Ctrl-R reloads, then s saves onto it."))
                    } catch {
                        inbox.post(.saveFailed(key: key, message: String(describing: error) + " Your edits stay."))
                    }
                }
            case let .changeTree(change, select, movedFrom):
                let inbox = self.inbox
                let fullLoad = self.fullLoad
                Task.detached {
                    do {
                        let slug = try CollectionFiles.apply(change)
                        let key = select.hasSuffix("/") ? select + slug : select
                        guard let result = fullLoad?() else { return }
                        inbox.post(.treeChanged(result, select: key, movedFrom: movedFrom, message: TreeChangeText.done(change, key: key)))
                    } catch {
                        inbox.post(.saveFailed(key: select, message: String(describing: error)))
                    }
                }
            case let .storeSecret(directory, environment, variable, value):
                let inbox = self.inbox
                let fullLoad = self.fullLoad
                Task.detached {
                    do {
                        try SecretsFile.set(value, for: variable, environment: environment, inCollection: directory)
                        inbox.post(.secretStored(fullLoad?(), message: "Secret kept as {{\(variable)}} in secrets.local.yaml (\(environment)); press s to save the request."))
                    } catch {
                        inbox.post(.secretStored(nil, message: String(describing: error)))
                    }
                }
            case let .copy(text, what):
                guard let terminal = activeTerminal else { break }
                let method = Clipboard.copy(text, writeToTerminal: terminal.writeRaw)
                _ = apply(.statusReported("Copied \(what) to the clipboard (\(method))."))
            case let .copyRequest(resolver):
                // Resolved off the UI (the demo API may have to start); the copy itself happens back on the loop.
                let inbox = self.inbox
                let pipeline = SendPipeline(demo: demo, history: nil, source: "explorer")
                Task.detached {
                    do throws(SendFailure) {
                        let text = RequestExporter().export(try await pipeline.resolve(resolver), as: .curl)
                        inbox.post(.copyReady(text: text, what: "the request as curl (secrets masked)"))
                    } catch {
                        inbox.post(.statusReported("Not copied: \(error.description)"))
                    }
                }
            case let .saveBody(data, path):
                let inbox = self.inbox
                Task.detached {
                    do {
                        try AtomicFileWriter.write(data, to: path)
                        inbox.post(.statusReported("Saved the body (\(MeasurementText.byteCount(data.count))) to \(path)."))
                    } catch {
                        inbox.post(.statusReported("Not saved: \(error)"))
                    }
                }
            case let .openPager(document, data):
                guard let terminal = activeTerminal else { break }
                _ = apply(.statusReported(PagerRunner.run(document: document, data: data, terminal: terminal)))
            case let .filterBody(id, data, path):
                // One filter at a time: a newer expression cancels the one still running.
                filter?.cancel()
                let inbox = self.inbox
                filter = Task.detached {
                    let result: Result<FilteredBody, FilterFailure>
                    do {
                        let matches = try JSONPath(path).select(in: data, isCancelled: { Task.isCancelled })
                        let array = "[" + matches.map(\.value).joined(separator: ",") + "]"
                        result = .success(FilteredBody(data: Data(array.utf8), count: matches.count))
                    } catch is CancellationError {
                        return
                    } catch {
                        result = .failure(FilterFailure(String(describing: error)))
                    }
                    guard !Task.isCancelled else { return }
                    inbox.post(.bodyFiltered(id: id, result: result))
                }
            case let .checkJSON(id, text):
                let inbox = self.inbox
                Task.detached { inbox.post(.jsonChecked(id: id, error: JSONTemplate.validate(text))) }
            case let .openEditor(edit):
                guard let terminal = activeTerminal else { break }
                let result = ExternalEditorRunner.run(edit, terminal: terminal, reload: fullLoad)
                _ = apply(.editorFinished(result))
            }
        }
        return keepRunning
    }

    /// Sends a request off the UI through the send pipeline; `isNeed` reports it as a request another needs (its
    /// captures only), else as the response to show with its checks evaluated.
    private func startSend(id: Int, resolver: RequestResolver, isNeed: Bool = false) -> Task<Void, Never> {
        let inbox = self.inbox
        let pipeline = SendPipeline(demo: demo, history: history, source: "explorer")
        return Task.detached {
            let exchange = await pipeline.send(resolver)
            if let failure = exchange.failure {
                guard !failure.isCancelled else { return }
                let text: String
                switch failure {
                case .unresolved where !isNeed: text = exchange.failureText.map { $0 + "\nThe request was not sent." } ?? ""
                case let .transport(error) where !isNeed: text = exchange.masker.mask(ExplorerRunLoop.advice(for: error))
                default: text = exchange.failureText ?? ""
                }
                inbox.post(isNeed ? .needSent(id: id, reference: resolver.reference, captured: [], failure: text) : .requestFailed(id: id, message: text))
                pipeline.recordLater(exchange)
                return
            }
            guard let response = exchange.response, let outcome = exchange.outcome else { return }
            if isNeed {
                let missing = outcome.checks.filter { if case .capture = $0.check.kind { !$0.passed } else { false } }
                inbox.post(.needSent(id: id, reference: resolver.reference, captured: outcome.captured,
                                     failure: missing.isEmpty ? nil : missing.compactMap(\.reason).joined(separator: "; ")))
            } else {
                // Indexing happens here, off the UI, once per response; lines are formatted only when shown.
                var summary = ResponseSummary(response, masker: exchange.masker)
                summary.checks = outcome.checks
                summary.captured = outcome.captured
                inbox.post(.responseReceived(id: id, summary))
            }
            // Kept after the response is on its way to the screen, so it never delays the status line or another send.
            pipeline.recordLater(exchange)
        }
    }

    /// The error in words, with what to try: ExplorerCore's sentence already ends with a suggestion, so only the
    /// explorer's own way out is added (it repeated the suggestion in other words after a raw newline).
    static func advice(for error: RequestError) -> String {
        switch error.transportFailure {
        case .connectionRefused?: return error.localizedDescription + " Or press e to pick another environment."
        default: return error.localizedDescription
        }
    }
}
