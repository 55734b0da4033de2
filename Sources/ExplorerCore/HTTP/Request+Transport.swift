import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Request {
    /// The transport an async or publisher send uses: URLSession with `session` when one is passed, else the
    /// configured kind (SwiftNIO on Linux, URLSession with the request's session elsewhere).
    func transport(session: URLSession?) -> any HTTPTransport {
        if let session { return URLSessionTransport(session: session) }
        switch configuration.transport ?? .platformDefault {
        case .urlSession: return URLSessionTransport(session: self.session)
        case .swiftNIO: return SwiftNIOTransport.shared
        }
    }
}
