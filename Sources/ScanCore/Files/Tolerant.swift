/// A value decoded when it can be, nil when not: for list items a newer scenesweep may write in a form
/// this one does not know (a new pin source, a new dependency state), which are skipped rather than
/// failing the whole stored result.
package struct Tolerant<Value: Decodable>: Decodable {
    package let value: Value?

    package init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// The items of a list member that decode, in order; empty when the member is absent.
    package func decodeTolerantly<Value: Decodable>(_ type: [Value].Type, forKey key: Key) throws -> [Value] {
        try decodeIfPresent([Tolerant<Value>].self, forKey: key)?.compactMap(\.value) ?? []
    }
}
