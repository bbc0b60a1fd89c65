import Foundation
import Results

/// Reading a `JSONValue` back, for tests that look into what a fake server received or answered.
extension JSONValue {
    /// The JSON document in `data`; object members come sorted by key.
    package static func decoding(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(DecodedJSONValue.self, from: data).value
    }

    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    package subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    package var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    package var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .number(let value): return Int(exactly: value)
        default: return nil
        }
    }

    package var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    package var arrayValue: [JSONValue]? {
        guard case .array(let items) = self else { return nil }
        return items
    }
}

/// `JSONValue` is only Encodable in Results; this decodes one, trying each JSON type in turn.
struct DecodedJSONValue: Decodable {
    let value: JSONValue

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            value = .object(
                try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                    ($0.stringValue, try object.decode(DecodedJSONValue.self, forKey: $0).value)
                })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(DecodedJSONValue.self).value) }
            value = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = .null
            } else if let bool = try? single.decode(Bool.self) {
                value = .bool(bool)
            } else if let int = try? single.decode(Int.self) {
                value = .int(int)
            } else if let number = try? single.decode(Double.self) {
                value = .number(number)
            } else {
                value = .string(try single.decode(String.self))
            }
        }
    }
}
