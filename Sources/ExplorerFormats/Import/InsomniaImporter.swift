import Foundation

/// Imports Insomnia v4 exports (Export Data → Insomnia v4 JSON): workspaces, folders (request groups) and requests,
/// and environments (the base environment's values become collection or folder variables, each sub-environment an
/// environment).
///
/// Pure functions of the bytes: file bodies are listed as attachments for the writer to copy. Errors give the file,
/// the line and the JSON path (`resources[3].body.params`).
public enum InsomniaImporter {
    /// True when `data` starts like an Insomnia export (`"_type": "export"` or `"__export_format"` near the top), so a
    /// `.json` file is imported as Insomnia rather than Postman.
    public static func looksLikeInsomnia(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        return head.contains("\"__export_format\"") || head.contains("\"_type\": \"export\"") || head.contains("\"_type\":\"export\"")
    }

    /// The workspaces in `data` as one collection: one workspace is the collection itself, several are its folders.
    /// `source` names the file in errors and gives the name when there is no workspace.
    public static func importExport(_ data: Data, source: String) throws(ImportError) -> ImportResult {
        var reader = InsomniaReader(source: source)
        let root = try LocatedJSONParser.parse(Array(data), source: source)
        let collection = try reader.collection(root)
        return ActiveTemplates.noted(ImportResult(collection: collection, attachments: reader.attachments, report: reader.report))
    }
}
