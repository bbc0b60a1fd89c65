extension JSONValueEncoder {
    /// `encode(value).serialize(to: sink)`, byte for byte, without the whole tree: each member of the object
    /// `value` is encoded and written in turn, and a member that is an array an item at a time.
    /// summary.json of 10,000 repositories is 7 MB of text, and its tree was 30 MB at the sweep's peak.
    ///
    /// A value that does not encode as an object is encoded whole. Members are written as they are encoded,
    /// so a key encoded twice appears twice (`encode` keeps its first place): the values streamed encode none twice.
    package func stream<Value: Encodable>(_ value: Value, to sink: TextSink) throws {
        let writer = MemberWriter(sink: sink)
        try value.encode(to: StreamingEncoder(writer: writer))
        writer.finish()
    }
}

/// Writes the members of the streamed object as they come. A member handed out as a container (a nested
/// container, a super encoder) is filled after it is handed out, so it waits as a slot until the next
/// member or the end.
private final class MemberWriter {
    let sink: TextSink
    var output: [UInt8] = []
    var members = 0
    var waiting: (key: String, slot: Slot)?
    /// Set when the value turned out not to be an object: it is then encoded whole into this slot.
    var whole: Slot?
    /// The keys written, to catch one encoded twice in debug builds.
    private var keys: Set<String> = []

    init(sink: TextSink) {
        self.sink = sink
        output.reserveCapacity(JSONValue.piece + JSONValue.piece / 4)
    }

    func member(_ key: String, _ write: (inout [UInt8]) throws -> Void) rethrows {
        writeWaiting()
        assert(keys.insert(key).inserted, "\(key) encoded twice")
        output.append(UInt8(ascii: members == 0 ? "{" : ","))
        members += 1
        JSONValue.newLine(&output, 1)
        JSONValue.writeString(key, to: &output)
        output.append(contentsOf: ": ".utf8)
        try write(&output)
        if output.count >= JSONValue.piece { sink.take(&output) }
    }

    func wait(_ key: String) -> Slot {
        // A member handed out before is complete once another is asked for.
        writeWaiting()
        let slot = Slot()
        waiting = (key, slot)
        return slot
    }

    private func writeWaiting() {
        guard let (key, slot) = waiting else { return }
        waiting = nil
        member(key) { slot.value.write(to: &$0, indent: 1, sink: sink) }
    }

    func finish() {
        if let whole {
            whole.value.serialize(to: sink)
            return
        }
        writeWaiting()
        if members == 0 {
            output.append(contentsOf: "{}".utf8)
        } else {
            JSONValue.newLine(&output, 0)
            output.append(UInt8(ascii: "}"))
        }
        output.append(0x0A)
        sink.take(&output)
    }
}

/// An array member, written an item at a time (the summary's repositories and blocked apps).
protocol StreamedItems {
    func write(to output: inout [UInt8], sink: TextSink, codingPath: [any CodingKey]) throws
}

extension StreamedItems {
    /// The items as `JSONValue` writes an array at depth 1, each encoded and written in turn.
    fileprivate func write<Items: Sequence>(_ items: Items, to output: inout [UInt8], sink: TextSink, codingPath: [any CodingKey]) throws
    where Items.Element: Encodable {
        var count = 0
        for item in items {
            output.append(UInt8(ascii: count == 0 ? "[" : ","))
            JSONValue.newLine(&output, 2)
            let slot = Slot()
            try Results.encode(item, into: slot, codingPath: codingPath + [IndexKey(count)])
            slot.value.write(to: &output, indent: 2, sink: sink)
            if output.count >= JSONValue.piece { sink.take(&output) }
            count += 1
        }
        guard count > 0 else { return output.append(contentsOf: "[]".utf8) }
        JSONValue.newLine(&output, 1)
        output.append(UInt8(ascii: "]"))
    }
}

extension Array: StreamedItems where Element: Encodable {
    func write(to output: inout [UInt8], sink: TextSink, codingPath: [any CodingKey]) throws {
        try write(self, to: &output, sink: sink, codingPath: codingPath)
    }
}

extension SelectedItems: StreamedItems {
    func write(to output: inout [UInt8], sink: TextSink, codingPath: [any CodingKey]) throws {
        try write(base.lazy.filter(isIncluded), to: &output, sink: sink, codingPath: codingPath)
    }
}

private struct StreamingEncoder: Encoder {
    let writer: MemberWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamedMembers<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        SlotEncoder(slot: wholeSlot(), codingPath: []).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SlotEncoder(slot: wholeSlot(), codingPath: []).singleValueContainer()
    }

    private func wholeSlot() -> Slot {
        if let whole = writer.whole { return whole }
        let slot = Slot()
        writer.whole = slot
        return slot
    }
}

private struct StreamedMembers<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: MemberWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        writer.member(key.stringValue) { $0.append(contentsOf: "null".utf8) }
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        let writer = writer
        try writer.member(key.stringValue) { output in
            if let items = value as? any StreamedItems {
                try items.write(to: &output, sink: writer.sink, codingPath: [key])
            } else {
                let slot = Slot()
                try Results.encode(value, into: slot, codingPath: [key])
                slot.value.write(to: &output, indent: 1, sink: writer.sink)
            }
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        SlotEncoder(slot: writer.wait(key.stringValue), codingPath: [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        SlotEncoder(slot: writer.wait(key.stringValue), codingPath: [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: writer.wait("super"), codingPath: [])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotEncoder(slot: writer.wait(key.stringValue), codingPath: [key])
    }
}
