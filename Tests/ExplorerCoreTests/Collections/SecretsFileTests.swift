@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

@Suite("Keeping a secret typed in the explorer in secrets.local.yaml")
struct SecretsFileTests {
    @Test func aNewFileIsOwnerOnlyAndTheLoaderSeesTheSecret() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/r.yaml", "url: /r\nauth:\n  type: bearer\n  token: \"{{r-token}}\"\n")
        try SecretsFile.set("s3cr3t: \"x\"", for: "r-token", environment: "local", inCollection: temp.path("Mini"))
        var status = stat()
        stat(temp.path("Mini/secrets.local.yaml"), &status)
        #expect(status.st_mode & 0o777 == 0o600)
        let environment = try #require(temp.load().collection(named: "Mini")?.environment(named: "local"))
        #expect(environment.variables.contains { $0.name == "r-token" && $0.value == "s3cr3t: \"x\"" && $0.secret })
    }

    @Test func anExistingFileChangesOnlyTheOneEntry() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        let original = """
        # Local secrets; never commit.
        local:
          token: old
          other: keep   # a comment

        staging:
          token: staging-value
        """
        try temp.write("Mini/secrets.local.yaml", original + "\n")
        try SecretsFile.set("new", for: "token", environment: "local", inCollection: temp.path("Mini"))
        try SecretsFile.set("added", for: "api-key", environment: "LOCAL", inCollection: temp.path("Mini"))
        try SecretsFile.set("p", for: "password", environment: "prod", inCollection: temp.path("Mini"))
        #expect(try String(contentsOfFile: temp.path("Mini/secrets.local.yaml"), encoding: .utf8) == """
        # Local secrets; never commit.
        local:
          token: new
          other: keep   # a comment
          api-key: added

        staging:
          token: staging-value
        prod:
          password: p

        """)
    }
}
