import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a JUnit XML report holds, read with Foundation's XMLParser: proof that CI systems can parse it.
final class JUnitSummary: NSObject, XMLParserDelegate {
    /// `classname.name` of every test case, in order.
    private(set) var testcases: [String] = []
    /// Test cases with a `<failure>`.
    private(set) var failures: [String] = []
    /// Test cases with an `<error>`.
    private(set) var errors: [String] = []
    /// The `message` of each test case's `<failure>`, by `classname.name`.
    private(set) var failureMessages: [String: String] = [:]
    /// The attributes of the first `<testsuite>`.
    private(set) var suiteAttributes: [String: String] = [:]
    private var current = ""

    /// Parses the file; throws when it is not well-formed XML.
    init(contentsOf path: String) throws {
        super.init()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch elementName {
        case "testsuite" where suiteAttributes.isEmpty: suiteAttributes = attributes
        case "testcase":
            current = "\(attributes["classname"] ?? "").\(attributes["name"] ?? "")"
            testcases.append(current)
        case "failure":
            failures.append(current)
            failureMessages[current] = attributes["message"]
        case "error": errors.append(current)
        default: break
        }
    }
}
