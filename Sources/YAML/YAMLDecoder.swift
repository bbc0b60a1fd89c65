/// Decodes `Decodable` values from YAML with YAML 1.2 core-schema typing for plain scalars.
///
/// Quoted and block scalars are always strings; plain ones are typed: `true`/`false` (any case
/// style), `null`/`~`/empty, decimal, `0x` and `0o` integers, floats, `.inf`, `.nan`. Every error
/// carries the line and column of the offending node and its coding path, such as `repos[2].url`.
package struct YAMLDecoder: Sendable {
    package var parser: YAMLParser
    /// Go on after an error to report every problem at once. Wrong values are replaced by placeholders
    /// (0, "", [], nil, an enum's first case) while decoding continues, and the result is thrown away;
    /// turn this off for types whose hand-written `init(from:)` recovers from errors with `try?`.
    package var collectsAllErrors: Bool
    /// Report keys no decoded type asked for as errors (with a "did you mean" suggestion).
    package var unknownKeysAreErrors: Bool
    package var userInfo: [CodingUserInfoKey: any Sendable]

    package init(parser: YAMLParser = YAMLParser(), collectsAllErrors: Bool = true, unknownKeysAreErrors: Bool = false) {
        self.parser = parser
        self.collectsAllErrors = collectsAllErrors
        self.unknownKeysAreErrors = unknownKeysAreErrors
        self.userInfo = [:]
    }

    /// Parses the first document of `bytes` and decodes it; throws `YAMLErrorList`.
    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let node: Node
        do {
            node = try parser.parse(bytes)
        } catch let error as YAMLError {
            throw YAMLErrorList([error])
        }
        return try decode(type, from: node)
    }

    /// Decodes a parsed node; throws `YAMLErrorList` with every problem found.
    package func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        let outcome = decodeReportingProblems(type, from: node)
        var errors = outcome.errors
        if unknownKeysAreErrors { errors += outcome.unknownKeys.map(\.error) }
        guard errors.isEmpty, let value = outcome.value else { throw YAMLErrorList(errors) }
        return value
    }

    /// Decodes and returns the value (nil if there were errors), the errors, and the unknown keys.
    package func decodeReportingProblems<T: Decodable>(_ type: T.Type, from node: Node) -> DecodingOutcome<T> {
        let session = DecodingSession(root: node, collectsAllErrors: collectsAllErrors, userInfo: userInfo)
        var value: T?
        do {
            value = try session.decode(T.self, node: node, path: [])
        } catch is AbortDecoding {
            value = nil
        } catch {
            session.record(error, node: node, path: [], type: T.self)
            value = nil
        }
        let errors = session.errors
        return DecodingOutcome(
            value: errors.isEmpty ? value : nil, errors: YAMLErrorList(errors).errors, unknownKeys: session.unknownKeys())
    }
}

/// Thrown up the decoding stack after an error has been recorded, until a level can substitute a placeholder.
struct AbortDecoding: Error {}
