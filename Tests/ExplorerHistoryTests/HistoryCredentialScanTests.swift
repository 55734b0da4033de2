import ExplorerCore
import ExplorerHistory
import ExplorerWorkspace
import Foundation
import TestSupport
import Testing

/// Digest passwords and AWS secret keys never go on the wire, but a server may echo them: sent to a loopback server
/// that checks the credentials and then echoes every secret it knows, recorded, and the database's raw bytes searched.
@Suite("No Digest password or AWS secret reaches the history file")
struct HistoryCredentialScanTests {
    static let secrets = ["pw-SECRET-digest-1", "sk-SECRET-aws-2", "tok-SECRET-aws-3"]

    @Test func digestAndAWSSecretsAreMaskedInTheRawDatabaseBytes() async throws {
        let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "sk-SECRET-aws-2", sessionToken: "tok-SECRET-aws-3",
                                 region: "us-east-1", service: "execute-api")
        let server = try CredentialServer(username: "ada", password: "pw-SECRET-digest-1", aws: aws)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: awsSecretKey
                    value: sk-SECRET-aws-2
                    secret: true
            """)
        // The password and the session token are written in the files as they are, not as secret variables: they are
        // masked because of what they are.
        try temp.write("S/digest.yaml", "url: /digest/echo\nauth:\n  type: digest\n  username: ada\n  password: pw-SECRET-digest-1\n")
        try temp.write("S/aws.yaml", """
            url: /aws/echo
            auth:
              type: aws
              accessKey: AKIDEXAMPLE
              secretKey: "{{awsSecretKey}}"
              sessionToken: tok-SECRET-aws-3
              region: us-east-1
              service: execute-api
            """)
        let result = CollectionStore(directory: temp.path, loader: CollectionLoader()).load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        let collection = try #require(result.collection(named: "S"))
        let path = temp.path + "/history.sqlite"
        let store = try HistoryStore(path: path)
        for slug in ["digest", "aws"] {
            let located = try #require(collection.locate([slug]))
            let resolved = try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                               environment: collection.defaultEnvironment, processEnvironment: [:]).resolve()
            let response = try await resolved.request.send()
            #expect(response.statusCode == 200, "\(response.text)")
            // The server really echoed them, so finding none on disk means they were masked.
            #expect(Self.secrets.contains { response.text.contains($0) })
            try store.record(.recording(resolved, response: response, failure: nil, source: "test", sentAt: Date()))
        }
        let raw = SQLiteFileBytes.read(path)
        for secret in Self.secrets {
            #expect(raw.range(of: Data(secret.utf8)) == nil, "\(secret) is in the history file")
        }
        let digest = try #require(try store.latest(reference: "S/digest"))
        #expect(digest.response?.status == 200)
        #expect(digest.response.map { String(decoding: $0.body.data, as: UTF8.self) } == "hello ada, your password is ••••••")
        let signed = try #require(try store.latest(reference: "S/aws"))
        #expect(signed.response.map { String(decoding: $0.body.data, as: UTF8.self) } == "secret •••••• token ••••••")
    }
}
