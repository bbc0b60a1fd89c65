import Foundation
import Results

/// A worker's reply read back in the sweep's process. The sweep reads about six replies a repository (the
/// progress of its fetch and scan, and the two answers), and `JSONDecoder` cost more per reply than what
/// the reply holds: the common ones are read by `JSONByteReader`, anything it leaves goes to `JSONDecoder`.
extension WorkerReply {
    static func decoded(from payload: [UInt8]) -> WorkerReply? {
        let data = Data(payload)
        if let reply = try? JSONByteReader.read(data, WorkerReply.init(reading:)) { return reply }
        return try? JSONDecoder().decode(WorkerReply.self, from: data)
    }

    /// `{"scanned":{"_0":record}}` and the progress events that carry only names and strings, as the
    /// synthesized `Codable` conformances write them; any other reply is left to `JSONDecoder`.
    init(reading reader: inout JSONByteReader) throws {
        var reply: WorkerReply?
        try reader.object { reader, key in
            guard reply == nil else { throw reader.unread() }
            switch key {
            case "scanned": reply = .scanned(try reader.onlyMember("_0", RepoRecord.init(reading:)))
            case "progress": reply = .progress(try reader.onlyMember("_0", ProgressEvent.init(reading:)))
            default: throw reader.unread()
            }
        }
        guard let reply else { throw reader.unread() }
        self = reply
    }
}

extension ProgressEvent {
    fileprivate init(reading reader: inout JSONByteReader) throws {
        var event: ProgressEvent?
        try reader.object { reader, key in
            guard event == nil else { throw reader.unread() }
            switch key {
            case "fetching": event = .fetching(try reader.onlyMember("_0") { try $0.string() })
            case "queued": event = .queued(try reader.onlyMember("_0") { try $0.string() })
            case "scanning": event = .scanning(try reader.onlyMember("_0") { try $0.string() })
            case "note": event = .note(try reader.onlyMember("_0") { try $0.string() })
            default: throw reader.unread()
            }
        }
        guard let event else { throw reader.unread() }
        self = event
    }
}

extension JSONByteReader {
    /// An object of exactly one member, `name`, read with `read`.
    fileprivate mutating func onlyMember<Value>(_ name: StaticString, _ read: (inout JSONByteReader) throws -> Value) throws -> Value {
        var value: Value?
        try object { reader, key in
            guard value == nil, name ~= key else { throw reader.unread() }
            value = try read(&reader)
        }
        guard let value else { throw unread() }
        return value
    }
}
