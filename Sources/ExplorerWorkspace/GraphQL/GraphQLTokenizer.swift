/// Splits a GraphQL document into tokens, skipping white space, commas and comments. It never fails: a query being
/// typed is rarely complete, so an unterminated string runs to the end of its line and an unknown character is
/// skipped; completion and the unknown-field marks work on whatever is there.
public enum GraphQLTokenizer {
    /// The tokens of `text`.
    public static func tokens(in text: String) -> [GraphQLToken] {
        var tokens: [GraphQLToken] = []
        let characters = Array(text)
        var index = 0
        var line = 0
        var lineStart = 0
        func isNameStart(_ character: Character) -> Bool { character == "_" || (character.isASCII && character.isLetter) }
        func isNameBody(_ character: Character) -> Bool { isNameStart(character) || (character.isASCII && character.isNumber) }
        while index < characters.count {
            let character = characters[index]
            let column = index - lineStart
            if character == "\n" {
                index += 1
                line += 1
                lineStart = index
            } else if character.isWhitespace || character == "," || character == "\u{FEFF}" {
                index += 1
            } else if character == "#" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if isNameStart(character) {
                let start = index
                while index < characters.count, isNameBody(characters[index]) { index += 1 }
                tokens.append(GraphQLToken(.name, String(characters[start..<index]), line: line, column: column))
            } else if character == "-" || (character.isASCII && character.isNumber) {
                let start = index
                index += 1
                while index < characters.count, characters[index].isASCII,
                      characters[index].isNumber || characters[index].isLetter || ".+-".contains(characters[index]) {
                    index += 1
                }
                tokens.append(GraphQLToken(.number, String(characters[start..<index]), line: line, column: column))
            } else if character == "\"" {
                let start = index
                let startLine = line
                if index + 2 < characters.count, characters[index + 1] == "\"", characters[index + 2] == "\"" {
                    // A block string may span lines; it ends at the next `"""` not escaped.
                    index += 3
                    while index < characters.count {
                        if characters[index] == "\\", index + 3 < characters.count, characters[index + 1] == "\"" { index += 4; continue }
                        if characters[index] == "\"", index + 2 < characters.count, characters[index + 1] == "\"", characters[index + 2] == "\"" {
                            index += 3
                            break
                        }
                        if characters[index] == "\n" {
                            line += 1
                            lineStart = index + 1
                        }
                        index += 1
                    }
                } else {
                    index += 1
                    while index < characters.count, characters[index] != "\"", characters[index] != "\n" {
                        index += characters[index] == "\\" ? 2 : 1
                    }
                    if index < characters.count, characters[index] == "\"" { index += 1 }
                }
                index = min(index, characters.count)
                tokens.append(GraphQLToken(.string, String(characters[start..<index]), line: startLine, column: column))
            } else if character == ".", index + 2 < characters.count, characters[index + 1] == ".", characters[index + 2] == "." {
                tokens.append(GraphQLToken(.punctuator, "...", line: line, column: column))
                index += 3
            } else if "!$&()[]{}:=@|".contains(character) {
                tokens.append(GraphQLToken(.punctuator, String(character), line: line, column: column))
                index += 1
            } else {
                index += 1
            }
        }
        return tokens
    }
}
