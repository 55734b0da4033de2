import ArgumentParser
import ExplorerCore
import ExplorerFormats
import ExplorerWorkspace
import Foundation

/// The `completion:` of the arguments that name requests, collections and environments. The shell runs the binary on
/// each Tab (`apiexplorer ---completion send -- positional@0 …`), which answers from directory listings and a
/// collection file or two: it loads no collection, starts no terminal and no script engine.
enum ShellCompletion {
    /// Request references, one level at a time (`De` → `Demo/auth/`, `Demo/users/`…; `Demo/users/g` → `Demo/users/get-user`).
    static let references = CompletionKind.custom { words, index, prefix in
        let line = CompletionWords(words: words, index: index, prefix: prefix)
        return formatted(ReferenceCompleter(directory: line.collectionsDirectory).references(completing: line.typed))
    }

    /// Collections by their reference segment, for commands that take a whole collection.
    static let collections = CompletionKind.custom { words, index, prefix in
        let line = CompletionWords(words: words, index: index, prefix: prefix)
        return formatted(ReferenceCompleter(directory: line.collectionsDirectory).collections(completing: line.typed))
    }

    /// A collection's name, or once the word looks like a path (`./`, `/`, `~`, a slash), a directory holding one.
    static let collectionsOrDirectories = CompletionKind.custom { words, index, prefix in
        let line = CompletionWords(words: words, index: index, prefix: prefix)
        let typed = line.typed
        if typed.hasPrefix(".") || typed.hasPrefix("~") || typed.contains("/") {
            return formatted(directories(completing: typed))
        }
        return formatted(ReferenceCompleter(directory: line.collectionsDirectory).collections(completing: typed))
    }

    /// Environment names of the collections the other arguments name, or of every collection when they name none.
    static let environments = CompletionKind.custom { words, index, prefix in
        let line = CompletionWords(words: words, index: index, prefix: prefix)
        return formatted(ReferenceCompleter(directory: line.collectionsDirectory).environments(completing: line.typed, namedBy: line.arguments))
    }

    /// The kinds `export` takes.
    static let exportKinds = CompletionKind.list(ExportFormat.allCases.map(\.rawValue) + ["k6"])

    /// `candidates` as the requesting shell reads them. bash puts them through `compgen -W`, which expands each word
    /// (`$HOME`, `~`, `{a,b}`, quotes): every character but the plain ones is escaped so it comes out as itself. zsh's
    /// `_describe` reads `name:description`, so a colon is escaped. A candidate with a control character could not be
    /// one line of the answer and is left out.
    static func formatted(_ candidates: [String]) -> [String] {
        let lines = candidates.filter { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
        switch CompletionShell.requesting?.rawValue {
        case "bash": return lines.map(bashEscaped)
        case "zsh": return lines.map { $0.replacingOccurrences(of: ":", with: "\\:") }
        default: return lines
        }
    }

    /// `text` with a backslash before every ASCII character but letters, digits and `/._-`: `compgen -W` could expand
    /// or remove any of those; it leaves other characters alone.
    static func bashEscaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            let plain = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2F || byte == 0x2E || byte == 0x5F || byte == 0x2D
            if !plain { bytes.append(0x5C) }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The directories that complete `typed` (a path as typed, `~` for home), each ending with `/`; hidden ones only
    /// when the last component typed starts with a dot.
    static func directories(completing typed: String) -> [String] {
        if typed == "~" { return ["~/"] }
        let (parent, leaf) = PathText.split(typed)
        let shown = typed.contains("/") ? (parent == "/" ? "/" : parent + "/") : ""
        let listed = CompletionWords.expandingTilde(parent.isEmpty ? "." : parent)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { return [] }
        return names.filter { name in
            guard name.hasPrefix(leaf), leaf.hasPrefix(".") || !name.hasPrefix(".") else { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: PathText.appending(listed, name), isDirectory: &isDirectory) && isDirectory.boolValue
        }.map { shown + $0 + "/" }.sorted()
    }
}
