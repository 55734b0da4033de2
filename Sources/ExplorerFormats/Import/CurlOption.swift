/// The curl options the importer knows: what each does to the request, and whether it takes an argument.
enum CurlOption: Equatable {
    case method, header, data, dataRaw, dataBinary, dataURLEncode, json, form, formString, user, get, head
    case userAgent, referer, cookie, url, maxTime, oauth2Bearer, uploadFile, insecure
    /// Changes only what curl prints or how it transfers, not the request: accepted silently.
    case ignored(takesArgument: Bool)
    /// Has an effect apiexplorer cannot reproduce: reported.
    case unsupported(takesArgument: Bool, reason: String)

    /// True when the option reads the next word (or the rest of a short-option cluster).
    var takesArgument: Bool {
        switch self {
        case .get, .head, .insecure: return false
        case let .ignored(takes), let .unsupported(takes, _): return takes
        default: return true
        }
    }

    /// The option for `-X` or `--request`, or nil when curl's name is unknown here.
    static func named(_ name: String) -> CurlOption? {
        switch name {
        case "-X", "--request": return .method
        case "-H", "--header": return .header
        case "-d", "--data", "--data-ascii": return .data
        case "--data-raw": return .dataRaw
        case "--data-binary": return .dataBinary
        case "--data-urlencode": return .dataURLEncode
        case "--json": return .json
        case "-F", "--form": return .form
        case "--form-string": return .formString
        case "-u", "--user": return .user
        case "-G", "--get": return .get
        case "-I", "--head": return .head
        case "-A", "--user-agent": return .userAgent
        case "-e", "--referer": return .referer
        case "-b", "--cookie": return .cookie
        case "--url": return .url
        case "-m", "--max-time": return .maxTime
        case "--oauth2-bearer": return .oauth2Bearer
        case "-T", "--upload-file": return .uploadFile
        case "-k", "--insecure": return .insecure
        case "--compressed", "-L", "--location", "--location-trusted", "-s", "--silent", "-S", "--show-error", "-v", "--verbose",
             "-i", "--include", "-f", "--fail", "--fail-with-body", "-#", "--progress-bar", "-N", "--no-buffer", "-g", "--globoff",
             "--http1.0", "--http1.1", "--http2", "--http2-prior-knowledge", "--http3", "-4", "--ipv4", "-6", "--ipv6", "-O",
             "--remote-name", "-q", "--disable", "--path-as-is", "--tr-encoding", "--raw", "-Z", "--parallel", "--no-progress-meter",
             "--no-keepalive", "--tcp-nodelay", "-j", "--junk-session-cookies", "--ssl", "--ssl-reqd":
            return .ignored(takesArgument: false)
        case "-o", "--output", "-w", "--write-out", "-D", "--dump-header", "--stderr", "--trace", "--trace-ascii", "-c", "--cookie-jar",
             "--create-dirs", "--output-dir":
            return .ignored(takesArgument: name != "--create-dirs")
        case "-x", "--proxy": return .unsupported(takesArgument: true, reason: "proxies are not supported; the request goes direct")
        case "-U", "--proxy-user": return .unsupported(takesArgument: true, reason: "proxies are not supported")
        case "--cacert", "--capath", "-E", "--cert", "--key", "--cert-type", "--key-type", "--pinnedpubkey":
            return .unsupported(takesArgument: true, reason: "custom certificates are not supported; the system's trust store is used")
        case "--connect-timeout": return .unsupported(takesArgument: true, reason: "only the overall --max-time is kept (as timeout)")
        case "--retry", "--retry-delay", "--retry-max-time": return .unsupported(takesArgument: true, reason: "retries are not part of a saved request")
        case "--max-redirs": return .unsupported(takesArgument: true, reason: "the redirect limit is not configurable")
        case "-r", "--range": return .unsupported(takesArgument: true, reason: "add a Range header instead")
        case "--resolve", "--connect-to": return .unsupported(takesArgument: true, reason: "host overrides are not supported")
        case "--limit-rate", "-Y", "--speed-limit", "-y", "--speed-time": return .unsupported(takesArgument: true, reason: "rate limits are not supported")
        case "-K", "--config": return .unsupported(takesArgument: true, reason: "config files are not read; paste the options themselves")
        case "--digest", "--ntlm", "--negotiate", "--anyauth":
            return .unsupported(takesArgument: false, reason: "only basic authentication is supported; -u is imported as basic auth")
        case "--basic": return .ignored(takesArgument: false)
        default: return nil
        }
    }
}
