@testable import ExplorerCore
@testable import ExplorerFormats
@testable import ExplorerWorkspace
import Foundation
import Testing

/// The `digest` and `aws` auth kinds in files: read, written back surgically, resolved with variables, exported to
/// curl, .http and Swift with secrets masked, and imported from Postman's `digest` and `awsv4`.
@Suite("Digest and AWS credentials in collection files, exports and imports")
struct DigestAndAWSAuthFileTests {
    static let collection = """
        name: Mini
        environments:
          - name: local
            baseURL: http://127.0.0.1:1
            variables:
              - name: user
                value: ada
              - name: password
                value: pw-SECRET-digest
                secret: true
              - name: awsAccessKey
                value: AKIDEXAMPLE
              - name: awsSecretKey
                value: sk-SECRET-aws
                secret: true
              - name: awsSessionToken
                value: tok-SECRET-aws
                secret: true
        """
    static let digestFile = """
        url: /digest
        auth:
          type: digest
          username: "{{user}}"
          password: "{{password}}"

        """
    static let awsFile = """
        method: POST
        url: /aws?b=2&a=1
        auth:
          type: aws
          accessKey: "{{awsAccessKey}}"
          secretKey: "{{awsSecretKey}}"
          sessionToken: "{{awsSessionToken}}"   # optional
          region: eu-west-1
          service: execute-api
        body:
          type: json
          content: '{"a": 1}'

        """

    func load() throws -> (TempCollections, CollectionLoadResult) {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", Self.collection)
        try temp.write("Mini/digest.yaml", Self.digestFile)
        try temp.write("Mini/aws.yaml", Self.awsFile)
        return (temp, temp.load())
    }

