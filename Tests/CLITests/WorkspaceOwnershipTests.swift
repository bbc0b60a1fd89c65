import CLI
import Foundation
import TestSupport
import Testing

/// A workspace belongs to one fleet: it records whose it is and refuses another fleet's sweep, merge,
/// diff and report; paths that cannot be a workspace are config errors (issue 13, item 7).
@Suite("a workspace belongs to one fleet")
struct WorkspaceOwnershipTests {
    static func run(_ arguments: [String], in directory: String) -> (status: Int32, out: String, err: String) {
        FleetCommandTests.run(arguments, in: directory)
    }

    /// fleet.yaml (CLI Fleet) and other.yaml (Other Fleet), both with `workspace: ws`.
    static func twoFleets() throws -> GitWorkbench {
        let bench = try FleetCommandTests.fleet()
        try bench.write(
            [
                "other.yaml": """
                version: 1
                fleet: { name: Other Fleet }
                workspace: ws
                repos:
                  - url: books

                """
            ], in: bench.root)
        return bench
    }

    @Test func anotherFleetsSweepIsRefusedWithAClearMessageAndTheWorkspaceIsUntouched() throws {
        let bench = try Self.twoFleets()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        let latest = try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8)

        let other = Self.run(["sweep", "--config", "other.yaml", "--quiet"], in: bench.root)

        #expect(other.status == 2)
        #expect(
            other.err.contains(
                "scenesweep sweep: the workspace \(bench.root)/ws belongs to the fleet 'CLI Fleet' (\(bench.root)/fleet.yaml), "
                    + "not to 'Other Fleet' (\(bench.root)/other.yaml): give each fleet a workspace of its own"))
        #expect(try String(contentsOfFile: bench.path("ws/latest"), encoding: .utf8) == latest)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bench.path("ws/runs")).count == 1)
        for command in [["diff", "--config", "other.yaml"], ["report", "--config", "other.yaml"]] {
            let refused = Self.run(command, in: bench.root)
            #expect(refused.status == 2, "\(command)")
            #expect(refused.err.contains("belongs to the fleet 'CLI Fleet'"), "\(command)")
        }
        // The owner goes on as before.
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        #expect(Self.run(["diff", "--config", "fleet.yaml"], in: bench.root).status == 0)
    }

    @Test func aWorkspaceFromBeforeOwnershipIsClaimedByTheFleetOfItsRuns() throws {
        let bench = try Self.twoFleets()
        #expect(Self.run(["sweep", "--config", "fleet.yaml", "--quiet"], in: bench.root).status == 0)
        try FileManager.default.removeItem(atPath: bench.path("ws/fleet.json"))

        let other = Self.run(["sweep", "--config", "other.yaml", "--quiet"], in: bench.root)

        #expect(other.status == 2)
        #expect(other.err.contains("belongs to the fleet 'CLI Fleet'"))
    }

    @Test(arguments: [
        ("''", "workspace: empty path; name a folder for mirrors and runs, such as .scenesweep"),
        ("/", "workspace: '/' is the root of the file system; name a folder of its own, such as /var/lib/scenesweep"),
        ("/etc", "workspace: '/etc' is a system folder; name a folder of its own, such as /var/lib/scenesweep"),
        ("/dev/null", "workspace: '/dev/null' is not a folder"),
        ("notes.txt", "workspace: 'notes.txt' is a file, not a folder"),
        ("notes.txt/ws", "workspace: 'notes.txt/ws' is inside 'notes.txt', which is a file"),
    ])
    func unusableWorkspacePathsAreConfigErrorsWithTheirPlace(workspace: String, message: String) throws {
        let bench = GitWorkbench("workspace")
        try bench.write(
            ["notes.txt": "not a folder\n", "fleet.yaml": "version: 1\nworkspace: \(workspace)\nrepos:\n  - url: shop\n"], in: bench.root)

        let validate = Self.run(["validate", "--config", "fleet.yaml"], in: bench.root)
        let sweep = Self.run(["sweep", "--config", "fleet.yaml"], in: bench.root)

        #expect(validate.status == 2)
        #expect(validate.err.hasPrefix("fleet.yaml:2:12: error: \(message)\n"), "\(validate.err)")
        #expect(sweep.status == 2)
        #expect(sweep.err.hasPrefix("fleet.yaml:2:12: error: "))
        #expect(!sweep.err.contains("NSCocoaErrorDomain"))
    }
}
