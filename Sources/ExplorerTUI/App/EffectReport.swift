import ExplorerCore

/// What work done off the UI (a copy, a saved file, a token, the pager) came to, as a value; the status line says it
/// in words (`text`), so runners send facts, not prose.
public enum EffectReport: Sendable, Equatable {
    /// Text went to the clipboard by `method` (`OSC 52`, `xclip`).
    case copied(what: String, method: String)
    /// Copying failed before anything was copied.
    case notCopied(reason: String)
    /// The pager was handed the body and gave the terminal back with `status`.
    case pagerClosed(pager: String, status: Int32)
    /// The body could not be written for the pager.
    case pagerNotStarted(reason: String)
    /// The body's bytes were written to `path`.
    case bodySaved(bytes: Int, path: String)
    /// The body could not be written; `existed` says whether an old file was left unchanged.
    case bodyNotSaved(path: String, reason: String, existed: Bool)
    /// A file could not be written for a reason its error says whole.
    case notSaved(reason: String)
    /// `count` captured values of `environment` were saved next to the collection.
    case capturesSaved(count: Int, environment: String)
    /// Saving the captured values failed.
    case capturesNotSaved(reason: String)
    /// A collection or the Demo could not be written: `path` exists already (nil: another `reason`).
    case collectionNotWritten(what: String, existing: String?, reason: String, advice: String)
    /// `file` is no kind of file the explorer imports.
    case notImportable(file: String)
    /// Importing failed.
    case notImported(reason: String)
    /// The split between the panes could not be kept.
    case splitNotKept(path: String, reason: String)
    /// History could not be read.
    case historyUnreadable(reason: String)
    /// Trust was granted, but the store could not remember it.
    case trustNotKept(reason: String)
    /// A secret is being read from its store (a command or a keyring can take a while).
    case readingSecret(name: String, source: String)
    /// The OAuth 2.0 token was forgotten.
    case tokenForgotten
    /// The OAuth 2.0 grant waits for the user (open a URL, enter a code).
    case tokenPrompt(OAuth2Prompt)
    /// The OAuth 2.0 token is held, as `summary` says (`expires in 43 min, scopes read`).
    case tokenHeld(summary: String)
    /// No token could be had.
    case tokenFailed(reason: String)
    /// A request script's `console.log` (`level` is `log`, `info`, `warn`, `error` or `debug`), secrets masked.
    case scriptConsole(level: String, text: String)

    /// The sentence the status line shows.
    public var text: String {
        switch self {
        case let .copied(what, method): "Copied \(what) to the clipboard (\(method))."
        case let .notCopied(reason): "Not copied: \(reason)"
        case let .pagerClosed(pager, status): status == 0 ? "Back from the pager (\(pager))." : "The pager (\(pager)) exited with status \(status)."
        case let .pagerNotStarted(reason): reason
        case let .bodySaved(bytes, path): "Saved the body (\(MeasurementText.byteCount(bytes))) to \(path)."
        case let .bodyNotSaved(path, reason, existed): "Not saved: writing \(path) failed (\(reason))" + (existed ? "; the old file is unchanged." : ".")
        case let .notSaved(reason): reason
        case let .capturesSaved(count, environment):
            "Saved \(count) captured value\(count == 1 ? "" : "s") of \(environment) next to the collection (secret ones in secrets.local.yaml)."
        case let .capturesNotSaved(reason): "Captured values not saved: \(reason)"
        case let .collectionNotWritten(what, existing?, _, advice): "\(what) not written: \(existing) is already there and is left as it is\(advice)."
        case let .collectionNotWritten(what, nil, reason, _): "\(what) not written: \(reason)"
        case let .notImportable(file):
            "Not imported: \(file) is not a Postman or Insomnia export or an OpenAPI description (.json, .yaml), a HAR file (.har) or a .http/.rest file."
        case let .notImported(reason): "Not imported: \(reason)"
        case let .splitNotKept(path, reason): "The split could not be kept in \(path): \(reason)"
        case let .historyUnreadable(reason): "⚠ " + reason
        case let .trustNotKept(reason): "Trusted for this session only: \(reason)"
        case let .readingSecret(name, source): "Reading secret {{\(name)}} from \(source)…"
        case .tokenForgotten: "OAuth 2.0 token forgotten; the next send fetches a new one."
        case let .tokenPrompt(prompt): prompt.text
        case let .tokenHeld(summary): "OAuth 2.0 token: \(summary)."
        case let .tokenFailed(reason): "OAuth 2.0 token: \(reason)"
        case let .scriptConsole(level, text): (["warn", "error"].contains(level) ? "console.\(level): " : "console: ") + text
        }
    }
}
