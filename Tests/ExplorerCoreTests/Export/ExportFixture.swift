@testable import ExplorerCore
@testable import ExplorerWorkspace
import Foundation
import Testing

/// A collection `Shop` with requests covering every body kind and credential, resolved for the export tests.
struct ExportFixture {
    let temp: TempCollections
    let result: CollectionLoadResult

    /// Writes the collection; `baseURL` is the `local` environment's base URL.
    init(baseURL: String = "http://127.0.0.1:8787/v2") throws {
        temp = try TempCollections()
        try temp.write("Shop/collection.yaml", """
        name: Shop
        headers:
          - name: Accept
            value: application/json
        variables:
          - name: sku
            value: ABC-1
        environments:
          - name: local
            baseURL: \(baseURL)
            variables:
              - name: token
                value: sekrit-token
                secret: true
              - name: password
                value: it's a secret
                secret: true
          - name: other
            baseURL: http://127.0.0.1:9/v2
        """)
        try temp.write("Shop/orders/folder.yaml", "headers:\n  - name: X-Team\n    value: orders\n")
        try temp.write("Shop/orders/create-order.yaml", """
        method: POST
        url: /orders?notify=true
        query:
          - name: note
            value: "it's {{sku}} & more"
        headers:
          - name: X-Request
            value: one two
        auth:
          type: bearer
          token: "{{token}}"
        body:
          type: json
          content: |
            {"sku": "{{sku}}", "quantity": 1}
        """)
        try temp.write("Shop/orders/get-order.yaml", "url: /orders/7\nheaders:\n  - name: X-Empty\n    value: \"\"\n")
        try temp.write("Shop/orders/login.yaml", """
        method: PUT
        url: /login
        auth:
          type: basic
          username: ada
          password: "{{password}}"
        body:
          type: text
          content: "line one\\nline 'two' \\\\ \\"three\\""
          contentType: text/plain
        """)
        try temp.write("Shop/orders/search.yaml", """
        url: /search
        auth:
          type: apikey
          name: api key
          value: "{{token}} +x"
          in: query
        followRedirects: false
        timeout: 5
        """)
        try temp.write("Shop/orders/signup.yaml", """
        method: POST
        url: /signup
        body:
          type: form
          fields:
            - name: user name
              value: Ada Lovelace
            - name: password
              value: "{{password}}"
            - name: skipped
              value: x
              enabled: false
        """)
        try temp.write("Shop/orders/upload.yaml", """
        method: POST
        url: /upload
        body:
          type: multipart
          fields:
            - name: note
              value: "@not-a-file;type=x"
            - name: invoice
              file: _files/invoice.txt
              contentType: text/plain
        """)
        try temp.write("Shop/orders/raw.yaml", """
        method: PATCH
        url: /raw
        body:
          type: file
          file: _files/invoice.txt
          contentType: application/octet-stream
        """)
        try temp.write("Shop/orders/_files/invoice.txt", "invoice 42\n")
        result = temp.load()
    }

    /// The request at `Shop/orders/<slug>` resolved in `environment`.
    func resolved(_ slug: String, environment: String = "local") throws -> ResolvedRequest {
        let collection = try #require(result.collection(named: "Shop"))
        let located = try #require(collection.locate(["orders", slug]))
        let resolver = RequestResolver(collection: collection, folders: located.folders, request: located.request,
                                       environment: collection.environment(named: environment), processEnvironment: [:])
        return try resolver.resolve()
    }

    /// Where the fixture's upload file is.
    var invoicePath: String { temp.path("Shop/orders/_files/invoice.txt") }
}
