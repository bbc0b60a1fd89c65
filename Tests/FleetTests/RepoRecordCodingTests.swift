import Fleet
import Foundation
import Results
import Testing

@Suite("Repository entries of run.json")
struct RepoRecordCodingTests {
    /// A `repos` entry as versions before `reused`/`stale` were derived wrote it: a repository whose
    /// fetch failed, carried forward stale from the run that last scanned it.
    static let storedStaleEntry = """
        {
          "branch" : "main",
          "commit" : "9fceb02d0ae598e95dc970b74767f19372d61af8",
          "counts" : { "apps" : 2, "atRisk" : 1, "blocked" : 1, "errors" : 3, "notes" : 0, "ready" : 0, "unknown" : 0, "warnings" : 4 },
          "error" : "authentication failed for https://git.example.com/mobile/shop.git",
          "failingSince" : "20261201T060000Z-0001",
          "key" : "git.example.com-mobile-shop-3f2a9c01",
          "name" : "shop",
          "resultRulePack" : "ios27+5b1e",
          "resultTool" : "0.9.0",
          "reused" : false,
          "scannedBranch" : "main",
          "scannedIn" : "20261130T060000Z-0004",
          "settingsHash" : "e3b0c442",
          "stale" : true,
          "status" : "stale",
          "team" : "commerce",
          "url" : "https://git.example.com/mobile/shop.git"
        }
        """

    /// What run.json says about a repository's status, read back without RepoRecord's decoder.
    struct WrittenFlags: Decodable, Equatable {
        var status: String
        var reused: Bool
        var stale: Bool
    }

    static func flags(_ record: RepoRecord) throws -> WrittenFlags {
        try JSONDecoder().decode(WrittenFlags.self, from: RunStore.encoder.encode(record))
    }

    /// The JSON text with sorted keys and no layout, to compare documents whatever their formatting.
    static func canonical(_ data: Data) throws -> String {
        let object = try JSONSerialization.jsonObject(with: data)
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    static func record(_ text: String) throws -> RepoRecord {
        try RunStore.decoder.decode(RepoRecord.self, from: Data(text.utf8))
    }

    @Test("An entry stored by an earlier version decodes, and writes back the same keys and values")
    func earlierEntryRoundTrips() throws {
        let record = try Self.record(Self.storedStaleEntry)

        #expect(record.status == .stale && record.stale && !record.reused)
        #expect(record.key == RepoKey(rawValue: "git.example.com-mobile-shop-3f2a9c01"))
        #expect(record.scannedIn == "20261130T060000Z-0004" && record.failingSince == "20261201T060000Z-0001")
        #expect(record.counts?.blocked == 1 && record.counts?.warnings == 4)
        #expect(record.fetchSeconds == nil && record.scanSeconds == nil)
        #expect(try Self.canonical(RunStore.encoder.encode(record)) == Self.canonical(Data(Self.storedStaleEntry.utf8)))
    }

    @Test("reused and stale follow the status, also when a carried record changes status", arguments: RepoStatus.allCases)
    func flagsFollowStatus(status: RepoStatus) throws {
        var record = RunDiffTests.repo("shop", .scanned)
        record.status = status

        #expect(try Self.flags(record) == WrittenFlags(status: status.rawValue, reused: status == .reused, stale: status == .stale))
        #expect(record.reused == (status == .reused) && record.stale == (status == .stale))
    }

    @Test("Flags that disagree with the status are read as the status says, not as written")
    func statusDecidesOverStoredFlags() throws {
        let contradictory = Self.storedStaleEntry.replacingOccurrences(of: "\"status\" : \"stale\"", with: "\"status\" : \"reused\"")

        let record = try Self.record(contradictory)

        #expect(record.status == .reused && record.reused && !record.stale)
        #expect(try Self.flags(record) == WrittenFlags(status: "reused", reused: true, stale: false))
    }

    @Test("An entry without flags decodes; one without a status or a key does not")
    func requiredKeys() throws {
        let withoutFlags = Self.storedStaleEntry.replacingOccurrences(of: "\"reused\" : false,", with: "")
            .replacingOccurrences(of: "\"stale\" : true,", with: "")
        #expect(try Self.record(withoutFlags).stale)
        let withoutStatus = Self.storedStaleEntry.replacingOccurrences(of: "\"status\" : \"stale\",", with: "")
        #expect(throws: DecodingError.self) { try Self.record(withoutStatus) }
        let withoutKey = Self.storedStaleEntry.replacingOccurrences(of: "\"key\" : \"git.example.com-mobile-shop-3f2a9c01\",", with: "")
        #expect(throws: DecodingError.self) { try Self.record(withoutKey) }
    }

    @Test("Optional fields that are nil are left out, as before")
    func nilFieldsAreLeftOut() throws {
        let data = try RunStore.encoder.encode(RunDiffTests.repo("kiosk", .failed))

        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys
        #expect(Set(keys) == ["failingSince", "key", "name", "reused", "stale", "status", "url"])
    }
}
