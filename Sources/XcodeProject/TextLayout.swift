/// Lines to insert into a `project.pbxproj`, placed where Xcode keeps them: objects in their
/// `/* Begin … section */` in id order, list items after a given item or at the end of the list.
///
/// Every insertion is a whole line at the start of a line, indented like its neighbours and ended like the
/// file's lines, so the edited text minus the inserted lines is the original text.
struct TextLayout {
    private struct Insertion {
        let offset: Int
        /// Order among insertions at the same offset.
        let rank: Int
        let bytes: [UInt8]
    }

    private let text: ProjectText
    private let objects: ProjectText.Node
    private let lineEnding: [UInt8]
    private var insertions: [Insertion] = []

    init(_ text: ProjectText) throws(ProjectEditError) {
        guard let objects = text.root["objects"], case .dictionary = objects else {
            throw .unexpectedLayout("no objects dictionary")
        }
        self.text = text
        self.objects = objects
        self.lineEnding = text.lineEnding
    }

    /// Inserts one-line objects (`ID /* … */ = {…};`, given without indentation) into their section.
    mutating func insert(_ lines: [(id: String, line: String)], inSection section: String) throws(ProjectEditError) {
        guard !lines.isEmpty else { return }
        let sorted = lines.sorted { $0.id < $1.id }
        let begins = text.occurrences(of: "/* Begin \(section) section */", in: objects.range)
        let ends = text.occurrences(of: "/* End \(section) section */", in: objects.range)
        if begins.isEmpty, ends.isEmpty {
            try insertSection(section, holding: sorted.map(\.line))
            return
        }
        guard begins.count == 1, ends.count == 1, begins[0] < ends[0], isBetweenObjects(begins[0]), isBetweenObjects(ends[0]),
            let end = text.lineStart(before: ends[0])
        else { throw .unexpectedLayout("the \(section) section is not marked once by its Begin and End comments") }
        let members = objects.entries.filter { $0.keyRange.lowerBound > begins[0] && $0.keyRange.lowerBound < ends[0] }
        let indentation = try objectIndentation(members)
        for (rank, new) in sorted.enumerated() {
            var offset = end
            if let next = members.first(where: { $0.key > new.id }) {
                guard let start = text.lineStart(before: next.keyRange.lowerBound) else {
                    throw .unexpectedLayout("the object \(next.key) does not start its line")
                }
                offset = start
            }
            insertions.append(Insertion(offset: offset, rank: rank, bytes: indentation + Array(new.line.utf8) + lineEnding))
        }
    }

    /// Inserts list items (`ID /* … */,`) into the array `key` of an object: right after the item `after`
    /// when it is listed, else at the end.
    mutating func insert(_ items: [String], inArray key: String, of objectID: String, after: String?) throws(ProjectEditError) {
        guard !items.isEmpty else { return }
        // An edit looks up two or three objects: a search each costs less than hashing every id of a large project.
        guard let object = objects.entries.first(where: { $0.key == objectID }).flatMap({ text.parsed($0.value) }),
            let array = object[key],
            case .array(let range, let listed) = array
        else {
            throw .unexpectedLayout("the object \(objectID) has no \(key) list")
        }
        let offset: Int
        let indentation: [UInt8]
        if let after, let item = listed.first(where: { text.text(of: $0) == after }) {
            guard let start = text.lineStart(before: item.range.lowerBound), let next = text.nextLineStart(after: item.range.upperBound)
            else { throw .unexpectedLayout("the \(key) of \(objectID) are not listed one per line") }
            offset = next
            indentation = text.indentation(ofLineAt: start)
        } else {
            guard let closing = text.lineStart(before: range.upperBound - 1) else {
                throw .unexpectedLayout("the \(key) list of \(objectID) does not end on a line of its own")
            }
            offset = closing
            if let last = listed.last {
                guard let start = text.lineStart(before: last.range.lowerBound) else {
                    throw .unexpectedLayout("the \(key) of \(objectID) are not listed one per line")
                }
                indentation = text.indentation(ofLineAt: start)
            } else {
                indentation = text.indentation(ofLineAt: closing) + [UInt8(ascii: "\t")]
            }
        }
        for (rank, item) in items.enumerated() {
            insertions.append(Insertion(offset: offset, rank: rank, bytes: indentation + Array(item.utf8) + lineEnding))
        }
    }

    /// The text with every insertion made.
    func applied() -> [UInt8] {
        let ordered = insertions.sorted { ($0.offset, $0.rank) < ($1.offset, $1.rank) }
        var result: [UInt8] = []
        result.reserveCapacity(text.bytes.count + ordered.reduce(0) { $0 + $1.bytes.count })
        var copied = 0
        for insertion in ordered {
            result += text.bytes[copied..<insertion.offset]
            result += insertion.bytes
            copied = insertion.offset
        }
        result += text.bytes[copied...]
        return result
    }

    /// A section the file does not have yet, placed among the others in name order as Xcode writes them.
    private mutating func insertSection(_ section: String, holding lines: [String]) throws(ProjectEditError) {
        let marker = "/* Begin "
        var following: Int?
        for offset in text.occurrences(of: marker, in: objects.range) where isBetweenObjects(offset) {
            let nameStart = offset + marker.utf8.count
            let nameEnd = text.bytes[nameStart...].firstIndex(of: UInt8(ascii: " ")) ?? nameStart
            if String(decoding: text.bytes[nameStart..<nameEnd], as: UTF8.self) > section {
                following = offset
                break
            }
        }
        let indentation = try objectIndentation(objects.entries)
        var block: [UInt8] = Array("/* Begin \(section) section */".utf8) + lineEnding
        for line in lines { block += indentation + Array(line.utf8) + lineEnding }
        block += Array("/* End \(section) section */".utf8) + lineEnding
        if let following {
            guard let start = text.lineStart(before: following) else {
                throw .unexpectedLayout("a section comment does not start its line")
            }
            insertions.append(Insertion(offset: start, rank: 0, bytes: block + lineEnding))
        } else {
            guard let closing = text.lineStart(before: objects.range.upperBound - 1) else {
                throw .unexpectedLayout("the objects dictionary does not end on a line of its own")
            }
            insertions.append(Insertion(offset: closing, rank: 0, bytes: lineEnding + block))
        }
    }

    /// How object lines are indented: like those given, or like any object, or Xcode's two tabs.
    private func objectIndentation(_ members: [ProjectText.Entry]) throws(ProjectEditError) -> [UInt8] {
        guard let first = members.first ?? objects.entries.first else { return [UInt8(ascii: "\t"), UInt8(ascii: "\t")] }
        guard let start = text.lineStart(before: first.keyRange.lowerBound) else {
            throw .unexpectedLayout("the object \(first.key) does not start its line")
        }
        return text.indentation(ofLineAt: start)
    }

    /// Whether a comment found in the objects dictionary sits between objects, not inside one.
    private func isBetweenObjects(_ offset: Int) -> Bool {
        !objects.entries.contains { $0.keyRange.lowerBound <= offset && offset < $0.value.range.upperBound }
            && text.lineStart(before: offset) != nil
    }
}
