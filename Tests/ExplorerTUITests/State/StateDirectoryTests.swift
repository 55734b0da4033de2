import ExplorerCore
import ExplorerTUI
import ExplorerWorkspace
import Foundation
import Testing

/// Issue 41: one state directory, read in one place. History, the GraphQL schema cache and the config's history
/// path ignored `APIEXPLORER_STATE_DIR`, which the other stores honoured.
@Suite("Every store keeps its state in the one state directory")
struct StateDirectoryTests {
    /// Where each store puts its file or folder for `environment`.
    func places(_ environment: [String: String]) -> [String] {
        [
            CookieStore.standard(environment: environment).directory,
            OAuth2TokenCache.standard(environment: environment).directory,
            TrustStore.standard(environment: environment).path,
            LayoutStateFile.standard(environment: environment).path,
            GraphQLSchemaCache.standard(environment: environment).directory.path,
            ResolvedConfig(file: ConfigFile(path: "none"), environment: environment).historyPath,
        ]
    }

    @Test func theVariableNamesItForEveryStore() {
        let environment = ["APIEXPLORER_STATE_DIR": "/s", "XDG_STATE_HOME": "/x", "HOME": "/h"]
        #expect(StateDirectory(environment: environment).path == "/s")
        #expect(places(environment) == ["/s/cookies", "/s/oauth", "/s/trusted-collections.json", "/s/layout.json", "/s/graphql", "/s/history.sqlite"])
    }

    @Test func elseXDGStateHomeThenHome() {
        #expect(places(["XDG_STATE_HOME": "/x", "HOME": "/h"]).allSatisfy { $0.hasPrefix("/x/apiexplorer/") })
        #expect(places(["HOME": "/h"]).allSatisfy { $0.hasPrefix("/h/.local/state/apiexplorer/") })
        // An empty variable is as good as unset.
        #expect(StateDirectory(environment: ["APIEXPLORER_STATE_DIR": "", "XDG_STATE_HOME": "", "HOME": "/h"]).path == "/h/.local/state/apiexplorer")
    }

    @Test func theirOwnVariablesStillMoveHistoryAndTheSchemaCache() {
        let environment = ["APIEXPLORER_STATE_DIR": "/s", "APIEXPLORER_HISTORY": "/elsewhere/h.sqlite", "APIEXPLORER_GRAPHQL_CACHE": "/g"]
        #expect(ResolvedConfig(file: ConfigFile(path: "none"), environment: environment).historyPath == "/elsewhere/h.sqlite")
        #expect(GraphQLSchemaCache.standard(environment: environment).directory.path == "/g")
    }
}
