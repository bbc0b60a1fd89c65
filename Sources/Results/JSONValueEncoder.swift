import Foundation

/// Encodes an `Encodable` value into a `JSONValue` whose object members keep the order in which
/// `encode(to:)` wrote them, so a type's Codable conformance is the one definition of its JSON form:
/// the same conformance writes the report (through `JSONValue.serialized()`, byte for byte as before)
/// and reads it back (through Foundation's `JSONDecoder`, for which order does not matter).
package struct JSONValueEncoder {
    package init() {}

    package func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let slot = Slot()
        try value.encode(to: SlotEncoder(slot: slot, codingPath: []))
        return slot.value
    }
}

/// One value under construction: a scalar, or an object or array whose members are slots themselves,
/// so that nested containers can be filled after they were handed out.
final class Slot {
    enum Content {
        case empty
        case scalar(JSONValue)
        case object([(String, Slot)])
        case array([Slot])
    }

    var content: Content = .empty

    var value: JSONValue {
        switch content {
        case .empty: return .object([])
        case .scalar(let value): return value
        case .object(let members): return .object(members.map { ($0.0, $0.1.value) })
        case .array(let items): return .array(items.map(\.value))
        }
    }

    /// The member named `key`, made when missing; a key encoded twice keeps its first place.
    func member(_ key: String) -> Slot {
        guard case .object(var members) = content else {
            let slot = Slot()
            content = .object([(key, slot)])
            return slot
        }
        if let existing = members.first(where: { $0.0 == key }) {
            existing.1.content = .empty
            return existing.1
        }
        // Emptied first, so the array is uniquely referenced and grows in place (not copied per member).
        content = .empty
        let slot = Slot()
        members.append((key, slot))
        content = .object(members)
        return slot
    }

    func appended() -> Slot {
        var items: [Slot] = []
        if case .array(let existing) = content { items = existing }
        content = .empty
        let slot = Slot()
        items.append(slot)
        content = .array(items)
        return slot
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    var count: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}

struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = String(index)
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

struct SlotEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(KeyedSlot<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return UnkeyedSlot(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlot(slot: slot, codingPath: codingPath)
    }
}

/// The one conversion of scalars: integers as integers, floating point as numbers, dates as ISO 8601 in
/// UTC (as the run store writes them).
private func scalar<Value: Encodable>(_ value: Value) -> JSONValue? {
    switch value {
    case let value as String: return .string(value)
    // A part encoded earlier (the same in every report) is taken as it is.
    case let value as JSONValue: return value
    case let value as Bool: return .bool(value)
    case let value as Int: return .int(value)
    case let value as Int8: return .int(Int(value))
    case let value as Int16: return .int(Int(value))
    case let value as Int32: return .int(Int(value))
    case let value as Int64: return .int(Int(value))
    case let value as UInt: return .int(Int(value))
    case let value as UInt8: return .int(Int(value))
    case let value as UInt16: return .int(Int(value))
    case let value as UInt32: return .int(Int(value))
    case let value as UInt64: return .int(Int(value))
    case let value as Double: return .number(value)
    case let value as Float: return .number(Double(value))
    case let value as Date: return .string(Timestamp.iso(value))
    default: return nil
    }
}

func encode<Value: Encodable>(_ value: Value, into slot: Slot, codingPath: [any CodingKey]) throws {
    if let scalar = scalar(value) {
        slot.content = .scalar(scalar)
    } else {
        try value.encode(to: SlotEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct KeyedSlot<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).content = .scalar(.null) }

    // The common scalars skip the generic path: no cast to find the scalar, no coding path made.
    mutating func encode(_ value: String, forKey key: Key) throws { slot.member(key.stringValue).content = .scalar(.string(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.member(key.stringValue).content = .scalar(.bool(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.member(key.stringValue).content = .scalar(.int(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { slot.member(key.stringValue).content = .scalar(.number(value)) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try Results.encode(value, into: slot.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let member = slot.member(key.stringValue)
        member.makeObject()
        return KeyedEncodingContainer(KeyedSlot<NestedKey>(slot: member, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let member = slot.member(key.stringValue)
        member.makeArray()
        return UnkeyedSlot(slot: member, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedSlot: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]
    var count: Int { slot.count }

    mutating func encodeNil() throws { slot.appended().content = .scalar(.null) }

    mutating func encode(_ value: String) throws { slot.appended().content = .scalar(.string(value)) }
    mutating func encode(_ value: Int) throws { slot.appended().content = .scalar(.int(value)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        let key = IndexKey(count)
        try Results.encode(value, into: slot.appended(), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = IndexKey(count)
        let item = slot.appended()
        item.makeObject()
        return KeyedEncodingContainer(KeyedSlot<NestedKey>(slot: item, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexKey(count)
        let item = slot.appended()
        item.makeArray()
        return UnkeyedSlot(slot: item, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.appended(), codingPath: codingPath + [IndexKey(count)])
    }
}

private struct SingleSlot: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .scalar(.null) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try Results.encode(value, into: slot, codingPath: codingPath)
    }
}
