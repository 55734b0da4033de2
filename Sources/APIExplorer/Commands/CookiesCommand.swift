import ArgumentParser

/// `apiexplorer cookies list|import|export|clear`: the cookie jars kept in the state directory.
struct CookiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cookies",
        abstract: "List, import, export or clear the cookies kept for each collection and environment.",
        discussion: """
            Cookies that responses set are kept per collection and environment in the state directory \
            (its cookies folder: $APIEXPLORER_STATE_DIR, else $XDG_STATE_HOME/apiexplorer), as Netscape cookie files (the format of curl's -b and -c).
            """,
        subcommands: [CookiesListCommand.self, CookiesImportCommand.self, CookiesExportCommand.self, CookiesClearCommand.self],
        defaultSubcommand: CookiesListCommand.self
    )
}
