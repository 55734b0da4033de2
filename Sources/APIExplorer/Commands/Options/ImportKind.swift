import ArgumentParser

/// The formats `apiexplorer import` reads.
enum ImportKind: String, CaseIterable, ExpressibleByArgument {
    case postman
    case http
    case curl
    case har
    case insomnia
    case openapi
    case grpc
}
