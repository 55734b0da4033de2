import Foundation
import Testing
@testable import ExplorerCore

@Suite("Request values")
struct RequestValueTests {
    let base = URL(string: "http://127.0.0.1:1/api")!

    @Test func methodsAreExtensibleAndValidated() {
        #expect(HTTPMethod("purge") == HTTPMethod(rawValue: "PURGE"))
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod("PURGE").isValidToken)
        #expect(!HTTPMethod("BAD METHOD").isValidToken)
        #expect(!HTTPMethod("").isValidToken)
        #expect(HTTPMethod.put.isIdempotent && !HTTPMethod.post.isIdempotent)
    }

    @Test func headersAreCaseInsensitiveOrderedAndJoined() {
        var headers: HTTPHeaders = ["Accept": "text/plain", "X-Trace": "a"]
        headers.add("x-trace", "b")
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers["ACCEPT"] == "text/plain")
        #expect(headers["X-Trace"] == "a, b")
        #expect(headers["Set-Cookie"] == "a=1\nb=2")
        #expect(headers.fields.map(\.name) == ["Accept", "X-Trace", "x-trace", "Set-Cookie", "set-cookie"])
        headers.set("X-TRACE", "c")
        #expect(headers.fields.map(\.description) == ["Accept: text/plain", "X-TRACE: c", "Set-Cookie: a=1", "set-cookie: b=2"])
        headers.remove("set-cookie")
        #expect(headers.count == 2)
        #expect(headers["missing"] == nil)
    }

    @Test func mergingReplacesByNameAndKeepsOrder() {
        let parent: HTTPHeaders = ["A": "1", "B": "2"]
        let merged = parent.merging(["b": "3", "C": "4"])
        #expect(merged.fields.map(\.description) == ["A: 1", "b: 3", "C: 4"])
    }

    @Test func queryEncodingHandlesPlusSpacesUnicodeOptionalsAndArrays() {
        let none: String? = nil
        let request = Request(.get, url: base)
            .addingQuery("q", "a+b c")
            .addingQuery("tags", ["x", "y"])
            .addingQuery("skip", none)
            .addingQuery("name", "Zoë & co=1")
            .addingQuery("n", 5)
            .addingQuery("flag", true)
        #expect(request.url?.absoluteString ==
            "http://127.0.0.1:1/api?q=a%2Bb%20c&tags=x&tags=y&name=Zo%C3%AB%20%26%20co%3D1&n=5&flag=true")
        #expect(request.settingQuery("tags", "z").url?.query == "q=a%2Bb%20c&name=Zo%C3%AB%20%26%20co%3D1&n=5&flag=true&tags=z")
    }

    @Test func pathComponentsAreEncodedAndJoinedWithOneSlash() {
        let request = Request(.get, urlString: "http://127.0.0.1:1/api/?v=1", pathComponents: ["users/42", "a b", "x?y"])
        #expect(request.url?.absoluteString == "http://127.0.0.1:1/api/users/42/a%20b/x%3Fy?v=1")
    }

    @Test func invalidURLsHaveNoURL() {
        #expect(Request(.get, urlString: "not a url").url == nil)
        #expect(Request(.get, urlString: "ftp://host/file").url == nil)
        #expect(Request(.get, urlString: "http://").url == nil)
    }

    @Test func modifiersReturnCopiesAndLeaveTheOriginalAlone() {
        let original = Request(.get, url: base, headers: ["A": "1"])
        let changed = original.settingHeader("a", "2").addingHeader("B", "3").appendingPath("x")
            .withMethod(.post).withBody(.text("hi")).retrying().withDeadline(5)
        #expect(original.headers["A"] == "1" && original.headers["B"] == nil)
        #expect(original.httpMethod == .get && original.body == nil && original.configuration.retryPolicy == nil)
        #expect(changed.headers["A"] == "2" && changed.headers["B"] == "3")
        #expect(changed.url?.path == "/api/x" && changed.httpMethod == .post)
        #expect(changed.removingHeader("A").headers["a"] == nil)
        #expect(changed.configuration.deadline == 5)
    }

    @Test func contentTypeIsSetUnlessTheCallerSetOne() throws {
        let json = Request(.post, url: base, body: .rawJSON("{}"))
        #expect(json.effectiveHeaders["Content-Type"] == "application/json")
        let custom = json.settingHeader("content-type", "application/vnd.api+json")
        #expect(custom.effectiveHeaders["Content-Type"] == "application/vnd.api+json")
        #expect(custom.effectiveHeaders.values(for: "Content-Type").count == 1)
        let urlRequest = try custom.makeURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test func authenticationHelpersProduceExactHeaders() {
        #expect(Authentication.basic(username: "user", password: "pass").header?.description == "Authorization: Basic dXNlcjpwYXNz")
        #expect(Authentication.bearer(token: "t0k").header?.description == "Authorization: Bearer t0k")
        #expect(Authentication.apiKey(name: "X-Key", value: "k", in: .header).header?.description == "X-Key: k")
        let query = Request(.get, url: base).withAuthentication(.apiKey(name: "api_key", value: "s e", in: .query))
        #expect(query.url?.query == "api_key=s%20e")
        #expect(query.effectiveHeaders.isEmpty)
    }

    @Test func formAndMultipartBodiesEncodeExactly() throws {
        let form = try RequestBody.form(["a": "1 2", "b": "x+y&z"]).encoded()
        #expect(String(decoding: form, as: UTF8.self) == "a=1+2&b=x%2By%26z")
        var multipart = MultipartFormData(boundary: "B")
        multipart.add(name: "title", value: "Hi")
        multipart.add(name: "file", filename: "a\"b.txt", contentType: "text/plain", data: Data("x".utf8))
        let encoded = String(decoding: try RequestBody.multipart(multipart).encoded(), as: UTF8.self)
        #expect(encoded == "--B\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHi\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a%22b.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n--B--\r\n")
        #expect(RequestBody.multipart(multipart).contentType == "multipart/form-data; boundary=B")
    }

    @Test func retryDelaysGrowExponentiallyWithACapAndHonourRetryAfter() {
        let policy = RetryPolicy(maxRetries: 5, initialDelay: 0.5, multiplier: 2, maxDelay: 3)
        #expect([1, 2, 3, 4, 5].map { policy.backoff(beforeRetry: $0) } == [0.5, 1, 2, 3, 3])
        #expect(policy.delay(beforeRetry: 1, retryAfter: "7") == 7)
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(policy.delay(beforeRetry: 1, retryAfter: "Tue, 14 Nov 2023 22:13:30 GMT", now: now) == 10)
        #expect(RetryPolicy(maxRetryAfter: 2).delay(beforeRetry: 1, retryAfter: "60") == 2)
        #expect(RetryPolicy(honorsRetryAfter: false).delay(beforeRetry: 1, retryAfter: "60") == 0.5)
        #expect(RetryPolicy.parseRetryAfter("soon") == nil)
    }

    @Test func transportFailuresAreClassified() {
        #expect(TransportFailure(URLError(.cannotConnectToHost)) == .connectionRefused)
        #expect(TransportFailure(URLError(.timedOut)) == .timedOut)
        #expect(TransportFailure(URLError(.cannotFindHost)) == .hostNotFound)
        #expect(TransportFailure(URLError(.serverCertificateUntrusted)) == .tls)
        #expect(TransportFailure(URLError(.cancelled)) == .cancelled)
        #expect(HTTPError.kind(for: 400) == .badRequest && HTTPError.kind(for: 401) == .unauthorized)
        #expect(HTTPError.kind(for: 403) == .forbidden && HTTPError.kind(for: 404) == .notFound)
        #expect(HTTPError.kind(for: 429) == .tooManyRequests && HTTPError.kind(for: 502) == .server)
        #expect(HTTPError.kind(for: 418) == .other)
    }

    @Test func secretsAreRedacted() {
        let redactor = SecretRedactor()
        #expect(redactor.redact(name: "Authorization", value: "Bearer abc.def") == "Bearer ••••••")
        #expect(redactor.redact(name: "X-Api-Key", value: "k") == "••••••")
        #expect(redactor.redact(name: "Cookie", value: "s=1") == "••••••")
        #expect(redactor.redact(name: "Accept", value: "x") == "x")
        let url = URL(string: "http://h/p?api_key=abc&q=1")!
        #expect(redactor.redact(url: url) == "http://h/p?api_key=••••••&q=1")
    }
}
