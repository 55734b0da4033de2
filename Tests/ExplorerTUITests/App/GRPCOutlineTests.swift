import ExplorerTUI
import Testing

/// Field-name completion in a gRPC message: the object at the cursor is found by the keys that lead to it, and the
/// names it does not have yet are offered.
@Suite struct GRPCOutlineTests {
    let outline = GRPCOutline(messages: [
        "shop.v1.Item": [
            GRPCFieldOutline(name: "id", message: nil), GRPCFieldOutline(name: "name", message: nil),
            GRPCFieldOutline(name: "priceCents", message: nil), GRPCFieldOutline(name: "size", message: "shop.v1.Dimensions"),
            GRPCFieldOutline(name: "parts", message: "shop.v1.Dimensions", isMap: true),
            GRPCFieldOutline(name: "history", message: "shop.v1.Dimensions", isList: true),
        ],
        "shop.v1.Dimensions": [GRPCFieldOutline(name: "width", message: nil), GRPCFieldOutline(name: "height", message: nil)],
    ])

    func complete(_ text: String) -> GRPCFieldCompletion? {
        // The cursor is where `|` is.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            if let bar = line.firstIndex(of: "|") {
                let clean = text.replacingOccurrences(of: "|", with: "")
                return outline.completion(in: clean, line: number, column: line.distance(from: line.startIndex, to: bar), root: "shop.v1.Item")
            }
        }
        return nil
    }

    @Test func theTopLevelOffersTheFieldsNotYetWritten() {
        #expect(complete("{|") == GRPCFieldCompletion(prefix: "", candidates: ["id", "name", "priceCents", "size", "parts", "history"],
                                                       message: "shop.v1.Item", quoted: false))
        #expect(complete("{\"id\": \"a\", \"p|")?.candidates == ["priceCents", "parts"])
        #expect(complete("{\"id\": \"a\", \"p|")?.quoted == true)
        #expect(complete("{\n  \"id\": \"x\",\n  |\n}")?.candidates.first == "name")
    }

    @Test func nestedObjectsArraysAndMapValuesAreTheirFieldsMessages() {
        #expect(complete("{\"size\": {\"w|")?.candidates == ["width"])
        #expect(complete("{\"size\": {\"width\": 1, |")?.candidates == ["height"])
        #expect(complete("{\"history\": [{\"width\": 1}, {|")?.candidates == ["width", "height"])
        #expect(complete("{\"parts\": {\"7\": {|")?.message == "shop.v1.Dimensions")
        // After the nested object closes, the outer names are back.
        #expect(complete("{\"size\": {\"width\": 1}, |")?.candidates == ["id", "name", "priceCents", "parts", "history"])
    }

    @Test func nothingIsOfferedInValuesMapKeysOrUnknownObjects() {
        #expect(complete("{\"name\": \"M|") == nil)
        #expect(complete("{\"name\": |") == nil)
        #expect(complete("{\"parts\": {\"|") == nil)
        #expect(complete("{\"unknown\": {|") == nil)
        #expect(complete("{}, {|") == nil)
        #expect(complete("{\"id\": \"a\\\"b\", \"n|")?.candidates == ["name"])
    }
}
