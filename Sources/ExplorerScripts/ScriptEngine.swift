import CJavaScriptCore
import ExplorerCore
import ExplorerWorkspace
import Foundation

/// Runs request scripts in one JavaScriptCore context, kept for a whole run or explorer session: the `pm` API is made
/// once and each script is compiled once, so a request's scripts cost a function call. The context has no file,
/// network or process access (no `require`, `fetch` or `XMLHttpRequest`), and a script that runs past `timeLimit`
/// seconds is stopped. One script runs at a time.
public final class ScriptEngine: @unchecked Sendable {
    /// Seconds one script may run.
    public let timeLimit: Double
    private let lock = NSLock()
    // Guarded by `lock`.
    private let group: JSContextGroupRef
    private let context: JSGlobalContextRef
    private var compiled: [ScriptSource: JSObjectRef] = [:]
    /// What wraps a script's text so that it compiles to a function; its length shifts columns on the first line.
    private static let prefix = "(function(){"

    /// A context with the API in place; scripts run at most `timeLimit` seconds each. Nil when JavaScriptCore cannot
    /// be loaded (`loadError` says why).
    public init?(timeLimit: Double = 5) {
        guard ScriptEngine.loadError == nil else { return nil }
        self.timeLimit = timeLimit
        group = cjs_JSContextGroupCreate()
        context = cjs_JSGlobalContextCreateInGroup(group, nil)
        cjs_JSContextGroupSetExecutionTimeLimit(group, timeLimit, nil, nil)
        let global = cjs_JSContextGetGlobalObject(context)
        let native = cjs_JSObjectMake(context, nil, nil)
        for (name, function) in ScriptNatives.functions {
            let jsName = JSText.make(name)
            cjs_JSObjectSetProperty(context, native, jsName, cjs_JSObjectMakeFunctionWithCallback(context, jsName, function), 0, nil)
            cjs_JSStringRelease(jsName)
        }
        let nativeName = JSText.make("__native")
        cjs_JSObjectSetProperty(context, global, nativeName, native, 0, nil)
        cjs_JSStringRelease(nativeName)
        _ = evaluate(ScriptPrelude.source, file: "prelude.js", line: 1)
    }

    deinit {
        for function in compiled.values { cjs_JSValueUnprotect(context, function) }
        cjs_JSGlobalContextRelease(context)
        cjs_JSContextGroupRelease(group)
    }

