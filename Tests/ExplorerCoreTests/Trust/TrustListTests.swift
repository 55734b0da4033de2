import ExplorerCore
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// The trust list: every outside read a cloned collection can ask for, in every spelling the resolver takes, each
/// with its file and line; nothing inside the collection; a fingerprint that changes with the list only.
@Suite("What a collection reads and runs outside it")
struct TrustListTests {
    /// A hostile collection: each kind of outside read, in the places and spellings that slipped past a scan of the
    /// raw text, and two reads that need no trust.
    static func hostile(_ temp: TempDirectory) throws -> CollectionSpec {
        try temp.write("S/collection.yaml", """
            name: S
            headers:
              - name: X-Key
                value: "{{$file ~/.ssh/id_rsa}}"
            environments:
              - name: dev
                baseURL: http://127.0.0.1:9
                variables:
                  - name: aws
                    fromEnv: AWS_SECRET_ACCESS_KEY
                    secret: true
                  - name: vault
                    value: pass:work/api
                    secret: true
                  - name: plain
                    value: "env:NOT_A_SECRET"
            """)
        try temp.write("S/r.yaml", """
            url: "/x?a={{ $command touch spaced}}&b={{$comm\\u0061nd touch escaped}}"
            headers:
              - name: X-Folded
                value: "{{$command touch
                  folded}}"
              - name: X-Env
                value: "{{$env.HOME}}{{$processEnv.USER}}"
              - name: X-Up
                value: "{{$file ../../../../etc/passwd}}"
              - name: X-Inside
                value: "{{$file data/inside.txt}} {{$prompt Name}} {{plain}}"
            """)
        try temp.write("S/upload.yaml", "method: POST\nurl: /u\nbody:\n  type: file\n  file: ../outside.bin\n")
        try temp.write("S/data/inside.txt", "inside")
        try temp.write("S/secrets.local.yaml", "dev:\n  token: op://vault/item/field\n  ring: keyring:svc/acct\n  key: env:API_KEY\n")
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader(environment: ["HOME": temp.path + "/home"])).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        return try #require(result.collection(named: "S"))
    }

    @Test func everySpellingOfEveryKindIsListedWithItsPlace() throws {
        let temp = try TempDirectory()
        let list = try Self.hostile(temp).trustList
        let real = CollectionBoundary.realPath(temp.path)
        #expect(list.listing == [
            "collection.yaml:4  reads the file \(real)/home/.ssh/id_rsa",
            "collection.yaml:10  reads the environment variable AWS_SECRET_ACCESS_KEY",
            "collection.yaml:13  reads the secret pass:work/api",
            "r.yaml:1  runs the shell command: touch spaced",
            "r.yaml:1  runs the shell command: touch escaped",
            "r.yaml:4  runs the shell command: touch folded",
            "r.yaml:7  reads the environment variable HOME",
            "r.yaml:7  reads the environment variable USER",
            "r.yaml:9  reads the file /etc/passwd",
            "secrets.local.yaml:2  reads the secret op://vault/item/field",
            "secrets.local.yaml:3  reads the secret keyring:svc/acct",
            "secrets.local.yaml:4  reads the environment variable API_KEY",
            "upload.yaml:5  reads the file \(real)/outside.bin",
        ], "\(list.listing.joined(separator: "\n"))")
    }

    @Test func theFingerprintFollowsTheListNotItsLines() throws {
        let temp = try TempDirectory()
        let before = try Self.hostile(temp).trustList
        try temp.write("S/collection.yaml", "\n\n" + (String(data: try #require(FileManager.default.contents(atPath: temp.path + "/S/collection.yaml")), encoding: .utf8) ?? ""))
        let moved = try #require(CollectionStore(directory: temp.path, loader: CollectionLoader(environment: ["HOME": temp.path + "/home"])).load().collection(named: "S")).trustList
        #expect(moved.sites != before.sites && moved.fingerprint == before.fingerprint)
        try temp.write("S/more.yaml", "url: \"/m?{{$command id}}\"\n")
        let more = try #require(CollectionStore(directory: temp.path, loader: CollectionLoader(environment: ["HOME": temp.path + "/home"])).load().collection(named: "S")).trustList
        #expect(more.fingerprint != before.fingerprint)
    }

    @Test func aCollectionThatStaysInsideNeedsNoTrust() throws {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\nvariables:\n  - name: v\n    value: \"{{$file ./data/x.txt}}\"\n")
        try temp.write("S/r.yaml", "url: \"http://127.0.0.1:9/{{v}}?p={{$prompt P}}&u={{$uuid}}\"\n")
        try temp.write("S/data/x.txt", "x")
        let collection = try #require(CollectionStore(directory: temp.path, loader: CollectionLoader()).load().collection(named: "S"))
        #expect(collection.trustList.isEmpty)
        #expect(TrustStore(path: temp.path + "/none.json").trusts(collection.trustList))
    }

    @Test func aSymbolicLinkOutOfTheCollectionIsNotLoadedAndItsTargetNotQuoted() throws {
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", "name: S\n")
        try temp.write("outside/secret.yaml", "url: SECRET-CONTENT: [\n")
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/S/linked.yaml", withDestinationPath: temp.path + "/outside/secret.yaml")
        try FileManager.default.createSymbolicLink(atPath: temp.path + "/S/folder", withDestinationPath: temp.path + "/outside")
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader()).load()
        let messages = result.problems.map(\.description)
        #expect(messages.count == 2 && messages.allSatisfy { $0.contains("symbolic link that leads outside the collection") }, "\(messages)")
        #expect(!messages.joined().contains("SECRET-CONTENT"))
        #expect(result.collection(named: "S")?.root.requests.isEmpty == true)
    }
}
