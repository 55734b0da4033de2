import Foundation

/// One way a `FaultServer` route misbehaves.
public enum Fault: Sendable {
    /// Accepts the connection, reads the request and never answers.
    case neverAnswer
    /// Sends a complete head promising 100 bytes of body, then nothing.
    case stallAfterHeaders
    /// Sends a 10-byte body one byte per `interval` seconds.
    case slowBody(interval: TimeInterval)
    /// Promises `Content-Length: 1000`, sends 100 bytes and closes normally (FIN).
    case closeMidBody
    /// Promises `Content-Length: 1000`, sends 100 bytes and resets the connection (RST).
    case resetMidBody
    /// Declares a Content-Length longer than the body it sends, then closes.
    case contentLengthLonger
    /// Declares `Content-Length: 5` and sends 40 bytes.
    case contentLengthShorter
    /// Declares chunked encoding and sends a chunk size that is not hexadecimal.
    case brokenChunked
    /// Redirects to itself, forever.
    case redirectLoop
    /// Redirects (302) to an absolute URL, e.g. one on another server.
    case redirect(to: String)
    /// A `text/plain` body of `bytes` bytes, generated while it is sent.
    case largeBody(bytes: Int)
    /// An `application/json` array of about `bytes` bytes of small objects, generated while it is sent.
    case largeJSON(bytes: Int)
    /// A `Content-Encoding: gzip` body that expands to `expandedBytes` zero bytes.
    case gzipBomb(expandedBytes: Int)
    /// `application/json` whose bytes are not valid UTF-8.
    case invalidUTF8JSON
    /// A reason phrase and header values carrying ESC sequences and other control characters.
    case controlCharactersInHeaders
    /// An HTTP/1.0 response without Content-Length whose body ends when the connection closes.
    case closeDelimited(body: String)
    /// A JSON body, a reason phrase and a header full of terminal escape sequences (colours, title, OSC 52 clipboard).
    case hostileContent
    /// A reply that is not HTTP at all (an SSH banner), then the connection closes.
    case notHTTP
    /// A raw 0x9B byte (not UTF-8) in the reason phrase and a header value.
    case rawByteInHeader
    /// A complete `text/plain` response sent only after `seconds`: a server that takes that long to answer.
    case delayed(seconds: TimeInterval, body: String)
    /// A complete `text/plain` response at once, except for request number `request` (0-based) to the path, which is
    /// answered only after `seconds`: a server that stalls once.
    case stallOnce(request: Int, seconds: TimeInterval, body: String)
    /// A well-formed response, for the far end of a redirect.
    case respond(status: Int, headers: [String], body: String)
    /// A 200 of `contentType` in chunked encoding: each of `chunks` as a chunk of its own, `interval` seconds apart
    /// (the first at once), then the end of the body; as an event stream or JSON lines server sends them.
    case chunkedStream(contentType: String, chunks: [String], interval: TimeInterval)
    /// Like `chunkedStream`, but after the chunks it stays silent, the connection open, until the client leaves.
    case chunksThenSilence(contentType: String, chunks: [String])
    /// A 200 of `contentType` in chunked encoding that sends `chunk` every `interval` seconds until the client leaves.
    case endlessStream(contentType: String, chunk: String, interval: TimeInterval)
    /// A `text/plain` 200 whose body is the request target exactly as it arrived (`/path?query`, encoding kept), as
    /// a server that echoes or logs its URL does.
    case echoTarget

    /// Terminal escapes a hostile server sends: colour, cursor movement, screen clear, window title, OSC 52 clipboard write.
    public static let escapeSequences = [
        "\u{1B}[31m", "\u{1B}[2J", "\u{1B}[H", "\u{1B}]0;pwned title\u{07}", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}",
        "\u{1B}]2;other title\u{1B}\\", "\u{9B}31m", "\u{07}", "\u{08}", "\r",
    ]
}
