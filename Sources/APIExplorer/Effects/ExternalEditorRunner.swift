import ExplorerCore
import ExplorerTUI
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ExplorerWorkspace

/// Hands the terminal to `$VISUAL`/`$EDITOR` (else `vi`) on a request file or a body, and reads the result back.
///
/// The editor works on a copy beside the request file (a dot name, which the loader skips), one per process and with
/// the file's own permissions. A request file is put in place only when it loads without errors and has not changed on
/// disk since the edit began (another editor, or another explorer, saved it meanwhile); otherwise the copy stays, the
/// message says why (naming the copy's line and column for an error), and the next E opens the copy again, so nothing
/// typed is lost. The copy goes when it is applied, when the edit is abandoned (the editor fails on a fresh copy, or
/// the copy is left as the file is) and when the explorer quits.
enum ExternalEditorRunner {
    /// The copy the editor works on for the request file `file`: `.NAME.yaml.PID.edit` beside it, so two explorers
    /// editing one file never share, and overwrite, one copy.
    static func copyPath(for file: String) -> String {
        let (directory, name) = PathText.split(file)
        return PathText.appending(directory.isEmpty ? "." : directory, ".\(name).\(getpid()).edit")
    }

    /// Creates `copy` holding `data` with the permissions of `file` from the moment it exists: a copy of a 0600 file
    /// readable by everyone would show what the file keeps private.
    private static func createCopy(_ copy: String, of file: String, data: Data) -> Bool {
        var status = stat()
        let mode = stat(file, &status) == 0 ? status.st_mode & 0o777 : 0o600
        let fd = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { return false }
        // The umask may have taken bits away; the copy has exactly the file's.
        fchmod(fd, mode)
        let failure = AtomicFileWriter.writeAll(data, to: fd)
        close(fd)
        if failure != 0 { unlink(copy) }
        return failure == 0
    }

    static func run(_ edit: ExternalEdit, terminal: NcursesTerminal, reload: (@Sendable () -> CollectionLoadResult?)?, keyMap: KeyMap) -> ExternalEditResult {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
        let name = PathText.split(edit.file).1
        let copy: String
        // A copy left by an edit that did not apply holds what was typed then; one made now holds nothing new.
        var isFreshCopy = false
        // The file as the edit began from it: what the copy was made of, or for a copy left from before, the file as the
        // explorer loaded it. A different file on disk when the edit is applied is a conflict.
        var base = edit.original
        switch edit.target {
        case .body, .script:
            let suffix: String
            if case .script = edit.target {
                suffix = "js"
            } else {
                suffix = edit.text.trimmingCharacters(in: .whitespaces).hasPrefix("{") || edit.text.trimmingCharacters(in: .whitespaces).hasPrefix("[") ? "json" : "txt"
            }
            guard let file = NcursesTerminal.privateTemporaryFile(suffix: suffix), let handle = try? FileHandle(forWritingTo: file),
                  (try? handle.write(contentsOf: Data(edit.text.utf8))) != nil, (try? handle.close()) != nil else {
                return .failed("Could not write a temporary file for the editor in \(FileManager.default.temporaryDirectory.path).")
            }
            copy = file.path
        case .requestFile:
            copy = copyPath(for: edit.file)
            if !FileManager.default.fileExists(atPath: copy) {
                guard let data = FileManager.default.contents(atPath: edit.file), createCopy(copy, of: edit.file, data: data) else {
                    return .failed("Could not copy \(edit.file) for the editor.")
                }
                isFreshCopy = true
                base = data
            }
        }
        let status = terminal.handOver(to: editor, file: copy)
        defer { if edit.target != .requestFile { try? FileManager.default.removeItem(atPath: copy) } }
        guard status == 0 else {
            guard edit.target == .requestFile, !isFreshCopy else {
                if edit.target == .requestFile { try? FileManager.default.removeItem(atPath: copy) }
                return .failed("The editor (\(editor)) exited with status \(status); nothing was changed.")
            }
            return .failed("The editor (\(editor)) exited with status \(status); nothing was changed (your earlier edit stays in \(PathText.lastComponent(copy))).")
        }
        guard let after = FileManager.default.contents(atPath: copy) else { return .failed("The edited file \(copy) is gone; nothing was changed.") }
        switch edit.target {
        case .body, .script:
            var text = String(decoding: after, as: UTF8.self)
            // Editors end the file with a line break; the body did not have one unless it was written with it.
            if text.hasSuffix("\n"), !edit.text.hasSuffix("\n") { text.removeLast() }
            if case let .script(phase) = edit.target { return .script(key: edit.key, phase: phase, text: text) }
            return .body(key: edit.key, text: text)
        case .requestFile:
            // Left as the file is (never changed, or changed back): nothing to apply or to keep.
            if after == base || FileManager.default.contents(atPath: edit.file) == after {
                try? FileManager.default.removeItem(atPath: copy)
                return .failed("The request file is unchanged.")
            }
            let slug = PathText.deletingExtension(name)
            let parsed = CollectionLoader().parseRequest(String(decoding: after, as: UTF8.self), file: copy, slug: slug)
            if let error = parsed.problems.first(where: { !$0.isWarning }) ?? (parsed.request == nil ? parsed.problems.first : nil) {
                let again = keyMap.keyLabel(for: .externalEditor, focus: .request).map { " \($0) opens your edit again (quitting discards it);" } ?? ""
                return .failed("Not applied: \(error.location.description): \(error.message).\(again.isEmpty ? " The" : again + " the") file is unchanged.")
            }
            do {
                try CollectionStore.replaceFile(at: edit.file, with: after, original: base)
            } catch SaveError.conflict {
                // Short enough for the status bar: what happened, where the edit is, and the keys to go on.
                let keys = [keyMap.keyLabel(for: .reload, focus: .tree).map { "\($0) shows the file now" },
                            keyMap.keyLabel(for: .externalEditor, focus: .request).map { "\($0) opens your edit" }].compactMap { $0 }
                let hint = keys.isEmpty ? "." : " (" + keys.joined(separator: ", ") + ")."
                return .failed("Not applied: \(name) changed on disk during the edit; your edit stays in \(PathText.lastComponent(copy))" + hint)
            } catch {
                return .failed(String(describing: error))
            }
            try? FileManager.default.removeItem(atPath: copy)
            guard let result = reload?() else {
                return .failed("Saved" + (keyMap.keyLabel(for: .reload, focus: .tree).map { "; \($0) shows the change." } ?? "."))
            }
            return .requestFile(key: edit.key, result)
        }
    }
}
