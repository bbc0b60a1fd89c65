import Foundation
import ScanCore
import Testing

@testable import Results

/// The byte reader reads stored results and run records to the very values JSONDecoder reads from them,
/// and leaves to JSONDecoder everything it would judge differently.
struct JSONByteReaderTests {
    private static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/goldens")

    private func read<Value>(_ text: String, _ body: (inout JSONByteReader) throws -> Value) throws -> Value {
        try JSONByteReader.read(Data(text.utf8), body)
    }

    private func decoded<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode([Value].self, from: Data("[\(text)]".utf8))[0]
    }

    // MARK: Scalars

    @Test(arguments: [
        #""plain""#, #""""#, #""a \"quote\", a \\ backslash and a \/ slash""#, #""\b\f\n\r\t""#, #""\u00e9\u00E9 \u0000 \u001f""#,
        #""\ud83d\ude80 a rocket from a surrogate pair""#, "\"raw é, ✓, 🇫🇷 and \u{2028}\"", #""mixed ü\n🚀\"""#,
        "\"a combining mark after a quote \\\"\u{301}\"", "\"\(String(repeating: "long run of text ", count: 40))\"",
    ])
    func stringsReadAsJSONDecoderReadsThem(text: String) throws {
        #expect(try read(text) { try $0.string() } == decoded(String.self, text))
    }

    @Test(arguments: ["0", "-0", "7", "-17", "1234567890", "9223372036854775807", "-9223372036854775807"])
    func integersReadAsJSONDecoderReadsThem(text: String) throws {
        #expect(try read(text) { try $0.int() } == decoded(Int.self, text))
    }

    @Test(arguments: ["0", "5", "-2.5", "0.1", "0.25", "1.5", "123.456789012345", "0.30000000000000004", "1e-7", "-2.5E3", "6.02e+23"])
    func numbersReadAsJSONDecoderReadsThem(text: String) throws {
        #expect(try read(text) { try $0.double() } == decoded(Double.self, text))
    }

    @Test(
        "Integers JSONDecoder reads in other ways, or not at all, are left to it",
        arguments: ["01", "1.0", "1e2", "9223372036854775808", "-", "+1", ""])
    func unusualIntegersAreLeftToJSONDecoder(text: String) {
        #expect(throws: JSONByteReader.Unread.self) { try read(text) { try $0.int() } }
    }

    @Test(
        "Text that is not JSON is left to JSONDecoder",
        arguments: [
            #""unterminated"#, "\"a raw\nline break\"", #""a lone \ud800 surrogate""#, #""\ud83d then no low half""#, #""\x""#,
            #"{"a": 1,}"#, #"{"a" 1}"#, "[1 2]", #"{"a": 1} trailing"#, "nul", "tru", "1.", "1e", "[",
        ])
    func malformedTextIsLeftToJSONDecoder(text: String) {
        #expect(throws: JSONByteReader.Unread.self) { try read(text) { try $0.skip() } }
    }

    @Test func invalidUTF8IsLeftToJSONDecoder() {
        let bytes = Data([UInt8(ascii: "\""), 0xC3, 0x28, UInt8(ascii: "\"")])
        #expect(throws: JSONByteReader.Unread.self) { try JSONByteReader.read(bytes) { try $0.string() } }
    }

    @Test func objectMembersAreMatchedByNameAndUnknownOnesSkipped() throws {
        let text = #"{"b": [1, {"x": null}], "a": "A", "c": {"d": [true, false, -1.5e3]}}"#
        let a = try read(text) { reader in
            var a: String?
            try reader.object { reader, key in
                switch key {
                case "a": try reader.member(&a) { try $0.string() }
                default: try reader.skip()
                }
            }
            return a
        }
        #expect(a == "A")
    }

    @Test func aSecondMemberOfTheSameNameIsLeftToJSONDecoder() {
        #expect(throws: JSONByteReader.Unread.self) {
            try read(#"{"a": "1", "a": "2"}"#) { reader in
                var a: String?
                try reader.object { reader, _ in try reader.member(&a) { try $0.string() } }
            }
        }
    }

    // MARK: Stored results

    private func readBothWays(_ data: Data) throws -> (bytes: ScanReport, decoder: ScanReport) {
        (try JSONByteReader.read(data, ScanReport.init(reading:)), try JSONDecoder().decode(ScanReport.self, from: data))
    }

    private static func hostileReport() -> ScanReport {
        let names = ["Shop \"Pro\"", "Café <b>&amp;</b>", "Tab\tand\nline", "Rocket 🚀 \u{2028}", "back\\slash/", "nul\u{0}bell\u{07}"]
        var findings: [Finding] = []
        for (index, name) in names.enumerated() {
            var finding = Finding(
                rule: "window-lookup", severity: [.error, .warning, .note][index % 3], message: "message about \(name)",
                file: "App/\(name).swift", line: index + 1, column: index * 7 + 1, anchor: "a\(index)")
            finding.fingerprint = String(index, radix: 16) + "f00d"
            findings.append(finding)
        }
        let suppressed = SuppressedFinding(finding: findings[0], reason: "-- \"ok\" <fine> é", line: 1)
        let pins = [
            XcodePin(
                version: XcodeVersion.parse("16.2"), text: "16.2", source: .xcodeVersionFile,
                location: Location(file: ".xcode-version", line: 1), scope: ""),
            XcodePin(
                version: nil, floating: true, text: "latest-stable", source: .githubSetupAction,
                location: Location(file: ".github/workflows/ci.yml", line: 12, column: 9), scope: "apps/Shop", basis: "runner default"),
        ]
        let dependency = DependencyStatus(
            name: "Firebase", package: "firebase-ios-sdk", ecosystem: Ecosystem.allCases[0], resolved: "9.0.0", sceneAware: "10.0.0",
            state: .lagging, breaks: "push \"links\"", source: "https://example.com/notes", severity: .warning, file: "Package.resolved",
            line: 40)
        let apps = [
            AppReport(
                path: names[0], target: names[1], project: "Shop.xcodeproj", platform: "iOS", framework: "native",
                frameworkVersion: nil, verdict: .blocked, findings: findings, suppressed: [suppressed], unreadable: [],
                owners: ["@team/ios", "@ünï"], refusedSuppressions: [suppressed], testTargets: ["ShopTests (TEST_HOST)"],
                toolchain: AppToolchain(pins: pins), dependencies: [dependency]),
            AppReport(
                path: "", target: "Vendored", project: nil, platform: "iOS", framework: "capacitor", frameworkVersion: "8.4.1",
                verdict: .unknown, findings: [], suppressed: [], unreadable: [names[2]], unidentified: true,
                frameworkRequirement: ">=3.38.0",
                vendored: "inside vendor/, third-party code", counted: false),
        ]
        return ScanReport(
            root: names[3], toolVersion: "0.1.0", rulePack: "ios27+3f2a", apps: apps,
            diagnostics: [Diagnostic(.warning, file: names[4], line: 3, "could not read \(names[5])"), Diagnostic(.note, file: nil, "n")])
    }

    @Test func aResultWithEscapesUnicodePinsAndDependenciesReadsAsJSONDecoderReadsIt() throws {
        let report = Self.hostileReport()
        let (bytes, decoder) = try readBothWays(Data(report.json.utf8))
        #expect(bytes.json == decoder.json)
        #expect(bytes.json == report.json)
        #expect(bytes.apps.flatMap(\.findings).map(\.anchor) == decoder.apps.flatMap(\.findings).map(\.anchor))
    }

    @Test func everyGoldenScanReportReadsAsJSONDecoderReadsIt() throws {
        let files =
            FileManager.default.enumerator(atPath: Self.goldens.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix("report.json") } ?? []
        #expect(files.count > 20)
        for file in files {
            let data = try Data(contentsOf: Self.goldens.appendingPathComponent(file))
            let (bytes, decoder) = try readBothWays(data)
            #expect(bytes.json == decoder.json, "\(file)")
        }
    }

    @Test func pinsAndDependenciesOfUnknownKindsAreSkippedAsJSONDecoderSkipsThem() throws {
        let pin =
            #"{"xcode": "16.2", "floating": false, "text": "16.2", "source": "%@", "file": ".xcode-version", "line": 1, "column": 1, "scope": ""}"#
        let dependency =
            #"{"name": "n", "package": "p", "ecosystem": "npm", "resolved": "1.0.0", "sceneAware": null, "state": "%@", "file": "package-lock.json", "line": 4, "source": "s"}"#
        let app =
            #"{"path": "", "target": "Shop", "project": null, "platform": "ios", "framework": "native", "frameworkVersion": null, "verdict": "at-risk", "findings": [], "suppressed": [], "toolchain": {"pins": ["#
            + [pin.replacingOccurrences(of: "%@", with: "xcode-version-file"), pin.replacingOccurrences(of: "%@", with: "from-the-future")]
            .joined(separator: ",") + #"]}, "dependencies": ["#
            + [dependency.replacingOccurrences(of: "%@", with: "lagging"), dependency.replacingOccurrences(of: "%@", with: "later")]
            .joined(separator: ",") + "]}"
        let text = ScanReportCodingTests.document(app: app)
        let (bytes, decoder) = try readBothWays(Data(text.utf8))
        #expect(bytes.json == decoder.json)
        #expect(bytes.apps[0].toolchain.pins.count == 1 && bytes.apps[0].dependencies.count == 1)
    }

    @Test func aResultOfAnotherSchemaOrWithAnUnknownVerdictIsLeftToJSONDecoder() throws {
        let text = Self.hostileReport().json
        for changed in [
            text.replacingOccurrences(of: #""schemaVersion": 1"#, with: #""schemaVersion": 2"#),
            text.replacingOccurrences(of: #""verdict": "blocked""#, with: #""verdict": "doomed""#),
            text.replacingOccurrences(of: #""line": 1,"#, with: #""line": 1.0,"#),
        ] {
            #expect(changed != text)
            #expect(throws: JSONByteReader.Unread.self) { try JSONByteReader.read(Data(changed.utf8), ScanReport.init(reading:)) }
        }
        // Through `decoded(from:)`, JSONDecoder then has the last word: an error, or the value it reads.
        let integral = text.replacingOccurrences(of: #""line": 1,"#, with: #""line": 1.0,"#)
        #expect(try ScanReport.decoded(from: Data(integral.utf8)).json == Self.hostileReport().json)
        #expect(throws: DecodingError.self) {
            try ScanReport.decoded(from: Data(text.replacingOccurrences(of: "blocked", with: "doomed").utf8))
        }
    }

    // MARK: Run records

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static func record() -> RunRecord {
        var counts = AppCounts()
        counts.blocked = 2
        counts.atRisk = 1
        counts.errors = 3
        counts.warnings = 4
        counts.notes = 5
        var patched = RepoRecord(
            key: RepoKey(name: "shop \"ios\""), name: "shop \"ios\"", url: "https://git.example.com/a/shop.git", branch: "main",
            scannedBranch: "main", team: "R&D <core> ü", status: .scanned, commit: "c0ffee", resultTool: "0.1.0", resultRulePack: "ios27",
            settingsHash: "e3b0", scannedIn: "20261130T060000Z-0000", fetchSeconds: 0.123456789, scanSeconds: 12, counts: counts)
        patched.patches = PatchCounts(patched: 1, explained: 2)
        let repos = [
            patched,
            RepoRecord(
                key: RepoKey(name: "books"), name: "books", url: "/srv/books.git", branch: nil, team: nil, status: .stale,
                error: "authentication failed\nfor /srv/books.git", failingSince: "20261129T060000Z-0000", fetchSeconds: 30.5),
            RepoRecord(key: RepoKey(name: "新しい"), name: "新しい", url: "file:///srv/🚀.git", branch: nil, team: "ghosts", status: .failed),
        ]
        return RunRecord(
            id: "20261130T060000Z-0000", fleet: FleetInfo(name: "Acme <Mobile>", deadline: CalendarDay("2028-02-29")),
            tool: ToolInfo(version: "0.1.0", rulePack: "ios27+3f2a"), configHash: "h",
            startedAt: Date(timeIntervalSince1970: 1_796_280_091), finishedAt: Date(timeIntervalSince1970: 1_830_297_599),
            offline: true, only: ["shop", "books"], previousRun: "20261129T060000Z-0000", repos: repos,
            shard: Shard(index: 2, count: 3),
            shards: [
                MergedShard(shard: Shard(index: 1, count: 3)!, merged: true, run: "r"),
                MergedShard(shard: Shard(index: 3, count: 3)!, merged: false, run: nil, error: "e"),
            ])
    }

    @Test func aRunRecordReadsAsJSONDecoderReadsIt() throws {
        let data = try Self.encoder.encode(Self.record())
        let bytes = try JSONByteReader.read(data, RunRecord.init(reading:))
        #expect(bytes == Self.record())
        #expect(bytes == (try Self.decoder.decode(RunRecord.self, from: data)))
    }

    /// A run's repositories repeat the run they were scanned in, the settings hash and the rule pack: read
    /// back, they hold one copy of each, not one per repository (the previous run a sweep keeps throughout).
    @Test func aRunRecordsRepeatedTextsAreReadIntoOneCopy() throws {
        let repos = (0..<3).map { index in
            RepoRecord(
                key: RepoKey(name: "app-\(index)"), name: "app-\(index)", url: "https://git.example.com/mobile/app-\(index).git",
                branch: "release/2027-spring", team: "mobile-platform-team", status: .reused,
                commit: String(repeating: "\(index)", count: 40), resultTool: "0.1.0", resultRulePack: "ios27+94b2f798abcd",
                settingsHash: "bf2863f8f0d1bc14e3b0", scannedIn: "20261204T195243Z-1813", error: "authentication failed for the remote")
        }
        let record = RunRecord(
            id: "20261205T060000Z-0000", fleet: FleetInfo(name: "Acme", deadline: nil), tool: ToolInfo(version: "0.1.0", rulePack: "ios27"),
            configHash: "h", startedAt: Date(timeIntervalSince1970: 1_796_280_091),
            finishedAt: Date(timeIntervalSince1970: 1_796_280_191), offline: false, only: [], previousRun: nil, repos: repos)
        let read = try JSONByteReader.read(try Self.encoder.encode(record), RunRecord.init(reading:))
        #expect(read == record)

        let repeated: [KeyPath<RepoRecord, String?>] = [
            \.branch, \.team, \.resultRulePack, \.settingsHash, \.scannedIn, \.error,
        ]
        for path in repeated {
            let buffers = Set(read.repos.map { StringTableTests.storage($0[keyPath: path]!) })
            #expect(buffers.count == 1, "\(path): \(buffers.count) copies")
        }
        // Texts of each repository's own stay its own.
        #expect(Set(read.repos.map { StringTableTests.storage($0.url) }).count == 3)
    }

    @Test func theGoldenRunRecordReadsAsJSONDecoderReadsIt() throws {
        let data = try Data(contentsOf: Self.goldens.appendingPathComponent("run-files/run.json"))
        #expect(try JSONByteReader.read(data, RunRecord.init(reading:)) == (try Self.decoder.decode(RunRecord.self, from: data)))
    }

    @Test(arguments: ["1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2028-02-29T23:59:59Z", "2026-12-03T06:41:31Z"])
    func datesReadAsJSONDecoderReadsThem(date: String) throws {
        let text = String(decoding: try Self.encoder.encode(Self.record()), as: UTF8.self)
            .replacingOccurrences(of: "2026-12-03T06:41:31Z", with: date)
        let data = Data(text.utf8)
        #expect(try JSONByteReader.read(data, RunRecord.init(reading:)) == (try Self.decoder.decode(RunRecord.self, from: data)))
    }

    @Test(
        "Dates in other ISO 8601 forms are left to JSONDecoder",
        arguments: ["2026-12-03T06:41:31.5Z", "2026-12-03T06:41:31+01:00", "2026-02-30T06:41:31Z"])
    func otherDateFormsAreLeftToJSONDecoder(date: String) throws {
        let text = String(decoding: try Self.encoder.encode(Self.record()), as: UTF8.self)
            .replacingOccurrences(of: "2026-12-03T06:41:31Z", with: date)
        let data = Data(text.utf8)
        #expect(throws: JSONByteReader.Unread.self) { try JSONByteReader.read(data, RunRecord.init(reading:)) }
        #expect(try RunRecord.decoded(from: data) == (try Self.decoder.decode(RunRecord.self, from: data)))
    }
}
