import Foundation

/// Opens a URL in the person's browser, when there is a display to show it on.
public enum BrowserLauncher {
    /// True when a browser can be shown: a graphical session (`DISPLAY`, `WAYLAND_DISPLAY`) or macOS.
    public static func hasDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        #if os(macOS)
        return true
        #else
        return !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
        #endif
    }

    /// Starts `xdg-open URL` (`open URL` on macOS) without waiting for it; false when it could not be started.
    public static func open(_ url: String) -> Bool {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        process.arguments = [url]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        #endif
        // The browser's chatter must not land on the explorer's screen.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        return true
    }
}