    /// Why JavaScriptCore could not be loaded, or nil when it was (it is loaded once, on first use).
    public static var loadError: String? {
        var message = [CChar](repeating: 0, count: 512)
        guard !cjs_load(&message, message.count) else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How many scripts are compiled and kept.
    var compiledCount: Int { lock.withLock { compiled.count } }

    /// Runs `scripts` in order with `input`: the changes of one are seen by the next, and the first that fails
    /// stops the rest. Tests, console lines and changes made before a failure are kept.
    public func run(_ scripts: [ScriptSource], input: ScriptInput) -> ScriptResult {
        lock.withLock {
            var result = ScriptResult(request: input.request)
            guard !scripts.isEmpty else { return result }
            let masker = SecretMasker(secrets: input.secrets)
            guard call("begin", arguments: [ScriptStateJSON.make(input)] + (input.response.map { [$0.body] } ?? [])) != nil else {
                result.failure = ScriptFailure(kind: .runtime, message: "the script API could not start", file: scripts[0].file,
                                               line: nil, column: nil, event: input.event)
                return result
            }
            running: for script in scripts {
                let function: JSObjectRef
                switch compile(script, event: input.event) {
                case let .success(made): function = made
                case let .failure(failure):
                    result.failure = failure
                    break running
                }
                var exception: JSValueRef?
                cjs_JSObjectCallAsFunction(context, function, nil, 0, nil, &exception)
                if let exception {
                    result.failure = failure(exception, script: script, event: input.event, compiling: false)
                    break running
                }
            }
            if let finished = call("finish", arguments: []), let data = JSText.string(finished, in: context)?.data(using: .utf8),
               let output = ScriptOutput(data) {
                result.tests = output.tests.map { test in
                    ScriptTest(name: test.name, passed: test.passed, message: test.message.map(masker.mask))
                }
                result.console = output.console.map { ScriptConsoleLine(level: $0.level, text: masker.mask($0.text)) }
                result.environment = output.environment
                result.variables = output.variables
                result.collectionVariables = output.collectionVariables
                if let request = output.request { result.request = request }
            }
            if let failure = result.failure { result.failure?.message = masker.mask(failure.message) }
            return result
        }
    }

    /// Whether `text` parses as a script, without running it: for the editor's check as a script is typed. Lines and
    /// columns count in `text` itself.
    public func syntaxVerdict(of text: String) -> ScriptSyntaxVerdict {
        lock.withLock {
            let script = ScriptSource(text: text, file: "script", line: 1)
            let source = JSText.make(Self.prefix + text + "\n})")
            let url = JSText.make(script.file)
            defer {
                cjs_JSStringRelease(source)
                cjs_JSStringRelease(url)
            }
            var exception: JSValueRef?
            guard !cjs_JSCheckScriptSyntax(context, source, url, 1, &exception), let exception else { return .compiles }
            let found = failure(exception, script: script, event: .before, compiling: true)
            return .error(message: found.message, line: found.line, column: found.column)
        }
    }

    /// The function `script` compiles to, compiled the first time only; or its syntax error.
    private func compile(_ script: ScriptSource, event: ScriptPhase) -> Result<JSObjectRef, ScriptFailure> {
        if let function = compiled[script] { return .success(function) }
        var exception: JSValueRef?
        let value = evaluate(Self.prefix + script.text + "\n})", file: script.file, line: script.line, exception: &exception)
        if let exception { return .failure(failure(exception, script: script, event: event, compiling: true)) }
        guard let value, let function = cjs_JSValueToObject(context, value, nil) else {
            return .failure(ScriptFailure(kind: .syntax, message: "the script did not compile", file: script.file, line: script.line,
                                          column: nil, event: event))
        }
        cjs_JSValueProtect(context, function)
        compiled[script] = function
        return .success(function)
    }

    /// Evaluates `source` as written in `file` from `line`.
    @discardableResult
    private func evaluate(_ source: String, file: String, line: Int) -> JSValueRef? {
        var exception: JSValueRef?
        return evaluate(source, file: file, line: line, exception: &exception)
    }

    private func evaluate(_ source: String, file: String, line: Int, exception: inout JSValueRef?) -> JSValueRef? {
        let script = JSText.make(source)
        let url = JSText.make(file)
        defer {
            cjs_JSStringRelease(script)
            cjs_JSStringRelease(url)
        }
        return cjs_JSEvaluateScript(context, script, nil, url, Int32(clamping: line), &exception)
    }

    /// Calls `__apiexplorer[name](arguments…)`.
    private func call(_ name: String, arguments: [String]) -> JSValueRef? {
        let global = cjs_JSContextGetGlobalObject(context)
        guard let api = property("__apiexplorer", of: global).flatMap({ cjs_JSValueToObject(context, $0, nil) }),
              let function = property(name, of: api).flatMap({ cjs_JSValueToObject(context, $0, nil) }) else { return nil }
        var exception: JSValueRef?
        // Held in a Swift array, the values are out of sight of JavaScriptCore's stack scan: making the second (a large
        // body) could collect the first. Protected, they live until the call is over.
        var values: [JSValueRef?] = arguments.map { argument in
            let value = JSText.value(argument, in: context)
            cjs_JSValueProtect(context, value)
            return value
        }
        defer { for value in values { cjs_JSValueUnprotect(context, value) } }
        let result = cjs_JSObjectCallAsFunction(context, function, api, values.count, &values, &exception)
        return exception == nil ? result : nil
    }

    private func property(_ name: String, of object: JSObjectRef?) -> JSValueRef? {
        let key = JSText.make(name)
        defer { cjs_JSStringRelease(key) }
        let value = cjs_JSObjectGetProperty(context, object, key, nil)
        guard let value, !cjs_JSValueIsUndefined(context, value) else { return nil }
        return value
    }

    /// The failure `exception` describes, placed in the script's file.
    private func failure(_ exception: JSValueRef, script: ScriptSource, event: ScriptPhase, compiling: Bool) -> ScriptFailure {
        var message = JSText.string(exception, in: context) ?? "an error"
        if message == "JavaScript execution terminated." {
            return ScriptFailure(kind: .timeout, message: "stopped after \(MeasurementText.duration(timeLimit)) (scriptTimeout)",
                                 file: script.file, line: nil, column: nil, event: event)
        }
        let object = cjs_JSValueToObject(context, exception, nil)
        func number(_ name: String) -> Int? {
            guard let value = property(name, of: object), cjs_JSValueIsNumber(context, value) else { return nil }
            let number = cjs_JSValueToNumber(context, value, nil)
            return number.isFinite ? Int(number) : nil
        }
        var line = number("line")
        var column = number("column")
        // Thrown inside the API (pm.response.json() on a withheld body, an unsupported call): the place that matters is
        // the script's line that called it, the first frame of the stack in the script's file.
        if property("sourceURL", of: object).flatMap({ JSText.string($0, in: context) }) == "prelude.js",
           let stack = property("stack", of: object).flatMap({ JSText.string($0, in: context) }),
           let place = Self.place(inStack: stack, file: script.file) {
            (line, column) = (place.line, place.column)
        }
        let lines = script.text.split(separator: "\n", omittingEmptySubsequences: false)
        let lastLine = script.line + lines.count - 1
        if compiling, let found = line, found > lastLine {
            // The parser reached what wraps the script: the script ended with something still open.
            line = lastLine
            column = (lines.last?.count ?? 0) + 1
            message = Self.endedEarly(message)
        } else {
            if let line, line == script.line, let found = column { column = max(1, found - Self.prefix.count) }
            if compiling, column == nil, let line { column = Self.column(ofTokenIn: message, line: line - script.line, of: script.text) }
        }
        return ScriptFailure(kind: compiling ? .syntax : .runtime, message: message, file: script.file, line: line, column: column,
                             event: event)
    }

    /// The line and column of the first frame of `stack` (`name@file:line:column` per line) that is in `file`.
    static func place(inStack stack: String, file: String) -> (line: Int, column: Int?)? {
        for frame in stack.split(separator: "\n") {
            guard let at = frame.range(of: "@" + file + ":") else { continue }
            let numbers = frame[at.upperBound...].split(separator: ":").map { Int($0) }
            guard let line = numbers.first ?? nil else { continue }
            return (line, numbers.count > 1 ? numbers[1] : nil)
        }
        return nil
    }

    /// `message` about the token that closes the wrapper (`Unexpected token '}'. Expected ')' …`) said of the script's
    /// end instead, which is where the user has to look.
    static func endedEarly(_ message: String) -> String {
        let wrapperToken = "SyntaxError: Unexpected token '}'."
        guard message.hasPrefix(wrapperToken) else { return message }
        let rest = message.dropFirst(wrapperToken.count).trimmingCharacters(in: .whitespaces)
        return "SyntaxError: Unexpected end of script." + (rest.isEmpty ? "" : " " + rest)
    }

    /// Where the token a syntax error names (`Unexpected token '='`) is on the script's line `index` (0-based).
    static func column(ofTokenIn message: String, line index: Int, of text: String) -> Int? {
        guard let open = message.range(of: "'"), let close = message.range(of: "'", range: open.upperBound..<message.endIndex) else { return nil }
        let token = message[open.upperBound..<close.lowerBound]
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard !token.isEmpty, lines.indices.contains(index), let found = lines[index].range(of: token) else { return nil }
        return lines[index].distance(from: lines[index].startIndex, to: found.lowerBound) + 1
    }
}
