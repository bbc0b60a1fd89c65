/// A `Decoder` over one node; also its own single-value container.
struct NodeDecoder: Decoder, SingleValueDecodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    let session: DecodingSession

    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let pairs: [Node.Pair]
        switch node.content {
        case .mapping(let mapping): pairs = mapping
        case .scalar(let scalar) where scalar.isNull: pairs = []
        default: throw ScalarDecoding.mismatch("a mapping", node, codingPath)
        }
        session.registerMapping(node, path: codingPath)
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, pairs: pairs))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch node.content {
        case .sequence(let items): return UnkeyedContainer(decoder: self, items: items)
        case .scalar(let scalar) where scalar.isNull: return UnkeyedContainer(decoder: self, items: [])
        default: throw ScalarDecoding.mismatch("a sequence", node, codingPath)
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { node.isNull }

    func decode(_ type: Bool.Type) throws -> Bool { try ScalarDecoding.bool(node, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try ScalarDecoding.string(node, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try ScalarDecoding.double(node, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try ScalarDecoding.double(node, path: codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try ScalarDecoding.integer(type, node, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try ScalarDecoding.integer(type, node, path: codingPath) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try session.decode(type, node: node, path: codingPath)
    }
}

struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoder
    let pairs: [Node.Pair]
    private let values: [String: Node]

    init(decoder: NodeDecoder, pairs: [Node.Pair]) {
        self.decoder = decoder
        self.pairs = pairs
        var values: [String: Node] = [:]
        for pair in pairs {
            if let name = pair.key.scalar?.text, values[name] == nil { values[name] = pair.value }
        }
        self.values = values
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        pairs.compactMap { pair in pair.key.scalar.flatMap { Key(stringValue: $0.text) } }
    }

    func contains(_ key: Key) -> Bool {
        access(key)
        return values[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        access(key)
        guard let value = values[key.stringValue] else {
            throw DecodingSession.error(at: decoder.node, path: codingPath, "missing required key '\(key.stringValue)'")
        }
        return value.isNull
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optionalValue(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optionalValue(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optionalValue(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try childDecoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try childDecoder(key)
    }

    private func access(_ key: Key) {
        decoder.session.noteAccess(key.stringValue, path: codingPath)
    }

    private func childDecoder(_ key: Key) throws -> NodeDecoder {
        access(key)
        guard let value = values[key.stringValue] else {
            throw DecodingSession.error(at: decoder.node, path: codingPath, "missing required key '\(key.stringValue)'")
        }
        return NodeDecoder(node: value, codingPath: codingPath + [key], session: decoder.session)
    }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        access(key)
        guard let value = values[key.stringValue] else {
            return try decoder.session.missing(type, key: key, in: decoder.node, path: codingPath)
        }
        return try decoder.session.decode(type, node: value, path: codingPath + [key])
    }

    private func optionalValue<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        access(key)
        guard let value = values[key.stringValue], !value.isNull else { return nil }
        do {
            return try decoder.session.decode(type, node: value, path: codingPath + [key])
        } catch is AbortDecoding {
            return nil
        }
    }
}

struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoder
    let items: [Node]
    private(set) var currentIndex = 0

    init(decoder: NodeDecoder, items: [Node]) {
        self.decoder = decoder
        self.items = items
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw endError() }
        if items[currentIndex].isNull {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (node, path) = try next()
        return try decoder.session.decode(type, node: node, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path, session: decoder.session).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (node, path) = try next()
        return try NodeDecoder(node: node, codingPath: path, session: decoder.session).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (node, path) = try next()
        return NodeDecoder(node: node, codingPath: path, session: decoder.session)
    }

    /// The current element and its path; advances first, so a failed element is not retried.
    private mutating func next() throws -> (Node, [any CodingKey]) {
        guard !isAtEnd else { throw endError() }
        let index = currentIndex
        currentIndex += 1
        return (items[index], codingPath + [IndexKey(index)])
    }

    private func endError() -> YAMLError {
        DecodingSession.error(at: decoder.node, path: codingPath, "expected more than \(items.count) items")
    }
}
