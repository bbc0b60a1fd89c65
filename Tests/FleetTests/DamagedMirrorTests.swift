import Fleet
import Foundation
import Results
import TestSupport
import Testing

/// A workspace mirror damaged on disk (a truncated pack, a missing loose or packed object) is noticed when
/// the sweep needs it, cloned again once, and the next sweep is an ordinary one.
@Suite("Damaged mirrors")
struct DamagedMirrorTests {
    /// The three repositories of `SweepTests`, swept once; returns the harness and the mirror of `books`.
    private static func sweptOnce() throws -> (FleetHarness, mirror: String) {
        let harness = try SweepTests.threeRepositories()
        let first = try harness.sweep()
        #expect(harness.record(first, "books") != nil)
        return (harness, try harness.mirrorPath("books"))
    }

    /// Packs every object of the mirror into one pack and removes the loose ones. The local clone
    /// hard-linked its loose objects from upstream: the pack is a file of the mirror's own, so damaging
    /// it leaves upstream whole (and unlinking a loose object is safe too).
    private static func repack(_ harness: FleetHarness, _ mirror: String, leavingOut: String? = nil) throws -> String {
        let objects = try harness.bench.git(["rev-list", "--objects", "--all"], in: mirror).split(separator: "\n")
            .map { String($0.prefix(40)) }.filter { $0 != leavingOut }
        let name = try packObjects(objects, into: mirror + "/objects/pack/pack", in: mirror)
        let fileManager = FileManager.default
        for folder in try fileManager.contentsOfDirectory(atPath: mirror + "/objects") where folder.count == 2 {
            try fileManager.removeItem(atPath: mirror + "/objects/" + folder)
        }
        return mirror + "/objects/pack/pack-\(name).pack"
    }

