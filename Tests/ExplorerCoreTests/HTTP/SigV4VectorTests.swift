import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ExplorerCore

/// SigV4 against AWS's published test suite (aws-sig-v4-test-suite): the canonical request and string to sign are
/// written out by hand from the suite's `.creq` and `.sts` files, and the signatures are the suite's `.authz` ones.
@Suite("SigV4 reproduces AWS's published test-suite vectors")
struct SigV4VectorTests {
    static let credentials = AWSCredentials(accessKey: "AKIDEXAMPLE", secretKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
                                            region: "us-east-1", service: "service")
    static let amzDate = "20150830T123600Z"
    static let emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    /// 2015-08-30 12:36:00 UTC.
    static let date = Date(timeIntervalSince1970: 1_440_938_160)

    func check(method: String, query: String?, headers: [(name: String, value: String)], body: String, canonical: String,
               canonicalHash: String, signature: String) {
        let payload = AWSSigV4.payloadHash(Data(body.utf8))
        let made = AWSSigV4.canonicalRequest(method: method, percentEncodedPath: "/", percentEncodedQuery: query, headers: headers,
                                             payloadHash: payload, service: "service")
        #expect(made == canonical)
        let scope = AWSSigV4.scope(amzDate: Self.amzDate, region: "us-east-1", service: "service")
        let toSign = AWSSigV4.stringToSign(canonicalRequest: made, amzDate: Self.amzDate, scope: scope)
        #expect(toSign == "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n\(canonicalHash)")
        #expect(AWSSigV4.signature(secretKey: Self.credentials.secretKey, amzDate: Self.amzDate, region: "us-east-1", service: "service",
                                   stringToSign: toSign) == signature)
    }

    static let host = [(name: "Host", value: "example.amazonaws.com"), (name: "X-Amz-Date", value: "20150830T123600Z")]

    @Test func getVanilla() {
        check(method: "GET", query: nil, headers: Self.host, body: "",
              canonical: "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(Self.emptyHash)",
              canonicalHash: "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63",
              signature: "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31")
    }

    @Test func postVanilla() {
        check(method: "POST", query: nil, headers: Self.host, body: "",
              canonical: "POST\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(Self.emptyHash)",
              canonicalHash: "553f88c9e4d10fc9e109e2aeb65f030801b70c2f6468faca261d401ae622fc87",
              signature: "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b")
    }

    @Test func getVanillaQueryOrderKeyCase() {
        check(method: "GET", query: "Param2=value2&Param1=value1", headers: Self.host, body: "",
              canonical: "GET\n/\nParam1=value1&Param2=value2\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n\(Self.emptyHash)",
              canonicalHash: "816cd5b414d056048ba4f7c5386d6e0533120fb1fcfa93762cf0fc39e2cf19e0",
              signature: "b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500")
    }

    @Test func postXWWWFormURLEncoded() {
        let headers = [(name: "Content-Type", value: "application/x-www-form-urlencoded")] + Self.host
        check(method: "POST", query: nil, headers: headers, body: "Param1=value1",
              canonical: "POST\n/\n\ncontent-type:application/x-www-form-urlencoded\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\n"
                + "content-type;host;x-amz-date\n9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
              canonicalHash: "42a5e5bb34198acb3e84da4f085bb7927f2bc277ca766e6d19c73c2154021281",
              signature: "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a")
    }

    @Test func postXWWWFormURLEncodedParameters() {
        let headers = [(name: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf8")] + Self.host
        check(method: "POST", query: nil, headers: headers, body: "Param1=value1",
              canonical: "POST\n/\n\ncontent-type:application/x-www-form-urlencoded; charset=utf8\nhost:example.amazonaws.com\n"
                + "x-amz-date:20150830T123600Z\n\ncontent-type;host;x-amz-date\n9095672bbd1f56dfc5b65f3e153adc8731a4a654192329106275f4c7b24d0b6e",
              canonicalHash: "2e1cf7ed91881a30569e46552437e4156c823447bf1781b921b5d486c568dd1c",
              signature: "1a72ec8f64bd914b0e42e42607c7fbce7fb2c7465f63e3092b3b0d39fa77a6fe")
    }

    @Test func signingARequestAtAFixedTimeGivesTheSuitesAuthorization() throws {
        #expect(AWSSigV4.amzDate(Self.date) == Self.amzDate)
        var get = URLRequest(url: try #require(URL(string: "https://example.amazonaws.com/?Param2=value2&Param1=value1")))
        AWSSigV4.sign(&get, with: Self.credentials, at: Self.date)
        #expect(get.value(forHTTPHeaderField: "X-Amz-Date") == Self.amzDate)
        #expect(get.value(forHTTPHeaderField: "Authorization") == "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
            + "SignedHeaders=host;x-amz-date, Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500")
        var post = URLRequest(url: try #require(URL(string: "https://example.amazonaws.com/")))
        post.httpMethod = "POST"
        post.httpBody = Data("Param1=value1".utf8)
        post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        post.setValue("apiexplorer/1", forHTTPHeaderField: "User-Agent")
        AWSSigV4.sign(&post, with: Self.credentials, at: Self.date)
        // Signed again (a retry, a redirect hop): the old signature is replaced, not signed over.
        AWSSigV4.sign(&post, with: Self.credentials, at: Self.date)
        #expect(post.value(forHTTPHeaderField: "Authorization")?.hasSuffix(
            "SignedHeaders=content-type;host;x-amz-date, Signature=ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a") == true)
    }

    @Test func aSessionTokenIsSentAndSignedAndS3SignsThePayloadHashHeader() throws {
        var credentials = Self.credentials
        credentials.sessionToken = "session-token-1"
        credentials.service = "s3"
        var request = URLRequest(url: try #require(URL(string: "https://bucket.s3.amazonaws.com:8443/a%20b/c")))
        AWSSigV4.sign(&request, with: credentials, at: Self.date)
        #expect(request.value(forHTTPHeaderField: "X-Amz-Security-Token") == "session-token-1")
        #expect(request.value(forHTTPHeaderField: "X-Amz-Content-Sha256") == Self.emptyHash)
        #expect(request.value(forHTTPHeaderField: "Authorization")?.contains(
            "SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
        // S3 signs the path encoded once; other services encode the encoded path again.
        #expect(AWSSigV4.canonicalURI("/a%20b/c", service: "s3") == "/a%20b/c")
        #expect(AWSSigV4.canonicalURI("/a%20b/c", service: "execute-api") == "/a%2520b/c")
        #expect(AWSSigV4.canonicalQuery("b=2&a=x%20y&a=1&flag") == "a=1&a=x%20y&b=2&flag=")
        #expect(AWSSigV4.hostField(try #require(URL(string: "https://bucket.s3.amazonaws.com:8443/"))) == "bucket.s3.amazonaws.com:8443")
    }
}
