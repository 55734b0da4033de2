import ExplorerCore
import ExplorerWorkspace
import Foundation

/// A GraphQL request's schema in the request pane: i fetches it by introspection, the cache is read the first time a
/// query is edited or browsed, Tab completes names from it, and the names it lacks are marked as the query is typed.
extension RequestPane {
    /// The schema key of the selected request when its body is GraphQL: its collection, the environment in use and
    /// its URL as written.
    var schemaKey: GraphQLSchemaKey? {
        guard let resolver = selectedResolver, case .graphql = resolver.request.body else { return nil }
        return GraphQLSchemaKey(collection: resolver.collection.slug, environment: resolver.environment?.name, url: resolver.request.url)
    }

    /// The selected request's schema, if known.
    var schema: GraphQLSchema? { requestEditor.schemas.schema(schemaKey) }

    /// I on the Body tab: a GraphQL request's schema fetched again (through the same send path as the request, with
    /// its URL, headers, credentials and environment); any other body is edited, as Enter does.
    mutating func introspect() -> [AppEffect] {
        guard let key = schemaKey, let resolver = selectedResolver else {
            openBodyEditor()
            return lookForSchema()
        }
        guard !requestEditor.schemas.fetching.contains(key) else {
            status = "Already fetching the schema…"
            return []
        }
        requestEditor.schemas.fetching.insert(key)
        requestEditor.schemas.looked.insert(key)
        status = "Fetching the schema by introspection…"
        return [.introspect(key: key, resolver: resolver)]
    }

    /// S on the Body tab: the Schema view of the selected GraphQL request, once its schema is known.
    mutating func browseSchema() -> [AppEffect] {
        guard let key = schemaKey else {
            status = "Only a GraphQL request has a schema (t chooses the body kind)."
            return []
        }
        if let known = requestEditor.schemas.schemas[key] {
            context.modal = .schema(SchemaBrowser(schema: known.schema, title: key.url, fetched: known.fetched))
            return []
        }
        let effects = lookForSchema()
        if effects.isEmpty {
            status = "No schema yet: i fetches it by introspection."
        } else {
            requestEditor.schemas.opensView = key
            status = "Reading the cached schema…"
        }
        return effects
    }

    /// The cached schema of the selected GraphQL request is read the first time it is wanted.
    mutating func lookForSchema() -> [AppEffect] {
        guard let key = schemaKey, !requestEditor.schemas.looked.contains(key) else { return [] }
        requestEditor.schemas.looked.insert(key)
        return [.readSchema(key: key)]
    }

    /// A schema arrived (or could not be had): kept for its key; the query being edited is checked against it.
    public mutating func schemaFetched(key: GraphQLSchemaKey, schema: GraphQLSchema?, fetched: Date?, failure: String?) {
        let wasFetching = requestEditor.schemas.fetching.remove(key) != nil
        if let schema {
            requestEditor.schemas.schemas[key] = (schema, fetched ?? context.pane.now)
            requestEditor.schemas.failures[key] = nil
            if wasFetching {
                status = "Schema fetched: \(schema.types.filter { !$0.isIntrospection }.count) types; Tab completes, S browses."
            }
        } else if let failure {
            requestEditor.schemas.failures[key] = failure
            status = "Schema not fetched: \(failure)"
        }
        if requestEditor.schemas.opensView == key {
            requestEditor.schemas.opensView = nil
            if let known = requestEditor.schemas.schemas[key], context.modal == nil, key == schemaKey {
                context.modal = .schema(SchemaBrowser(schema: known.schema, title: key.url, fetched: known.fetched))
            } else if schema == nil, failure == nil {
                // "Reading the cached schema…" gets its answer: there was none.
                status = "No schema cached: i fetches it by introspection."
            }
        }
        if key == schemaKey { markUnknownNames() }
    }

    /// Marks the names of the query being edited that the schema lacks (a query too large to read on every key is
    /// left unmarked).
    mutating func markUnknownNames() {
        guard var editor = requestEditor.edit?.body, !editor.editsVariables else { return }
        let text = editor.area.text
        editor.marks = schema.map { text.utf8.count <= BodyEditor.inlineCheckLimit ? $0.marks(in: text) : [] } ?? []
        requestEditor.edit = .body(editor)
    }

    /// Tab in the GraphQL query: the name at the cursor completed from the schema — all of it when one name fits,
    /// what the names share when several do (listed under the query). False when there is nothing to complete here
    /// (no schema, or no name expected), so Tab indents.
    mutating func completeQueryName() -> Bool {
        guard var editor = requestEditor.edit?.body, !editor.editsVariables, let schema else { return false }
        let cursor = editor.area.cursor
        guard let completion = schema.completion(in: editor.area.text, line: cursor.line, column: cursor.column) else { return false }
        guard !completion.candidates.isEmpty else {
            editor.offered = nil
            requestEditor.edit = .body(editor)
            status = "No \(completion.what.replacingOccurrences(of: "s of ", with: " of ")) starts with \"\(completion.prefix)\"."
            return true
        }
        let insert = completion.candidates.count == 1 ? completion.candidates[0] : completion.commonPrefix
        editor.area.insert(String(insert.dropFirst(completion.prefix.count)))
        editor.offered = completion.candidates.count == 1 ? nil : completion
        requestEditor.edit = .body(editor)
        markUnknownNames()
        return true
    }
}
