// Every ```swift block in README.md appears in this file verbatim; ReadmeExamplesTests checks that and runs them.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Combine)
import Combine
#else
@preconcurrency import OpenCombine
#endif
import ExplorerCore

// README: define a service
enum Blog: Service {
    static let environments = EnvironmentSelector([
        "local": URL(string: "http://127.0.0.1:8787")!,
        "production": URL(string: "https://blog.example.com/api")!,
    ])
    static var baseURL: URL { environments.baseURL }
    static var sharedProperties: Request.Properties {
        Request.Properties {
            Header.accept("application/json")
            Header.userAgent("blog-client/1.0")
        }
    }

    enum Users: Endpoint {
        typealias Parent = Blog
        static let path = "users"

        static var list: Request { Request(.get, parent: Users.self) }
        static func get(id: Int) -> Request {
            Request(.get, parent: Users.self, pathComponents: [String(id)])
        }
        static func create(_ user: NewUser) -> Request {
            Request(.post, parent: Users.self, body: .json(user))
        }
    }
}

struct User: Decodable, Sendable {
    let id: Int
    let name: String
}

struct NewUser: Encodable, Sendable {
    let name: String
    let username: String
}
// README: end

// README: async/await
func userNames() async throws -> [String] {
    let users: [User] = try await Blog.Users.list.send()
    return users.map(\.name)
}
// README: end

// README: completion handler
func fetchUser(id: Int, then done: @escaping @Sendable (String) -> Void) {
    Blog.Users.get(id: id).send { result in
        switch result {
        case .success(let response):
            done("Status: \(response.urlResponse.statusCode), \(response.data.count) bytes")
        case .failure(let error):
            done("Request failed - \(error.localizedDescription)")
        }
    }
}
// README: end

// README: publisher
final class UserLoader: @unchecked Sendable {
    var cancellable: AnyCancellable?
    var status: Int?

    func load() {
        cancellable = Blog.Users.list.send()
            .sink(receiveCompletion: { completion in
                if case .failure(let error) = completion {
                    print("Request failed - \(error.localizedDescription)")
                }
            }, receiveValue: { response in
                self.status = response.urlResponse.statusCode
            })
    }
}
// README: end

// README: streaming
func printTicks(from url: URL) async throws {
    for try await part in Request(.get, url: url).stream() {
        if case let .events(events) = part {
            for event in events { print(event.event ?? "", event.data) }
        }
    }
}
// README: end

// README: decoding publisher
func firstUserPublisher() -> AnyPublisher<Request.PublisherModelResponse<User>, RequestError> {
    Blog.Users.get(id: 1).send(decoder: JSONDecoder())
}
// README: end

// README: errors
func loadUser(id: Int) async -> User? {
    let request = Blog.Users.get(id: id)
        .configured { $0.parseHTTPStatusErrors = true }
        .retrying(RetryPolicy(maxRetries: 2, initialDelay: 0.2))
        .withDeadline(10)
    do {
        return try await request.send()
    } catch {
        switch error {
        case .httpStatus(_, let httpError) where httpError.kind == .notFound:
            return nil
        case .urlError(_, let urlError):
            print("Could not reach the server (\(urlError.code.rawValue)): \(error.localizedDescription)")
        default:
            print(error.localizedDescription)
        }
        return nil
    }
}
// README: end

// README: builder
func createUser(named name: String) async throws -> User {
    try await RequestBuilder(parent: Blog.self)
        .path("users")
        .method(.post)
        .headers { Header("X-Request-ID", UUID().uuidString) }
        .body { .json(NewUser(name: name, username: name.lowercased())) }
        .send()
}
// README: end

// README: one-off request
func status(of url: URL) async throws -> Int {
    let request = Request(.get, url: url)
        .settingHeader("Accept", "text/plain")
        .withAuthentication(.bearer(token: "demo-token"))
    return try await request.send().statusCode
}
// README: end
