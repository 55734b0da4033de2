import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Secret references read by fake `op`, `pass` and `secret-tool` scripts on an injected PATH: once per store,
/// first line of pass, the keyring's arguments, and each way a program can fail.
@Suite("Secret references read by their programs")
struct SecretReferenceTests {
    @Test func spellingsAreParsedAndPlainValuesAreNot() throws {
        #expect(try SecretReference.parse("op://vault/item/field")?.kind == .onePassword)
        #expect(try SecretReference.parse("pass:work/api")?.kind == .pass(name: "work/api"))
        #expect(try SecretReference.parse("keyring:github/ada")?.kind == .keyring(service: "github", account: "ada"))
        #expect(try SecretReference.parse("env:API_TOKEN")?.kind == .environment(name: "API_TOKEN"))
        #expect(try SecretReference.parse("hunter2") == nil)
        #expect(try SecretReference.parse("https://op.example") == nil)
        #expect(throws: SecretReadError.malformed("keyring:github", expected: "keyring:SERVICE/ACCOUNT")) {
            try SecretReference.parse("keyring:github")
        }
        #expect(throws: SecretReadError.malformed("pass:", expected: "pass:NAME")) { try SecretReference.parse("pass:") }
    }

    @Test func onePasswordIsReadOncePerStoreEvenFromManyThreads() async throws {
        let temp = try TempDirectory()
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("op", "printf 'op-SECRET-value\\n'")
        let store = SecretStore(timeout: 10)
        let reference = try #require(try SecretReference.parse("op://Private/api/token"))
        #expect(store.cachedValue(reference, environment: tools.environment) == nil)
        let environment = tools.environment
        let values = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<8 { group.addTask { try? store.value(reference, environment: environment) } }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(values == Array(repeating: "op-SECRET-value", count: 8))
        #expect(try store.value(reference, environment: environment) == "op-SECRET-value")
        #expect(tools.calls == ["op read op://Private/api/token"])
        #expect(store.cachedValue(reference, environment: environment) == "op-SECRET-value")
    }

    @Test func passGivesItsFirstLineAndTheKeyringItsLookup() throws {
        let temp = try TempDirectory()
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("pass", "printf 'pw-SECRET-pass\\nuser: ada\\nurl: x\\n'")
        try tools.add("secret-tool", """
            [ "$*" = "lookup service github account ada" ] || { echo "wrong arguments: $*" >&2; exit 3; }
            printf 'kr-SECRET-value'
            """)
        let store = SecretStore(timeout: 10)
        #expect(try store.value(try #require(try SecretReference.parse("pass:work/api")), environment: tools.environment) == "pw-SECRET-pass")
        #expect(try store.value(try #require(try SecretReference.parse("keyring:github/ada")), environment: tools.environment) == "kr-SECRET-value")
        #expect(tools.calls == ["pass show work/api", "secret-tool lookup service github account ada"])
    }

    @Test func eachFailureSaysWhatWentWrong() throws {
        let temp = try TempDirectory()
        let tools = try FakeSecretTools(in: temp.path)
        try tools.add("op", "echo '[ERROR] 2026/11/27 account is not signed in' >&2; echo 'second line' >&2; exit 1")
        try tools.add("pass", "exit 0")
        try tools.add("secret-tool", "/bin/sleep 5")
        let store = SecretStore(timeout: 0.5)
        func failure(_ text: String) throws -> SecretReadError? {
            let reference = try #require(try SecretReference.parse(text))
            do { _ = try store.value(reference, environment: tools.environment) } catch { return error }
            return nil
        }
        #expect(try failure("op://v/i/f") == .toolFailed(tool: "op", status: 1, message: "[ERROR] 2026/11/27 account is not signed in"))
        #expect(try failure("pass:empty") == .empty(source: "`pass`"))
        let started = Date()
        #expect(try failure("keyring:s/a") == .timedOut(tool: "secret-tool", seconds: 0.5))
        #expect(Date().timeIntervalSince(started) < 4)
        #expect(try failure("env:NOT_SET") == .environmentUnset(name: "NOT_SET"))
        let missing = SecretStore(timeout: 1)
        let reference = try #require(try SecretReference.parse("op://v/i/f"))
        #expect(throws: SecretReadError.toolMissing(tool: "op")) { try missing.value(reference, environment: ["PATH": temp.path + "/nothing-here"]) }
        #expect(SecretReadError.toolMissing(tool: "op").description == "`op` is not installed or not on PATH")
        // A failure is not kept: once the vault is unlocked the next send reads it.
        try tools.add("op", "printf 'op-SECRET-late'")
        #expect(try store.value(reference, environment: tools.environment) == "op-SECRET-late")
    }
}
