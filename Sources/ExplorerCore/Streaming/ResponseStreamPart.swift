import Foundation

/// What `Request.stream(session:)` hands over: a streamed response's head, its body in pieces as they arrive (each
/// followed by the events it completed), then the whole response; a response that does not stream comes as `end` alone.
public enum ResponseStreamPart: Sendable {
    /// The head of a response whose body streams; its pieces follow.
    case head(ResponseHead)
    /// A piece of the body (after any gzip decoding) and when it arrived, in seconds since the request was sent.
    case body(Data, time: TimeInterval)
    /// The events the piece before completed (split by the head's `format`), or at the end of the body the last one.
    case events([StreamEvent])
    /// The end: the response as `send` returns it, its body whole within the size limit (paged from a temporary file
    /// past `memoryBodyLimit`).
    case end(Request.Response)
}
