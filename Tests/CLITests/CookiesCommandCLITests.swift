import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `apiexplorer cookies list|import|export|clear` on the jars in the state directory, with a file written as curl writes one.
@Suite("The cookies command")
struct CookiesCommandCLITests {
    @Test func cookiesListImportExportAndClear() async throws {
        let server = try FaultServer(routes: CookieCLITests.routes)
        defer { server.stop() }
        let temp = try CookieCLITests().collection(server)
        let environment = ["APIEXPLORER_STATE_DIR": temp.path + "/state"]
        func cookies(_ arguments: [String]) async throws -> CLIRunner.Output {
            try await CLIRunner.run(["cookies"] + arguments + ["--collections", temp.path], environment: environment)
        }
        #expect(try await cookies(["list"]).stdout == "No cookies.\n")
        try temp.write("in.txt", "# Netscape HTTP Cookie File\n#HttpOnly_.127.0.0.1\tTRUE\t/\tTRUE\t4102444800\ttoken\tt-Secret9\n")
        let imported = try await cookies(["import", temp.path + "/in.txt", "C", "--env", "local"])
        #expect(imported.status == 0 && imported.stdout == "Imported 1 cookie into C · local.\n", "\(imported.stdout)\(imported.stderr)")
        let list = try await cookies(["list"])
        #expect(list.stdout == "C · local\n  .127.0.0.1 /  token=••••••  expires 2100-01-01T00:00:00Z Secure HttpOnly\n", "\(list.stdout)")
        #expect(try await cookies(["list", "C", "--show-secrets"]).stdout.contains("token=t-Secret9"))
        let exported = try await cookies(["export", "-", "C"])
        #expect(exported.stdout.contains("#HttpOnly_.127.0.0.1\tTRUE\t/\tTRUE\t4102444800\ttoken\tt-Secret9\n"), "\(exported.stdout)")
        _ = try await cookies(["export", temp.path + "/out.txt", "C"])
        let mode = try FileManager.default.attributesOfItem(atPath: temp.path + "/out.txt")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try await cookies(["clear", "C"]).stdout == "Removed 1 cookie.\n")
        #expect(try await cookies(["list"]).stdout == "No cookies.\n")

        try temp.write("bad.txt", "# Netscape HTTP Cookie File\n\nexample.com\tFALSE\t/\n")
        let bad = try await cookies(["import", temp.path + "/bad.txt", "C"])
        #expect(bad.status == 1 && bad.stderr.contains("bad.txt:3: expected 7 tab-separated fields"), "\(bad.stderr)")
    }
}
