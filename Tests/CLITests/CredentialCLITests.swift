import ExplorerCore
import Foundation
import Testing
import TestSupport

/// `apiexplorer send` and `run` with digest and aws auth from the files, against a server that checks both, and
/// `--print` showing the request without the secrets the server echoes back.
@Suite("Digest and AWS credentials from the command line")
struct CredentialCLITests {
    @Test func sendAndRunSignAndAnswerAsTheServerChecks() async throws {
        let aws = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "sk-SECRET-cli", sessionToken: "tok-SECRET-cli",
                                 region: "us-east-1", service: "execute-api")
        let server = try CredentialServer(username: "ada", password: "pw-SECRET-cli", aws: aws)
        defer { server.stop() }
        let temp = try TempDirectory()
        try temp.write("S/collection.yaml", """
            name: S
            environments:
              - name: local
                baseURL: \(server.baseURL.absoluteString)
                variables:
                  - name: password
                    value: pw-SECRET-cli
                    secret: true
                  - name: awsSecretKey
                    value: sk-SECRET-cli
                    secret: true
            """)
        try temp.write("S/digest.yaml", "url: /digest/echo\nauth:\n  type: digest\n  username: ada\n  password: \"{{password}}\"\n")
        try temp.write("S/aws.yaml", """
            method: POST
            url: /aws/echo?b=2&a=1
            auth:
              type: aws
              accessKey: AKIDEXAMPLE
              secretKey: "{{awsSecretKey}}"
              sessionToken: tok-SECRET-cli
              region: us-east-1
              service: execute-api
            body:
              type: json
              content: '{"n": 1}'
            """)
        for slug in ["digest", "aws"] {
            let sent = try await CLIRunner.run(["send", "S/\(slug)", "--print", "Hhb", "--collections", temp.path, "--no-history"])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(sent.stdout.contains("HTTP/1.1 200"), "\(sent.stdout)")
            // The server echoed the secrets (the session token is a literal in the file): they are masked all the same.
            #expect(sent.stdout.contains("••••••"), "\(sent.stdout)")
            #expect(!sent.stdout.contains("SECRET") && !sent.stderr.contains("SECRET"), "\(sent.stdout)")
        }
        let run = try await CLIRunner.run(["run", "S", "--collections", temp.path, "--no-history"])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        // Each process starts without a nonce, so each sends the digest request twice: the challenge, then the answer.
        let verdicts = server.log.map(\.verdict)
        #expect(verdicts.filter { $0 == "accepted" }.count == 4 && verdicts.filter { $0 == "no credentials" }.count == 2, "\(verdicts)")
        #expect(verdicts.count == 6)
    }
}
