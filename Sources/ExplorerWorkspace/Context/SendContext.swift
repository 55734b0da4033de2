import ExplorerCore
import Foundation

/// What sending keeps between requests, owned by whoever sends (the explorer, a command, a test) and handed to every
/// resolver it makes: cookie jars, OAuth tokens, Digest sessions, secrets read, and parsed files. Nothing of it is
/// global, so two owners never see each other's cookies or tokens, and the owner decides when jars are saved.
public final class SendContext: Sendable {
    /// The cookie jars, one per collection and environment.
    public let cookies: CookieJars
    /// The OAuth 2.0 credentials, one per collection, environment and settings.
    public let credentials: OAuth2Credentials
    /// The Digest challenges answered so far.
    public let digestSessions: DigestSessions
    /// Secret references read, and `{{$command …}}` output.
    public let secrets: SecretStore
    /// Files parsed once and kept while unchanged (an OpenAPI description a contract check reads).
    public let documents: DocumentCache

    /// A context with nothing kept yet; cookies in memory unless `cookies` says otherwise.
    public init(cookies: CookieJars = CookieJars(), credentials: OAuth2Credentials = OAuth2Credentials(),
                digestSessions: DigestSessions = DigestSessions(), secrets: SecretStore = SecretStore(),
                documents: DocumentCache = DocumentCache()) {
        self.cookies = cookies
        self.credentials = credentials
        self.digestSessions = digestSessions
        self.secrets = secrets
        self.documents = documents
    }

    /// Writes what must outlive the owner (changed cookie jars); call it before the owner ends.
    public func finish() {
        cookies.saveAll()
    }
}
