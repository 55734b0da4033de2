import Foundation
import Testing
@testable import ExplorerCore

/// The examples of RFC 9535 section 1.5 over its bookstore document, with exact results and paths.
@Suite struct JSONPathRFCExampleTests {
    private let store = JSONPathTestSupport.bookstore
    private let book0 = #"{"category":"reference","author":"Nigel Rees","title":"Sayings of the Century","price":8.95}"#
    private let book1 = #"{"category":"fiction","author":"Evelyn Waugh","title":"Sword of Honour","price":12.99}"#
    private let book2 = #"{"category":"fiction","author":"Herman Melville","title":"Moby Dick","isbn":"0-553-21311-3","price":8.99}"#
    private let book3 = #"{"category":"fiction","author":"J. R. R. Tolkien","title":"The Lord of the Rings","isbn":"0-395-19395-8","price":22.99}"#
    private let bicycle = #"{"color":"red","price":399}"#
    private let authors = [#""Nigel Rees""#, #""Evelyn Waugh""#, #""Herman Melville""#, #""J. R. R. Tolkien""#]

    private func values(_ path: String) throws -> [String] { try JSONPathTestSupport.values(path, in: store) }
    private func paths(_ path: String) throws -> [String] { try JSONPathTestSupport.paths(path, in: store) }

    @Test func authorsOfAllBooks() throws {
        #expect(try values("$.store.book[*].author") == authors)
        #expect(try paths("$.store.book[*].author") == (0..<4).map { "$['store']['book'][\($0)]['author']" })
    }

    @Test func allAuthors() throws {
        #expect(try values("$..author") == authors)
    }

    @Test func everythingInTheStore() throws {
        #expect(try values("$.store.*") == ["[\(book0),\(book1),\(book2),\(book3)]", bicycle])
        #expect(try paths("$.store.*") == ["$['store']['book']", "$['store']['bicycle']"])
    }

    @Test func allPricesInTheStore() throws {
        // Document order: the books come before the bicycle in the body.
        #expect(try values("$.store..price") == ["8.95", "12.99", "8.99", "22.99", "399"])
        #expect(try paths("$.store..price") == [
            "$['store']['book'][0]['price']", "$['store']['book'][1]['price']", "$['store']['book'][2]['price']",
            "$['store']['book'][3]['price']", "$['store']['bicycle']['price']",
        ])
    }

    @Test func thirdBook() throws {
        #expect(try values("$..book[2]") == [book2])
        #expect(try paths("$..book[2]") == ["$['store']['book'][2]"])
    }

    @Test func thirdBooksAuthor() throws {
        #expect(try values("$..book[2].author") == [#""Herman Melville""#])
    }

    @Test func thirdBooksPublisherIsEmpty() throws {
        #expect(try values("$..book[2].publisher").isEmpty)
    }

    @Test func lastBook() throws {
        #expect(try values("$..book[-1]") == [book3])
        #expect(try paths("$..book[-1]") == ["$['store']['book'][3]"])
    }

    @Test func firstTwoBooksByUnionAndBySlice() throws {
        #expect(try values("$..book[0,1]") == [book0, book1])
        #expect(try values("$..book[:2]") == [book0, book1])
        #expect(try paths("$..book[:2]") == ["$['store']['book'][0]", "$['store']['book'][1]"])
    }

    @Test func booksWithAnISBN() throws {
        #expect(try values("$..book[?@.isbn]") == [book2, book3])
    }

    @Test func booksCheaperThanTen() throws {
        #expect(try values("$..book[?@.price<10]") == [book0, book2])
        #expect(try paths("$..book[?@.price<10]") == ["$['store']['book'][0]", "$['store']['book'][2]"])
    }

    @Test func allMemberValuesAndArrayElements() throws {
        // Document order: each node's children, then each descendant's children, node before descendants.
        let bookFields: [[String]] = [
            [#""reference""#, #""Nigel Rees""#, #""Sayings of the Century""#, "8.95"],
            [#""fiction""#, #""Evelyn Waugh""#, #""Sword of Honour""#, "12.99"],
            [#""fiction""#, #""Herman Melville""#, #""Moby Dick""#, #""0-553-21311-3""#, "8.99"],
            [#""fiction""#, #""J. R. R. Tolkien""#, #""The Lord of the Rings""#, #""0-395-19395-8""#, "22.99"],
        ]
        let storeObject = #"{"book":[\#(book0),\#(book1),\#(book2),\#(book3)],"bicycle":\#(bicycle)}"#
        let expected = [storeObject, "[\(book0),\(book1),\(book2),\(book3)]", bicycle, book0, book1, book2, book3]
            + bookFields.flatMap { $0 } + [#""red""#, "399"]
        #expect(try values("$..*") == expected)
        let allPaths = try paths("$..*")
        #expect(allPaths.count == 27)
        #expect(allPaths.first == "$['store']")
        #expect(allPaths.last == "$['store']['bicycle']['price']")
    }
}
