import ExplorerCore
import ExplorerTUI
import Foundation
import Testing

@Suite("The Cookies view: Ctrl-K lists the jar in use, d deletes a cookie, D clears after asking, values masked")
struct CookieViewTests {
    static let later = Date(timeIntervalSince1970: 4_102_444_800)
    static let cookies = [
        CookieRecord(name: "session", value: "s-Zq81", domain: "127.0.0.1", path: "/", expires: nil, isSecure: false, isHTTPOnly: true),
        CookieRecord(name: "theme", value: "dark", domain: ".example.com", path: "/app", expires: later, isSecure: true),
    ]

    func screen(_ model: ExplorerModel) -> String { ExplorerView.render(model).lines.joined(separator: "\n") }

    /// The model with the view open and the jar's cookies delivered.
    func opened() -> ExplorerModel {
        var model = Fixtures.model(width: 110, height: 24)
        _ = Fixtures.press([.control("k")], &model)
        _ = Fixtures.deliver(.cookiesListed(directory: "/tmp/none", environment: "local", cookies: CookieViewTests.cookies), &model)
        return model
    }

    @Test func ctrlKAsksForTheJarOfTheCollectionAndEnvironmentInUse() {
        var model = Fixtures.model(width: 110, height: 24)
        let effects = Fixtures.press([.control("k")], &model)
        guard case let .cookies(directory, environment, keeps, remove, clear)? = effects.first else {
            Issue.record("expected a cookie effect, got \(effects)")
            return
        }
        #expect(directory == "/tmp/none" && environment == "local" && !keeps && remove == nil && !clear)
        #expect(screen(model).contains("Cookies: Demo · local") && screen(model).contains("Reading the jar…"), "\(screen(model))")
        // An answer for another jar is not shown here.
        _ = Fixtures.deliver(.cookiesListed(directory: "/tmp/none", environment: "staging", cookies: CookieViewTests.cookies), &model)
        #expect(model.modal?.cookiePanel?.cookies == nil)
    }

    @Test func rowsShowDomainPathNameExpiryAndFlagsWithValuesMaskedUntilRevealed() {
        var model = opened()
        let text = screen(model)
        #expect(text.contains("  Domain        Path  Name=value      Expires           Flags"), "\(text)")
        #expect(text.contains("› 127.0.0.1     /     session=••••••  session           HttpOnly"), "\(text)")
        #expect(text.contains(".example.com  /app  theme=••••••") && text.contains("Secure"), "\(text)")
        #expect(!text.contains("s-Zq81") && !text.contains("dark"))
        _ = Fixtures.press([.character("R")], &model)
        #expect(screen(model).contains("session=s-Zq81") && screen(model).contains("theme=dark"), "\(screen(model))")
        _ = Fixtures.press([.character("R")], &model)
        #expect(!screen(model).contains("s-Zq81"))
    }

    @Test func dDeletesTheSelectedCookieAtOnce() {
        var model = opened()
        _ = Fixtures.press([.character("j")], &model)
        let effects = Fixtures.press([.character("d")], &model)
        guard case let .cookies(_, _, _, remove, clear)? = effects.first else {
            Issue.record("expected a cookie effect, got \(effects)")
            return
        }
        #expect(remove?.name == "theme" && !clear)
        #expect(model.modal?.cookiePanel?.cookies?.map(\.name) == ["session"] && model.status == "Deleted the cookie theme (.example.com).")
        #expect(!screen(model).contains("theme="))
    }

    @Test func capitalDClearsOnlyAfterY() {
        var model = opened()
        #expect(Fixtures.press([.character("D")], &model).isEmpty)
        #expect(screen(model).contains("Clear all 2 cookies of this jar? y clears, any other key keeps them"), "\(screen(model))")
        #expect(Fixtures.press([.character("n")], &model).isEmpty && model.modal?.cookiePanel?.cookies?.count == 2 && model.status == "Cookies kept.")
        _ = Fixtures.press([.character("D")], &model)
        let effects = Fixtures.press([.character("y")], &model)
        guard case let .cookies(_, _, _, remove, clear)? = effects.first else {
            Issue.record("expected a cookie effect, got \(effects)")
            return
        }
        #expect(remove == nil && clear)
        #expect(screen(model).contains("No cookies in this jar."), "\(screen(model))")
    }

    @Test func escClosesAndOtherKeysDoNotLeak() {
        var model = opened()
        #expect(Fixtures.press([.character("q")], &model).isEmpty && model.modal == nil)
        model = opened()
        _ = Fixtures.press([.character("x")], &model)
        #expect(model.modal?.cookiePanel != nil, "a key the view does not bind does nothing")
        _ = Fixtures.press([.escape], &model)
        #expect(model.modal == nil)
    }

    @Test func withCookiesOffTheViewSaysSo() {
        var model = Fixtures.model(width: 110, height: 24)
        _ = Fixtures.press([.control("k")], &model)
        _ = Fixtures.deliver(.cookiesListed(directory: "/tmp/none", environment: "local", cookies: nil), &model)
        #expect(screen(model).contains("Cookies are off in this run (--no-cookies)"), "\(screen(model))")
    }
}