    func resolved(_ result: CollectionLoadResult, _ slug: String) throws -> ResolvedRequest {
        let collection = try #require(result.collection(named: "Mini"))
        let located = try #require(collection.locate([slug]))
        return try RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                   environment: collection.environment(named: "local"), processEnvironment: [:]).resolve()
    }

    @Test func bothKindsAreReadAndResolved() throws {
        let (_, result) = try load()
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.request("Mini/digest")?.auth == .digest(username: "{{user}}", password: "{{password}}"))
        #expect(result.request("Mini/aws")?.auth == .aws(accessKey: "{{awsAccessKey}}", secretKey: "{{awsSecretKey}}",
                                                         sessionToken: "{{awsSessionToken}}", region: "eu-west-1", service: "execute-api"))
        #expect(try resolved(result, "digest").request.authentication == .digest(username: "ada", password: "pw-SECRET-digest"))
        #expect(try resolved(result, "aws").request.authentication == .aws(AWSCredentials(
            accessKey: "AKIDEXAMPLE", secretKey: "sk-SECRET-aws", sessionToken: "tok-SECRET-aws", region: "eu-west-1", service: "execute-api")))
    }

    @Test func aMissingKeyOrAnUnknownOneIsReportedWithItsFile() throws {
        let temp = try TempCollections()
        try temp.write("Mini/collection.yaml", minimalCollection)
        try temp.write("Mini/bad.yaml", "url: /x\nauth:\n  type: aws\n  accessKey: a\n  secretKey: s\n  service: s3\n")
        try temp.write("Mini/odd.yaml", "url: /x\nauth:\n  type: digest\n  username: u\n  realm: r\n")
        let result = temp.load()
        #expect(result.problems(in: "Mini/bad.yaml").map(\.message) == ["missing 'region' in aws auth"])
        let odd = result.problems(in: "Mini/odd.yaml")
        #expect(odd.count == 1 && odd.first?.isWarning == true && odd.first?.message.contains("realm") == true, "\(odd)")
        #expect(result.request("Mini/odd")?.auth == .digest(username: "u", password: ""))
    }

    @Test func editedCredentialsAreWrittenBackAsTheOnlyChange() throws {
        let (temp, result) = try load()
        let request = try #require(result.request("Mini/digest"))
        let original = try #require(FileManager.default.contents(atPath: request.file))
        var edited = request
        edited.auth = .aws(accessKey: "{{awsAccessKey}}", secretKey: "{{awsSecretKey}}", sessionToken: "", region: "us-east-1", service: "s3")
        _ = try CollectionStore.save(edited, over: request, original: original)
        let text = String(decoding: try #require(FileManager.default.contents(atPath: request.file)), as: UTF8.self)
        #expect(text == """
            url: /digest
            auth:
              type: aws
              accessKey: "{{awsAccessKey}}"
              secretKey: "{{awsSecretKey}}"
              region: us-east-1
              service: s3

            """)
        #expect(temp.load().request("Mini/digest") == edited)
        var back = edited
        back.auth = .digest(username: "{{user}}", password: "{{password}}")
        _ = try CollectionStore.save(back, over: edited, original: Data(text.utf8))
        #expect(String(decoding: try #require(FileManager.default.contents(atPath: request.file)), as: UTF8.self) == Self.digestFile)
    }

    @Test func exportsAreFaithfulAndMaskTheSecrets() throws {
        let (_, result) = try load()
        let digest = try resolved(result, "digest")
        let aws = try resolved(result, "aws")
        let masked = RequestExporter()
        let curlDigest = masked.export(digest, as: .curl)
        #expect(curlDigest.contains("--digest -u 'ada:••••••'") && !curlDigest.contains("pw-SECRET"))
        let curlAWS = masked.export(aws, as: .curl)
        #expect(curlAWS.contains("--aws-sigv4 aws:amz:eu-west-1:execute-api") && curlAWS.contains("-u 'AKIDEXAMPLE:••••••'"))
        #expect(curlAWS.contains("-H 'X-Amz-Security-Token: ••••••'") && !curlAWS.contains("SECRET"))
        let shown = RequestExporter(showSecrets: true).export(aws, as: .curl)
        #expect(shown.contains("-u AKIDEXAMPLE:sk-SECRET-aws") && shown.contains("X-Amz-Security-Token: tok-SECRET-aws"))
        let httpDigest = masked.export(digest, as: .http)
        #expect(httpDigest.contains("Authorization: Digest ada ••••••") && !httpDigest.contains("SECRET"))
        let httpAWS = masked.export(aws, as: .http)
        #expect(httpAWS.contains("Authorization: AWS AKIDEXAMPLE •••••• token:•••••• region:eu-west-1 service:execute-api"))
        #expect(!httpAWS.contains("SECRET"))
        let swift = masked.export(aws, as: .swift)
        #expect(swift.contains(".aws(AWSCredentials(accessKey: \"AKIDEXAMPLE\", secretKey: \"••••••\", sessionToken: \"••••••\", "
            + "region: \"eu-west-1\", service: \"execute-api\"))"), "\(swift)")
        #expect(masked.export(digest, as: .swift).contains(".digest(username: \"ada\", password: \"••••••\")"))
    }

    @Test func postmanDigestAndAWSAreImported() throws {
        let json = """
            {"info": {"name": "Cloud", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
             "item": [
              {"name": "Digest", "request": {"method": "GET", "url": "https://h.example/d",
               "auth": {"type": "digest", "digest": [{"key": "password", "value": "{{pw}}"}, {"key": "username", "value": "ada"},
                                                     {"key": "realm", "value": "old"}, {"key": "algorithm", "value": "MD5"}]}}},
              {"name": "Lambda", "request": {"method": "POST", "url": "https://h.example/l",
               "auth": {"type": "awsv4", "awsv4": [{"key": "accessKey", "value": "{{ak}}"}, {"key": "secretKey", "value": "{{sk}}"},
                                                   {"key": "service", "value": "lambda"}, {"key": "sessionToken", "value": ""}]}}}
             ]}
            """
        let result = try PostmanImporter.importCollection(Data(json.utf8), source: "cloud.json")
        let requests = result.collection.root.requests
        #expect(requests.first { $0.name == "Digest" }?.auth == .digest(username: "ada", password: "{{pw}}"))
        #expect(requests.first { $0.name == "Lambda" }?.auth == .aws(accessKey: "{{ak}}", secretKey: "{{sk}}", sessionToken: "",
                                                                       region: "us-east-1", service: "lambda"))
        #expect(result.report.items.isEmpty, "\(result.report.items)")
    }
}
