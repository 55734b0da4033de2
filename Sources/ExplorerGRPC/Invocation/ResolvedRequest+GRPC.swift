import ExplorerCore
import ExplorerWorkspace
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ResolvedRequest {
    /// The call a resolved gRPC request makes: its URL, `grpc: method:`, headers (credentials included) as metadata,
    /// its body as the request message (or `messages`, for a client stream), its timeout as the deadline, and its TLS
    /// and proxy settings.
    public func grpcInvocation(_ spec: RequestSpec, messages: [String], schemaFiles: GRPCSchemaFiles) throws(GRPCFailure) -> GRPCInvocation {
        guard let method = spec.grpc?.method else {
            throw GRPCFailure("a gRPC request needs the method it calls: grpc: { method: package.Service/Method }")
        }
        let urlRequest: URLRequest
        do { urlRequest = try request.makeURLRequest() } catch { throw GRPCFailure("the URL does not resolve: \(error)") }
        // Resolved over http(s), as every request is: http is grpc and https grpcs.
        guard let built = urlRequest.url, var components = URLComponents(url: built, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), ["http", "https", "grpc", "grpcs"].contains(scheme) else {
            throw GRPCFailure("a gRPC request's URL starts grpc:// (or grpcs:// for TLS), found \(urlRequest.url?.absoluteString ?? spec.url)")
        }
        components.scheme = scheme == "https" || scheme == "grpcs" ? "grpcs" : "grpc"
        components.path = ""
        components.query = nil
        guard let url = components.url else { throw GRPCFailure("\(built.absoluteString) is not a gRPC address") }
        var invocation = GRPCInvocation(url: url, method: method)
        // Headers a call writes itself, and HTTP/1 ones that mean nothing in gRPC, stay out of the metadata.
        let skipped: Set<String> = ["content-type", "content-length", "host", "accept-encoding", "connection", "te", "accept"]
        let headers = (urlRequest.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }
        // `grpc-encoding: gzip` among the request's headers compresses its messages (the call writes the header itself).
        if let encoding = headers.first(where: { $0.key.lowercased() == "grpc-encoding" })?.value.lowercased() {
            guard encoding == "gzip" || encoding == "identity" else {
                throw GRPCFailure("grpc-encoding \(encoding) is not supported; gzip or identity")
            }
            invocation.options.gzip = encoding == "gzip"
        }
        invocation.metadata = headers.filter { !skipped.contains($0.key.lowercased()) && $0.key.lowercased() != "grpc-encoding" }
            .map { (name: $0.key.lowercased(), value: $0.value) }
        switch body {
        case let .json(text): invocation.messages = [text]
        case let .text(text, _): invocation.messages = [text]
        case .none: invocation.messages = []
        default: throw GRPCFailure("a gRPC request's body is its message in JSON (body: { type: json, content: ... })")
        }
        if !messages.isEmpty { invocation.messages = messages }
        let configuration = request.configuration
        invocation.timeout = configuration.timeoutInterval
        invocation.schemaFiles = schemaFiles
        invocation.options.verifyTLS = configuration.verifiesTLSCertificates
        invocation.options.tls = configuration.tls
        invocation.options.proxy = configuration.proxy
        invocation.options.connectTimeout = min(configuration.timeoutInterval, 30)
        return invocation
    }
}
