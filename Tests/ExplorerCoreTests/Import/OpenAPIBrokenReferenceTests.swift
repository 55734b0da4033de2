@testable import ExplorerCore
@testable import ExplorerFormats
import Foundation
import Testing

/// Broken `$ref`s anywhere an operation reaches, responses included, reported at import by their JSON pointer.
@Suite("OpenAPI broken references")
struct OpenAPIBrokenReferenceTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Refs}
        servers: [{url: 'https://pets.test'}]
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer}}
              responses:
                '200':
                  description: One pet.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          owner: {$ref: '#/components/schemas/Owner'}
                          tags:
                            type: array
                            items: {$ref: '#/components/schemas/Tag'}
                  headers:
                    X-Rate: {schema: {$ref: '#/components/schemas/Rate'}}
                '404':
                  $ref: '#/components/responses/Gone'
                default:
                  description: An error.
                  content:
                    application/problem+json:
                      schema: {$ref: '#/components/schemas/Problem'}
            put:
              operationId: putPet
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer}}
              requestBody:
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name]
                      properties:
                        name: {type: string}
                        owner: {$ref: '#/components/schemas/Owner'}
              responses:
                '200':
                  description: Stored.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Problem'}
        components:
          responses:
            Found: {description: Found.}
          schemas:
            Problem:
              type: object
              properties:
                detail: {type: string}
                cause:
                  allOf:
                    - {$ref: '#/components/schemas/Cause'}
                next: {$ref: '#/components/schemas/Problem'}
        """

    @Test func everyBrokenReferenceAnOperationReachesIsReportedOnceByPointer() throws {
        let result = try OpenAPIImporter.importSpec(Data(Self.spec.utf8), source: "refs.yaml")
        let items = result.report.items.map { "\($0.path): \($0.message)" }
        func broken(_ pointer: String, _ target: String) -> String {
            "\(pointer)/$ref: broken '$ref' '#/components/\(target)': #/components/\(target) does not exist"
        }
        let response = "#/paths/~1pets~1{petId}/get/responses"
        let expected = [
            broken(response + "/200/content/application~1json/schema/properties/owner", "schemas/Owner"),
            broken(response + "/200/content/application~1json/schema/properties/tags/items", "schemas/Tag"),
            broken(response + "/200/headers/X-Rate/schema", "schemas/Rate"),
            broken(response + "/404", "responses/Gone"),
            // Reached from two responses, and a schema that names itself: still once, where it is.
            broken("#/components/schemas/Problem/properties/cause/allOf/0", "schemas/Cause"),
            // An optional property, which no example body is made from.
            broken("#/paths/~1pets~1{petId}/put/requestBody/content/application~1json/schema/properties/owner", "schemas/Owner"),
        ]
        for item in expected { #expect(items.contains(item), "missing \(item) in \(items)") }
        #expect(items.count == expected.count, "\(items)")
        // The requests themselves import.
        #expect(result.collection.root.requests.map(\.method) == ["GET", "PUT"])
    }
}
