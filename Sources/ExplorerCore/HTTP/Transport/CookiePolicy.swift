import Foundation

/// Where the process keeps the cookies its requests receive; the command line chooses it once, at start.
public enum CookiePolicy: Sendable, Equatable {
    /// In memory for the life of the process (library users and tests).
    case memory
    /// Nothing is sent or stored (`--no-cookies`).
    case disabled
    /// One file per collection and environment in the state directory, shared by every run.
    case store(CookieStore)
    /// One Netscape cookie file for every request, read at start and written back (`--cookie-jar FILE`).
    case file(String)
}
