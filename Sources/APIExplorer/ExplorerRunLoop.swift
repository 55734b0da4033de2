import ExplorerCore
import ExplorerHistory
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the explorer: reads keys, applies messages to the model, executes effects off the UI thread, and redraws
/// only when something changed.
final class ExplorerRunLoop {
    private var model: ExplorerModel
    private let inbox = MessageInbox()
    private let demo = DemoServerLauncher()
    private let sender: SendEffectRunner
    private let bodies: BodyEffectRunner
    private let conversations: WebSocketEffectRunner
    private let loads: LoadEffectRunner
    /// Where GraphQL schemas fetched by introspection are kept between runs.
    private let schemaCache = GraphQLSchemaCache.standard()

    private let fullLoad: (@Sendable () -> CollectionLoadResult?)?
    /// The terminal while the explorer runs, for handing it to an external editor.
    private var activeTerminal: NcursesTerminal?
    /// The copies of request files handed to the editor in this run: one whose edit did not apply is kept for the next
    /// E, and removed on the way out so no `.NAME.yaml.edit` is left in the collection.
    private var editorCopies: Set<String> = []

    /// `fullLoad`, when given, runs off the UI right after the first frame and its result replaces the collections.
    private let mouse: Bool
    /// Keeps every exchange; nil when history is off.
    private let history: HistoryRecorder?

    /// `mouse` turns on clicks and the wheel (the terminal's own text selection then needs Shift); `history` says
    /// where exchanges are kept (its problems are shown in the status line, never on stderr under the screen).
    init(model: ExplorerModel, mouse: Bool = true, history: HistorySettings? = nil, scriptTimeout: Double = 5,
         fullLoad: (@Sendable () -> CollectionLoadResult?)? = nil) {
        self.model = model
        self.mouse = mouse
        self.fullLoad = fullLoad
        let inbox = self.inbox
        let recorder = history.flatMap { settings in
            settings.path == nil && settings.problem == nil ? nil : HistoryRecorder(settings: settings) { inbox.post(.historyProblem($0)) }
        }
        self.history = recorder
        sender = SendEffectRunner(inbox: inbox, demo: demo, history: recorder, keyMap: model.keyMap, scriptTimeout: scriptTimeout)
        bodies = BodyEffectRunner(inbox: inbox)
        conversations = WebSocketEffectRunner(inbox: inbox, history: recorder)
        loads = LoadEffectRunner(inbox: inbox, demo: demo, history: recorder)
    }

    /// Takes over the terminal until the user quits; the terminal is restored on every way out.
    func run() async throws {
        let terminal = try NcursesTerminal(mouse: mouse)
        activeTerminal = terminal
        defer {
            activeTerminal = nil
            terminal.restore()
            for copy in editorCopies { try? FileManager.default.removeItem(atPath: copy) }
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
        var lastCaptureTick = Date.distantPast
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
            } else if model.isCapturing, Date().timeIntervalSince(lastCaptureTick) >= 1 {
                // The Capture view reads what the proxy recorded once a second; nothing else needs the clock then.
                lastCaptureTick = Date()
                _ = apply(.ticked(lastCaptureTick))
                changed = true
            }
            if changed && running { terminal.draw(ExplorerView.render(model)) }
            await Task.yield()
        }
        sender.cancelAll()
        bodies.cancelAll()
        conversations.closeAll()
        loads.cancelAll()
        await demo.stop()
    }

    /// Applies a message and runs its effects; false when the explorer should quit.
    private func apply(_ message: AppMessage) -> Bool {
        var keepRunning = true
        for effect in model.update(message) {
            switch effect {
            case .quit: keepRunning = false
            case .send, .sendNeed, .cancel, .copyRequest, .replay, .trustCollection, .checkScript: sender.start(effect)
            case .searchBody, .filterBody, .checkJSON: bodies.start(effect)
            case .introspect, .readSchema: SchemaEffectRunner.start(effect, inbox: inbox, demo: demo, cache: schemaCache)
            case .openWebSocket, .sendWebSocket, .closeWebSocket, .pingWebSocket: conversations.start(effect)
            case .listGRPCMethods: GRPCMethodLister.start(effect, inbox: inbox, demo: demo)
            case .save, .changeTree, .storeSecret, .saveCaptures, .addRequest, .reload, .saveBody, .createCollection, .addDemo, .importFile,
                 .changeEnvironment:
                FileEffectRunner.start(effect, inbox: inbox, fullLoad: fullLoad, keyMap: model.keyMap)
            case .export, .compare:
                ToolEffectRunner.start(effect, inbox: inbox, pipeline: SendPipeline(demo: demo, history: history, source: "explorer"), keyMap: model.keyMap)
            case .startLoad, .stopLoad: loads.start(effect)
            case .oauthToken:
                OAuthEffectRunner.start(effect, inbox: inbox, pipeline: SendPipeline(demo: demo, history: history, source: "explorer"))
            case .cookies: CookieEffectRunner.start(effect, inbox: inbox, cookies: model.session.context.cookies)
            case let .rememberSplit(split):
                // Written off the UI: a slow disk never holds up a frame; a failure only costs the next run the split.
                let file = LayoutStateFile.standard()
                let inbox = self.inbox
                Task.detached {
                    do { try file.write(split: split) } catch { inbox.post(.reported(.splitNotKept(path: file.path, reason: error.localizedDescription))) }
                }
            case .loadHistory, .openExchange, .loadLatest, .compareExchanges:
                HistoryEffectRunner.start(effect, recorder: history, inbox: inbox, demo: demo, keyMap: model.keyMap)
            case .copy, .openPager, .openEditor:
                // These take the terminal over for a moment, so they run here, on the loop, and answer at once.
                if case let .openEditor(edit) = effect, edit.target == .requestFile {
                    editorCopies.insert(ExternalEditorRunner.copyPath(for: edit.file))
                }
                guard let terminal = activeTerminal, let answer = TerminalEffectRunner.run(effect, terminal: terminal, reload: fullLoad, keyMap: model.keyMap) else { break }
                _ = apply(answer)
            }
        }
        return keepRunning
    }
}
