import ArgumentParser

/// `--trust` (and its older spelling `--allow-commands`): trust the collection for this one invocation, as CI does.
struct TrustOptions: ParsableArguments {
    @Flag(name: [.customLong("trust"), .customLong("allow-commands")],
          help: "Trust the collection for this invocation only: read what it reads and run what it runs outside its directory without asking (for CI).")
    var trustsAll = false
}
