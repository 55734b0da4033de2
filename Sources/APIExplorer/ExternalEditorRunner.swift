import ExplorerCore
import ExplorerTUI
import Foundation

/// Hands the terminal to `$VISUAL`/`$EDITOR` (else `vi`) on a request file or a body, and reads the result back.
///
/// The editor works on a copy beside the request file (a dot name, which the loader skips). A request file is put in
/// place only when it loads without errors; otherwise the copy stays, the error names the copy's line and column, and
/// the next E opens the copy again, so nothing typed is lost. The copy goes when it is applied, when the edit is
/// abandoned (the editor fails on a fresh copy, or the copy is left as the file is) and when the explorer quits.
enum ExternalEditorRunner {
    /// The copy the editor works on for the request file `file`: `.NAME.yaml.edit` beside it.
    static func copyPath(for file: String) -> String {
        let (directory, name) = PathText.split(file)
        return PathText.appending(directory.isEmpty ? "." : directory, ".\(name).edit")
    }

    static func run(_ edit: ExternalEdit, terminal: NcursesTerminal, reload: (@Sendable () -> CollectionLoadResult?)?, keyMap: KeyMap) -> ExternalEditResult {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
        let name = PathText.split(edit.file).1
        let copy: String
        // A copy left by an edit that did not apply holds what was typed then; one made now holds nothing new.
        var isFreshCopy = false
        switch edit.target {
        case .body:
            let suffix = edit.text.trimmingCharacters(in: .whitespaces).hasPrefix("{") || edit.text.trimmingCharacters(in: .whitespaces).hasPrefix("[") ? "json" : "txt"
            guard let file = NcursesTerminal.privateTemporaryFile(suffix: suffix), let handle = try? FileHandle(forWritingTo: file),
                  (try? handle.write(contentsOf: Data(edit.text.utf8))) != nil, (try? handle.close()) != nil else {
                return .failed("Could not write a temporary file for the editor in \(FileManager.default.temporaryDirectory.path).")
            }
            copy = file.path
        case .requestFile:
            copy = copyPath(for: edit.file)
            if !FileManager.default.fileExists(atPath: copy) {
                guard let data = FileManager.default.contents(atPath: edit.file),
                      FileManager.default.createFile(atPath: copy, contents: data) else {
                    return .failed("Could not copy \(edit.file) for the editor.")
                }
                isFreshCopy = true
            }
        }
        let status = terminal.handOver(to: editor, file: copy)
        defer { if edit.target == .body { try? FileManager.default.removeItem(atPath: copy) } }
        guard status == 0 else {
            guard edit.target == .requestFile, !isFreshCopy else {
                if edit.target == .requestFile { try? FileManager.default.removeItem(atPath: copy) }
                return .failed("The editor (\(editor)) exited with status \(status); nothing was changed.")
            }
            return .failed("The editor (\(editor)) exited with status \(status); nothing was changed (your earlier edit stays in \(PathText.lastComponent(copy))).")
        }
        guard let after = FileManager.default.contents(atPath: copy) else { return .failed("The edited file \(copy) is gone; nothing was changed.") }
        switch edit.target {
        case .body:
            var text = String(decoding: after, as: UTF8.self)
            // Editors end the file with a line break; the body did not have one unless it was written with it.
            if text.hasSuffix("\n"), !edit.text.hasSuffix("\n") { text.removeLast() }
            return .body(key: edit.key, text: text)
        case .requestFile:
            // Left as the file is (never changed, or changed back): nothing to apply or to keep.
            if FileManager.default.contents(atPath: edit.file) == after {
                try? FileManager.default.removeItem(atPath: copy)
                return .failed("The request file is unchanged.")
            }
            let slug = PathText.deletingExtension(name)
            let parsed = CollectionLoader().parseRequest(String(decoding: after, as: UTF8.self), file: copy, slug: slug)
            if let error = parsed.problems.first(where: { !$0.isWarning }) ?? (parsed.request == nil ? parsed.problems.first : nil) {
                let again = keyMap.keyLabel(for: .externalEditor, focus: .request).map { " \($0) opens your edit again (quitting discards it);" } ?? ""
                return .failed("Not applied: \(error.location.description): \(error.message).\(again.isEmpty ? " The" : again + " the") file is unchanged.")
            }
            do { try AtomicFileWriter.write(after, to: edit.file) } catch { return .failed(String(describing: error)) }
            try? FileManager.default.removeItem(atPath: copy)
            guard let result = reload?() else {
                return .failed("Saved" + (keyMap.keyLabel(for: .reload, focus: .tree).map { "; \($0) shows the change." } ?? "."))
            }
            return .requestFile(key: edit.key, result)
        }
    }
}
