import Foundation

/// run.json read by `JSONByteReader`: the same record the synthesized `Decodable` conformances (and
/// RepoRecord+Codable.swift) make of it with ISO 8601 dates, for the files it reads without help.
extension RunRecord {
    /// A record read back from run.json.
    package static func decoded(from data: Data) throws -> RunRecord {
        // A run of 10,000 repositories has a run.json of 7 MB; JSONDecoder decides whatever the reader leaves.
        if let record = try? JSONByteReader.read(data, RunRecord.init(reading:)) { return record }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(RunRecord.self, from: data)
    }

    init(reading reader: inout JSONByteReader) throws {
        var schemaVersion: Int?
        var id: String?
        var fleet: FleetInfo?
        var tool: ToolInfo?
        var configHash: String?
        var startedAt: Date?
        var finishedAt: Date?
        var offline: Bool?
        var only: [String]?
        var previousRun: String??
        var repos: [RepoRecord]?
        var shard: Shard??
        var shards: [MergedShard]??
        try reader.object { reader, key in
            switch key {
            case "schemaVersion": try reader.member(&schemaVersion) { try $0.int() }
            case "id": try reader.member(&id) { try $0.string() }
            case "fleet": try reader.member(&fleet, FleetInfo.init(reading:))
            case "tool": try reader.member(&tool, ToolInfo.init(reading:))
            case "configHash": try reader.member(&configHash) { try $0.string() }
            case "startedAt": try reader.member(&startedAt) { try $0.date() }
            case "finishedAt": try reader.member(&finishedAt) { try $0.date() }
            case "offline": try reader.member(&offline) { try $0.bool() }
            case "only": try reader.member(&only) { try $0.list { try $0.string() } }
            case "previousRun": try reader.member(&previousRun) { try $0.nullable { try $0.string() } }
            case "repos":
                // Most records repeat the same run id, settings hash and rule pack: one copy of each is kept
                // (at 10,000 repositories the copies were 1.3 MB of the previous run a sweep holds throughout).
                var shared = StringTable()
                try reader.member(&repos) { try $0.list { try RepoRecord(reading: &$0, sharing: &shared) } }
            case "shard": try reader.member(&shard) { try $0.nullable(Shard.init(reading:)) }
            case "shards": try reader.member(&shards) { try $0.nullable { try $0.list(MergedShard.init(reading:)) } }
            default: try reader.skip()
            }
        }
        guard let schemaVersion, let id, let fleet, let tool, let configHash, let startedAt, let finishedAt, let offline, let only,
            let repos
        else { throw reader.unread() }
        self.init(
            id: id, fleet: fleet, tool: tool, configHash: configHash, startedAt: startedAt, finishedAt: finishedAt, offline: offline,
            only: only, previousRun: previousRun ?? nil, repos: repos, shard: shard ?? nil, shards: shards ?? nil)
        self.schemaVersion = schemaVersion
    }
}

extension RepoRecord {
    /// A record as its Codable conformance writes it (in run.json, and in a worker's reply).
    package init(reading reader: inout JSONByteReader) throws {
        var shared = StringTable()
        try self.init(reading: &reader, sharing: &shared)
    }

    /// A record whose texts that repeat from one repository to the next (run ids, hashes, rule pack, team,
    /// branch, error) come from `shared`.
    init(reading reader: inout JSONByteReader, sharing shared: inout StringTable) throws {
        var key: RepoKey?
        var name: String?
        var url: String?
        var status: RepoStatus?
        var branch: String??
        var scannedBranch: String??
        var team: String??
        var commit: String??
        var resultTool: String??
        var resultRulePack: String??
        var settingsHash: String??
        var scannedIn: String??
        var error: String??
        var failingSince: String??
        var fetchSeconds: Double??
        var scanSeconds: Double??
        var counts: AppCounts?
        var patches: PatchCounts??
        try reader.object { reader, member in
            switch member {
            case "key": try reader.member(&key) { try $0.repoKey() }
            case "name": try reader.member(&name) { try $0.string() }
            case "url": try reader.member(&url) { try $0.string() }
            case "status": try reader.member(&status) { try $0.repoStatus() }
            case "branch": try reader.member(&branch) { try $0.nullable { try $0.string() } }
            case "scannedBranch": try reader.member(&scannedBranch) { try $0.nullable { try $0.string() } }
            case "team": try reader.member(&team) { try $0.nullable { try $0.string() } }
            case "commit": try reader.member(&commit) { try $0.nullable { try $0.string() } }
            case "resultTool": try reader.member(&resultTool) { try $0.nullable { try $0.string() } }
            case "resultRulePack": try reader.member(&resultRulePack) { try $0.nullable { try $0.string() } }
            case "settingsHash": try reader.member(&settingsHash) { try $0.nullable { try $0.string() } }
            case "scannedIn": try reader.member(&scannedIn) { try $0.nullable { try $0.string() } }
            case "error": try reader.member(&error) { try $0.nullable { try $0.string() } }
            case "failingSince": try reader.member(&failingSince) { try $0.nullable { try $0.string() } }
            case "fetchSeconds": try reader.member(&fetchSeconds) { try $0.nullable { try $0.double() } }
            case "scanSeconds": try reader.member(&scanSeconds) { try $0.nullable { try $0.double() } }
            case "counts": try reader.member(&counts) { try $0.repositoryCounts() }
            case "patches": try reader.member(&patches) { try $0.nullable(PatchCounts.init(reading:)) }
            default: try reader.skip()
            }
        }
        guard let key, let name, let url, let status else { throw reader.unread() }
        self.init(
            key: key, name: name, url: url, branch: shared(branch ?? nil), scannedBranch: shared(scannedBranch ?? nil),
            team: shared(team ?? nil), status: status, commit: commit ?? nil, resultTool: shared(resultTool ?? nil),
            resultRulePack: shared(resultRulePack ?? nil), settingsHash: shared(settingsHash ?? nil), scannedIn: shared(scannedIn ?? nil),
            error: shared(error ?? nil), failingSince: shared(failingSince ?? nil),
            fetchSeconds: fetchSeconds ?? nil, scanSeconds: scanSeconds ?? nil, counts: counts)
        self.patches = patches ?? nil
    }
}