    /// `git pack-objects PREFIX` over `objects` (given on its standard input); returns the pack's name.
    private static func packObjects(_ objects: [String], into prefix: String, in repository: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "pack-objects", "-q", prefix]
        process.currentDirectoryURL = URL(fileURLWithPath: repository)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((objects.joined(separator: "\n") + "\n").utf8))
        try input.fileHandleForWriting.close()
        let name = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw WorkbenchError(message: "git pack-objects failed") }
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A new upstream commit on books, so the sweep has to read the mirror's objects again.
    private static func touchBooks(_ harness: FleetHarness) throws -> String {
        try harness.bench.append("\n// touched\n", to: "Shelf/AppDelegate.swift", in: harness.bench.path("books"))
    }

    private static func expectClonedAgainOnce(
        _ harness: FleetHarness, _ outcome: SweepOutcome, commit: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let record = try #require(harness.record(outcome, "books"), sourceLocation: sourceLocation)
        #expect(record.status == .scanned, sourceLocation: sourceLocation)
        #expect(record.commit == commit, sourceLocation: sourceLocation)
        let report = try harness.store.result(run: outcome.record.id, key: record.key)
        #expect(report.apps.map(\.verdict) == [.ready], sourceLocation: sourceLocation)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        let notes = harness.probe.output.components(separatedBy: "books: the mirror is damaged").count - 1
        #expect(notes == 1, "\(harness.probe.output)", sourceLocation: sourceLocation)
        #expect(harness.probe.output.contains("; cloning it again"), sourceLocation: sourceLocation)
    }

    @Test func aTruncatedPackIsDetectedAndTheMirrorClonedAgainOnce() throws {
        let (harness, mirror) = try Self.sweptOnce()
        let pack = try Self.repack(harness, mirror)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: pack)[.size] as? Int)
        let handle = try #require(FileHandle(forUpdatingAtPath: pack))
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()
        let commit = try Self.touchBooks(harness)

        let second = try harness.sweep()

        try Self.expectClonedAgainOnce(harness, second, commit: commit)
        #expect(second.record.repos.map(\.status) == [.reused, .scanned, .reused])
        let third = try harness.sweep()
        #expect(third.record.repos.map(\.status) == [.reused, .reused, .reused])
        #expect(harness.probe.output.components(separatedBy: "the mirror is damaged").count == 2)
    }

    @Test func aMissingLooseObjectIsDetectedAndTheMirrorClonedAgainOnce() throws {
        let (harness, mirror) = try Self.sweptOnce()
        // A folder's tree the next commit still uses. Unlinking (not truncating) the hard-linked object
        // leaves upstream's copy whole.
        let tree = try harness.bench.git(["rev-parse", "HEAD:Shelf/Assets.xcassets"], in: harness.bench.path("books"))
        try FileManager.default.removeItem(atPath: "\(mirror)/objects/\(tree.prefix(2))/\(tree.dropFirst(2))")
        let commit = try Self.touchBooks(harness)

        let second = try harness.sweep()

        try Self.expectClonedAgainOnce(harness, second, commit: commit)
        #expect(try harness.sweep().record.repos.map(\.status) == [.reused, .reused, .reused])
    }

    @Test func aMissingBlobInTheMirrorIsNoLongerLostButClonedAgain() throws {
        let (harness, mirror) = try Self.sweptOnce()
        let asset = try harness.bench.git(["rev-parse", "HEAD:Shelf/Assets.xcassets/Contents.json"], in: harness.bench.path("books"))
        try FileManager.default.removeItem(atPath: "\(mirror)/objects/\(asset.prefix(2))/\(asset.dropFirst(2))")
        let commit = try Self.touchBooks(harness)

        let second = try harness.sweep()

        try Self.expectClonedAgainOnce(harness, second, commit: commit)
    }

    @Test func aMissingPackedObjectIsDetectedAndTheMirrorClonedAgainOnce() throws {
        let (harness, mirror) = try Self.sweptOnce()
        let info = try harness.bench.git(["rev-parse", "HEAD:Shelf/Info.plist"], in: harness.bench.path("books"))
        // One pack of every object but one blob: every other object stays readable.
        _ = try Self.repack(harness, mirror, leavingOut: info)
        #expect(throws: WorkbenchError.self) { try harness.bench.git(["cat-file", "-e", info], in: mirror) }
        let commit = try Self.touchBooks(harness)

        let second = try harness.sweep()

        try Self.expectClonedAgainOnce(harness, second, commit: commit)
    }

    /// libgit2 is told not to hash each object it reads again (git does not either: a quarter of a cold
    /// sweep's instructions); a byte changed inside a packed object is still found, by zlib's checksum.
    @Test func aChangedByteInsideAPackedObjectIsDetectedAndTheMirrorClonedAgainOnce() throws {
        let (harness, mirror) = try Self.sweptOnce()
        let info = try harness.bench.git(["rev-parse", "HEAD:Shelf/Info.plist"], in: harness.bench.path("books"))
        let pack = try Self.repack(harness, mirror)
        // `verify-pack -v`: "<id> <type> <size> <size in pack> <offset>" for each object.
        let line = try #require(
            try harness.bench.git(["verify-pack", "-v", pack.replacingOccurrences(of: ".pack", with: ".idx")], in: mirror)
                .split(separator: "\n").first { $0.hasPrefix(info) })
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        #expect(fields[1] == "blob")
        let (stored, offset) = (try #require(Int(fields[3])), try #require(Int(fields[4])))
        let handle = try #require(FileHandle(forUpdatingAtPath: pack))
        try handle.seek(toOffset: UInt64(offset + stored / 2))
        let byte = try #require(try handle.read(upToCount: 1)?.first)
        try handle.seek(toOffset: UInt64(offset + stored / 2))
        try handle.write(contentsOf: Data([byte ^ 0x20]))
        try handle.close()
        let commit = try Self.touchBooks(harness)

        let second = try harness.sweep()

        try Self.expectClonedAgainOnce(harness, second, commit: commit)
    }

    @Test func whenTheFreshCloneIsDamagedTooTheRepositoryFailsOnceNamingTheDamage() throws {
        let (harness, _) = try Self.sweptOnce()
        let books = harness.bench.path("books")
        let commit = try Self.touchBooks(harness)
        // Upstream itself lacks the new commit's tree: every clone of it is damaged the same way.
        let tree = try harness.bench.git(["rev-parse", "HEAD^{tree}"], in: books)
        try FileManager.default.removeItem(atPath: "\(books)/.git/objects/\(tree.prefix(2))/\(tree.dropFirst(2))")

        let second = try harness.sweep()

        let record = try #require(harness.record(second, "books"))
        #expect(record.status == .stale)
        let error = try #require(record.error)
        #expect(error.hasPrefix("the mirror was cloned again and is still damaged: "), "\(error)")
        #expect(error.contains(tree) || error.contains(commit), "\(error)")
        #expect(harness.probe.output.components(separatedBy: "books: the mirror is damaged").count == 2)
        #expect(second.record.repos.map(\.status) == [.reused, .stale, .reused])
    }
}
