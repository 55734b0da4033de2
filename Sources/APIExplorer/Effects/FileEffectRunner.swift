import ExplorerCore
import ExplorerFormats
import ExplorerTUI
import ExplorerWorkspace
import Foundation

/// Runs the explorer's effects that write or read collection files (saves, tree changes, secrets, captures, imports,
/// reloads, a saved body) off the UI, and posts what came of them to the inbox.
enum FileEffectRunner {
    /// Starts `effect` if it is one of these; other effects have their own runners.
    static func start(_ effect: AppEffect, inbox: MessageInbox, fullLoad: (@Sendable () -> CollectionLoadResult?)?, keyMap: KeyMap) {
        switch effect {
        case let .saveCaptures(directory, environment, store):
            Task.detached {
                do {
                    try store.persist(environment: environment, collectionDirectory: directory)
                    let count = store.values(environment: environment).count
                    inbox.post(.reported(.capturesSaved(count: count, environment: environment)))
                } catch {
                    inbox.post(.reported(.capturesNotSaved(reason: String(describing: error))))
                }
            }
        case let .addRequest(collection, request, folder):
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
            if let fullLoad {
                Task.detached {
                    if let result = fullLoad() { inbox.post(.collectionsReloaded(result)) }
                }
            }
        case let .save(key, request, saved, original):
            Task.detached {
                do {
                    let data = try CollectionStore.save(request, over: saved, original: original)
                    inbox.post(.saved(key: key, file: request.file, data: data, request: request))
                } catch SaveError.conflict {
                    // Short enough for the status bar: the reason first, the request by its tree key, not its full path.
                    inbox.post(.saveFailed(key: key, message: "Not saved: \(key) changed on disk since it was loaded; your edits stay."
                                              + reloadThenSave(keyMap)))
                } catch {
                    inbox.post(.saveFailed(key: key, message: String(describing: error) + " Your edits stay."))
                }
            }
        case let .changeTree(change, select, movedFrom):
                        Task.detached {
                do {
                    let slug = try CollectionFiles.apply(change)
                    let key = select.key(slug: slug)
                    guard let result = fullLoad?() else { return }
                    inbox.post(.treeChanged(result, select: key, movedFrom: movedFrom, message: TreeChangeText.done(change, key: key.description, keyMap: keyMap),
                                            focus: ExplorerModel.focus(after: change)))
                } catch {
                    inbox.post(.saveFailed(key: select.key(slug: ""), message: String(describing: error)))
                }
            }
        case let .storeSecret(directory, environment, variable, value):
                        Task.detached {
                do {
                    try SecretsFile.set(value, for: variable, environment: environment, inCollection: directory)
                    inbox.post(.secretStored(fullLoad?(), message: "Secret kept as {{\(variable)}} in secrets.local.yaml (\(environment))"
                                                           + (keyMap.keyLabel(for: .save, focus: .request).map { "; press \($0) to save the request." } ?? ".")))
                } catch {
                    inbox.post(.secretStored(nil, message: String(describing: error)))
                }
            }
        case let .createCollection(name, environment, directory):
            Task.detached {
                do throws(CollectionWriteError) {
                    let created = try CollectionWriter.create(name: name, environment: environment, in: directory)
                    guard let result = fullLoad?() else { return }
                    inbox.post(.treeChanged(result, select: RequestKey(created.slug), movedFrom: nil,
                                            message: "Created the collection \(created.name) in \(created.directory)"
                                                + (keyMap.keyLabel(for: .newRequest, focus: .tree).map { "; \($0) adds a request." } ?? ".")))
                } catch {
                    inbox.post(.reported(FileEffectRunner.notWritten(error, what: "Collection", advice: "; choose another name")))
                }
            }
        case let .addDemo(directory):
            Task.detached {
                do throws(CollectionWriteError) {
                    let written = try CollectionWriter.addBundledDemo(in: directory)
                    guard let result = fullLoad?() else { return }
                    inbox.post(.treeChanged(result, select: RequestKey(BundledDemo.slug), movedFrom: nil,
                                            message: "Added the bundled Demo in \(written); its local environment runs the demo API inside apiexplorer."))
                } catch {
                    inbox.post(.reported(FileEffectRunner.notWritten(error, what: "Demo")))
                }
            }
        case let .importFile(path, directory):
            Task.detached {
                // Typed by hand, so `~/` is the home directory as in a shell.
                let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
                let file = path.hasPrefix("~/") ? home + path.dropFirst(1) : path
                guard let kind = FileImport.kind(of: file) else {
                    inbox.post(.reported(.notImportable(file: file)))
                    return
                }
                do {
                    let read = try FileImport.read(file, kind: kind, environments: [], detectsInsomnia: true)
                    let summary = try CollectionWriter.write(read.result, into: directory, force: false,
                                                             sourceDirectory: read.sourceDirectory.isEmpty ? "." : read.sourceDirectory)
                    if read.result.collection.spec != nil {
                        // As `import openapi` does, so a later `--update` can keep the edits made here.
                        try? OpenAPISyncState.recording(summary.collection, operationIds: read.result.operationIds).write(collection: summary.directory)
                    }
                    guard let result = fullLoad?() else { return }
                    let count = summary.collection.allRequests.count
                    let skipped = read.result.report.items.count + summary.problems.count
                    let note = skipped == 0 ? "" : "; \(skipped) part\(skipped == 1 ? "" : "s") not converted (apiexplorer import lists them)"
                    inbox.post(.treeChanged(result, select: RequestKey(summary.collection.slug), movedFrom: nil,
                                            message: "Imported \(summary.collection.name): \(count) request\(count == 1 ? "" : "s") in \(summary.directory)\(note)."))
                } catch let error as CollectionWriteError {
                    inbox.post(.reported(FileEffectRunner.notWritten(error, what: "Collection")))
                } catch {
                    inbox.post(.reported(.notImported(reason: String(describing: error))))
                }
            }
        case let .changeEnvironment(change, directory, original):
            Task.detached {
                do {
                    try EnvironmentFile.apply(change, inCollection: directory, original: original)
                    inbox.post(.environmentChanged(change, directory: directory, fullLoad?(), message: EnvironmentChangeText.done(change)))
                } catch SaveError.conflict {
                    inbox.post(.environmentChanged(change, directory: directory, nil,
                                                   message: "Not saved: collection.yaml changed on disk since it was loaded. Ctrl-R reloads it, then make the change again."))
                } catch {
                    inbox.post(.environmentChanged(change, directory: directory, nil, message: String(describing: error)))
                }
            }
        case let .saveBody(data, path):
            Task.detached {
                let existed = FileManager.default.fileExists(atPath: path)
                do throws(SaveError) {
                    try AtomicFileWriter.write(data, to: path)
                    inbox.post(.reported(.bodySaved(bytes: data.count, path: path)))
                } catch {
                    // The error's own sentence, said once; "the old file is unchanged" only when there was one.
                    guard case let .writeFailed(_, reason) = error else { return inbox.post(.reported(.notSaved(reason: error.description))) }
                    inbox.post(.reported(.bodyNotSaved(path: path, reason: reason, existed: existed)))
                }
            }
        default:
            break
        }
    }

    /// Why a new collection was not written, for the status line: the import's own wording speaks of command-line options.
    /// " Ctrl-R reloads, then s saves onto it." with the keys in force; the part whose key is unbound is left out.
    private static func reloadThenSave(_ keyMap: KeyMap) -> String {
        let reload = keyMap.keyLabel(for: .reload, focus: .tree), save = keyMap.keyLabel(for: .save, focus: .request)
        switch (reload, save) {
        case let (reload?, save?): return " \(reload) reloads, then \(save) saves onto it."
        case let (reload?, nil): return " \(reload) reloads."
        default: return ""
        }
    }

    private static func notWritten(_ error: CollectionWriteError, what: String, advice: String = "") -> EffectReport {
        switch error {
        case let .exists(path): .collectionNotWritten(what: what, existing: path, reason: error.description, advice: advice)
        case .failed: .collectionNotWritten(what: what, existing: nil, reason: error.description, advice: advice)
        }
    }
}
