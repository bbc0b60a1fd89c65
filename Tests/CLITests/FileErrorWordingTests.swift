import CLI
import Foundation
import TestSupport
import Testing

/// Every file, folder and permission error names the path and the reason in a sentence, in every
/// command, never Foundation's `Error Domain=… UserInfo={…}` (issue 13, item 9). The commands are walked
/// through a missing folder, a read-only file system and a full one (the last two need mounting, which
/// CI, running as root, can do).
@Suite("errors in words")
struct FileErrorWordingTests {
    static func run(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
        FleetCommandTests.run(arguments, in: directory)
    }

    /// What Foundation's own descriptions look like; none may reach a person.
    static func expectWords(_ err: String, naming path: String, reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw in ["Error Domain=", "NSCocoaErrorDomain", "UserInfo=", "NSUnderlyingError", "NSFilePath", "Code="] {
            #expect(!err.contains(raw), "\(raw) in: \(err)", sourceLocation: sourceLocation)
        }
        #expect(err.contains(path), "no \(path) in: \(err)", sourceLocation: sourceLocation)
        #expect(err.lowercased().contains(reason.lowercased()), "no '\(reason)' in: \(err)", sourceLocation: sourceLocation)
    }

    /// The commands that write a file the user names, each writing into `folder`.
    static func writers(into folder: String) -> [(name: String, arguments: [String], file: String)] {
        [
            (
                "scan -o", ["scan", FixturePaths.scan("migrated-swift-uikit").path, "--format", "json", "-o", folder + "/x.json"],
                folder + "/x.json"
            ),
            ("report --output", ["report", "--config", "fleet.yaml", "--output", folder + "/summary.html"], folder + "/summary.html"),
            ("init --output", ["init", "--output", folder + "/fleet.yaml"], folder + "/fleet.yaml"),
        ]
    }

    @Test func aMissingFolderIsNamedInASentenceByEveryCommandThatWritesAFile() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        let missing = "/nonexistent-\(UUID().uuidString)/dir"

        for writer in Self.writers(into: missing) {
            let result = Self.run(writer.arguments, in: bench.root)
            #expect(result.status == 2, "\(writer.name)")
            Self.expectWords(result.err, naming: writer.file, reason: "the folder \(missing) does not exist")
        }
    }

    @Test func aFileWhereAFolderShouldBeIsNamed() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        try bench.write(["plain.txt": "a file\n"], in: bench.root)

        for writer in Self.writers(into: bench.path("plain.txt")) {
            let result = Self.run(writer.arguments, in: bench.root)
            #expect(result.status == 2, "\(writer.name)")
            Self.expectWords(result.err, naming: writer.file, reason: "\(bench.path("plain.txt")) is a file, not a folder")
        }
    }

    @Test(.enabled(if: ScratchMount.isAvailable, "needs to mount (root with CAP_SYS_ADMIN)"))
    func aReadOnlyTargetIsNamedInASentenceByEveryCommand() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        try FileManager.default.createDirectory(atPath: bench.path("out"), withIntermediateDirectories: true)
        var results: [(String, (status: Int32, out: String, err: String), String)] = []
        do {
            let outFolder = try #require(ScratchMount.readOnly(bench.path("out")))
            for writer in Self.writers(into: bench.path("out")) {
                results.append((writer.name, Self.run(writer.arguments, in: bench.root), writer.file))
            }
            withExtendedLifetime(outFolder) {}
            let workspace = try #require(ScratchMount.readOnly(bench.path("ws")))
            // `daemon --once` on a read-only workspace: WorkspaceFaultTests, with the real binary.
            for command in [["sweep", "--config", "fleet.yaml"], ["merge", "--config", "fleet.yaml", "ws/runs"]] {
                results.append((command[0], Self.run(command, in: bench.root), bench.path("ws")))
            }
            withExtendedLifetime(workspace) {}
        }
        for (name, result, path) in results {
            #expect(result.status == 2, "\(name)")
            Self.expectWords(result.err, naming: path, reason: "read-only file system")
        }
    }

    @Test(.enabled(if: ScratchMount.isAvailable, "needs to mount (root with CAP_SYS_ADMIN)"))
    func aFullTargetIsNamedInASentenceByEveryCommand() throws {
        let bench = try FleetCommandTests.fleet()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        let disk = try #require(ScratchMount.tmpfs(at: bench.path("out"), megabytes: 1))
        disk.fill()
        for writer in Self.writers(into: bench.path("out")) {
            let result = Self.run(writer.arguments, in: bench.root)
            #expect(result.status == 2, "\(writer.name)")
            Self.expectWords(result.err, naming: writer.file, reason: "no space left on the device")
        }
        withExtendedLifetime(disk) {}
    }
}
