import Foundation

/// How a streamed body splits into events, chosen by its content type.
public enum StreamFormat: Sendable, Hashable {
    /// `text/event-stream`: WHATWG server-sent events.
    case serverSentEvents
    /// `application/x-ndjson`, `application/jsonl`, `application/json-seq` (and their aliases): one JSON text a line.
    case jsonLines
    /// Any other type streamed on request: each piece as it arrives.
    case chunks

    /// The media types that always stream, whatever the request says.
    static let jsonLineTypes: Set<String> = ["application/x-ndjson", "application/ndjson", "application/jsonl",
                                             "application/x-jsonlines", "application/jsonlines", "application/json-seq"]

    /// The format for a response of `contentType` (the header's value; nil when it has none).
    public init(contentType: String?) {
        let mediaType = contentType.map { ContentType($0).mediaType } ?? ""
        if mediaType == "text/event-stream" {
            self = .serverSentEvents
        } else if StreamFormat.jsonLineTypes.contains(mediaType) {
            self = .jsonLines
        } else {
            self = .chunks
        }
    }

    /// True for the types that stream whether or not the request asked for it (event streams and JSON lines).
    public var alwaysStreams: Bool { self != .chunks }
}