extension FleetInfo {
    init(reading reader: inout JSONByteReader) throws {
        var name: String?
        var deadline: CalendarDay??
        try reader.object { reader, key in
            switch key {
            case "name": try reader.member(&name) { try $0.string() }
            case "deadline": try reader.member(&deadline) { try $0.nullable { try $0.calendarDay() } }
            default: try reader.skip()
            }
        }
        guard let name else { throw reader.unread() }
        self.init(name: name, deadline: deadline ?? nil)
    }
}

extension ToolInfo {
    init(reading reader: inout JSONByteReader) throws {
        var name: String?
        var version: String?
        var rulePack: String?
        try reader.object { reader, key in
            switch key {
            case "name": try reader.member(&name) { try $0.string() }
            case "version": try reader.member(&version) { try $0.string() }
            case "rulePack": try reader.member(&rulePack) { try $0.string() }
            default: try reader.skip()
            }
        }
        guard let name, let version, let rulePack else { throw reader.unread() }
        self.init(name: name, version: version, rulePack: rulePack)
    }
}

extension Shard {
    init(reading reader: inout JSONByteReader) throws {
        var index: Int?
        var count: Int?
        try reader.object { reader, key in
            switch key {
            case "index": try reader.member(&index) { try $0.int() }
            case "count": try reader.member(&count) { try $0.int() }
            default: try reader.skip()
            }
        }
        guard let index, let count, let shard = Shard(index: index, count: count) else { throw reader.unread() }
        self = shard
    }
}

extension MergedShard {
    init(reading reader: inout JSONByteReader) throws {
        var shard: Shard?
        var merged: Bool?
        var run: String??
        var error: String??
        try reader.object { reader, key in
            switch key {
            case "shard": try reader.member(&shard, Shard.init(reading:))
            case "merged": try reader.member(&merged) { try $0.bool() }
            case "run": try reader.member(&run) { try $0.nullable { try $0.string() } }
            case "error": try reader.member(&error) { try $0.nullable { try $0.string() } }
            default: try reader.skip()
            }
        }
        guard let shard, let merged else { throw reader.unread() }
        self.init(shard: shard, merged: merged, run: run ?? nil, error: error ?? nil)
    }
}

extension PatchCounts {
    init(reading reader: inout JSONByteReader) throws {
        var patched: Int?
        var explained: Int?
        try reader.object { reader, key in
            switch key {
            case "patched": try reader.member(&patched) { try $0.int() }
            case "explained": try reader.member(&explained) { try $0.int() }
            default: try reader.skip()
            }
        }
        guard let patched, let explained else { throw reader.unread() }
        self.init(patched: patched, explained: explained)
    }
}

extension JSONByteReader {
    /// run.json's `counts`: the repository form of AppCounts+Codable.swift (`apps` is derived and not read).
    fileprivate mutating func repositoryCounts() throws -> AppCounts {
        var counts = AppCounts()
        var read: [Int?] = [nil, nil, nil, nil, nil, nil, nil]
        let stored: [WritableKeyPath<AppCounts, Int>] = [\.blocked, \.atRisk, \.ready, \.unknown, \.errors, \.warnings, \.notes]
        try object { reader, key in
            let slot: Int
            switch key {
            case "blocked": slot = 0
            case "atRisk": slot = 1
            case "ready": slot = 2
            case "unknown": slot = 3
            case "errors": slot = 4
            case "warnings": slot = 5
            case "notes": slot = 6
            default: return try reader.skip()
            }
            try reader.member(&read[slot]) { try $0.int() }
        }
        for (path, value) in zip(stored, read) {
            guard let value else { throw unread() }
            counts[keyPath: path] = value
        }
        return counts
    }

    fileprivate mutating func repoKey() throws -> RepoKey {
        let text = try string()
        guard RepoKey.isSafe(text) else { throw unread() }
        return RepoKey(rawValue: text)
    }

    fileprivate mutating func repoStatus() throws -> RepoStatus {
        guard let status = RepoStatus(rawValue: try string()) else { throw unread() }
        return status
    }

    fileprivate mutating func calendarDay() throws -> CalendarDay {
        guard let day = CalendarDay(try string()) else { throw unread() }
        return day
    }

    /// `2026-12-03T06:41:31Z`, the form the workspace's encoder writes. Other ISO 8601 forms (a fraction,
    /// an offset) are left to JSONDecoder.
    fileprivate mutating func date() throws -> Date {
        let text = Array(try string().utf8)
        guard text.count == 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"), text[10] == UInt8(ascii: "T"),
            text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"), text[19] == UInt8(ascii: "Z")
        else { throw unread() }
        func number(_ range: Range<Int>) throws -> Int {
            var value = 0
            for byte in text[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw unread() }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let year = try number(0..<4)
        let month = try number(5..<7)
        let day = try number(8..<10)
        let hour = try number(11..<13)
        let minute = try number(14..<16)
        let second = try number(17..<19)
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, year: year), hour < 24, minute < 60,
            second < 60
        else { throw unread() }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + Int64(hour * 3600 + minute * 60 + second)))
    }
}
