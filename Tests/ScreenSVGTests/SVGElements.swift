import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of an SVG document, read with Foundation's XMLParser: proof that the output is well-formed XML.
final class SVGElements: NSObject, XMLParserDelegate {
    /// One element: its name, attributes, and the character data directly inside it.
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
    }

    /// Every element in document order.
    private(set) var all: [Element] = []
    private var open: [Int] = []

    /// Parses `svg`; throws when it is not well-formed XML.
    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
    }

    /// The elements called `name`.
    func named(_ name: String) -> [Element] {
        all.filter { $0.name == name }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        open.append(all.count)
        all.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        _ = open.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let current = open.last else { return }
        all[current].text += string
    }
}
