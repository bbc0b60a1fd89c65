import Foundation
import TestSupport
import Testing

/// A repository armed to run code at every chance (git hooks, `core.fsmonitor`, `core.hooksPath`,
/// smudge and clean filters, npm scripts, a Podfile, a Makefile, an Xcode shell-script phase, a code
/// Expo config) is scanned, swept twice (clone, then fetch) and reported by the real binary with a `git`
/// on PATH that leaves a mark: no mark ever appears, while the same repository does run its hooks for
/// git itself.
@Suite(.timeLimit(.minutes(2))) struct RepositoryCodeNeverRunsTests {
    static let hooks = [
        "pre-commit", "post-commit", "post-checkout", "post-merge", "post-index-change", "reference-transaction", "fsmonitor-watchman",
        "pre-auto-gc", "post-rewrite", "pre-push", "post-update", "update", "pre-receive", "post-receive", "push-to-checkout",
    ]

    /// A script that records `name` in the markers folder.
    static func mark(_ markers: String, _ name: String) -> String { "touch '\(markers)/\(name)'" }

    static func executable(_ path: String, _ body: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// The armed repository; every trap records its name under `markers`.
    static func armedRepository(_ bench: GitWorkbench, markers: String) throws -> String {
        var writer = ProjectWriter()
        writer.sourceFiles = ["AppDelegate.swift"]
        let project = writer.write().text
            .replacingOccurrences(of: "buildPhases = (\n", with: "buildPhases = (\n\t\t\t\tSCRIPTPHASE,\n")
            .replacingOccurrences(
                of: "objects = {\n",
                with:
                    "objects = {\n\t\tSCRIPTPHASE = {isa = PBXShellScriptBuildPhase; shellPath = /bin/sh; shellScript = \"\(mark(markers, "build-phase"))\"; };\n"
            )
        let npm = mark(markers, "npm")
        let repository = try bench.makeRepository(
            "armed",
            files: [
                "App.xcodeproj/project.pbxproj": project,
                "App/Info.plist": "<plist version=\"1.0\"><dict><key>LSRequiresIPhoneOS</key><true/></dict></plist>\n",
                "App/AppDelegate.swift": "@main class AppDelegate: UIResponder, UIApplicationDelegate {}\n",
                "package.json": """
                {"name": "armed", "dependencies": {"expo": "~54.0.0"},
                 "scripts": {"preinstall": "\(npm)", "postinstall": "\(npm)", "prepare": "\(npm)"}}
                """,
                "app.config.js": "require('child_process').execSync(\"\(mark(markers, "app-config"))\")\nmodule.exports = {}\n",
                "ios/Podfile": "system(\"\(mark(markers, "podfile"))\")\ntarget 'App' do\nend\n",
                "Makefile": "all:\n\t\(mark(markers, "makefile"))\n",
                ".gitattributes": "* filter=armed diff=armed\n",
                ".envrc": mark(markers, "envrc") + "\n",
            ])
        // Armed last, so that the workbench's own git commands above set nothing off.
        for hook in hooks {
            try executable(repository + "/.git/hooks/" + hook, mark(markers, "hook-" + hook))
            try executable(bench.path("hooks-path/" + hook), mark(markers, "hooks-path-" + hook))
        }
        let config = """
            [core]
            \tfsmonitor = \(mark(markers, "fsmonitor"))
            \thooksPath = \(bench.path("hooks-path"))
            \tsshCommand = \(mark(markers, "ssh-command"))
            \tpager = \(mark(markers, "pager"))
            [filter "armed"]
            \tsmudge = \(mark(markers, "smudge"))
            \tclean = \(mark(markers, "clean"))
            \tprocess = \(mark(markers, "filter-process"))
            [diff "armed"]
            \ttextconv = \(mark(markers, "textconv"))

            """
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: repository + "/.git/config"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(config.utf8))
        try handle.close()
        return repository
    }

    static func marks(_ markers: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: markers)) ?? []).sorted()
    }

    @Test func scanSweepReportAndDiffRunNothingFromTheRepositoryAndNeverSpawnGit() async throws {
        let bench = GitWorkbench("armed")
        let markers = bench.path("markers")
        try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
        let repository = try Self.armedRepository(bench, markers: markers)
        // A git first on PATH that leaves a mark before doing what git does.
        let realGit =
            ["/usr/bin/git", "/bin/git", "/usr/local/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "git"
        try Self.executable(bench.path("bin/git"), Self.mark(markers, "git-spawned") + "\nexec \(realGit) \"$@\"")
        let environment = ["PATH": bench.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        try Data("version: 1\nfleet: { name: Armed, deadline: 2027-04-01 }\nworkspace: ws\nrepos:\n  - url: armed\n".utf8).write(
            to: URL(fileURLWithPath: bench.path("fleet.yaml")))

        let scan = try await ScenesweepProcess.run(["scan", "--fail-on", "never", repository], in: bench.root, environment: environment)
        let sweeps = [
            try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml"], in: bench.root, environment: environment),
            try await ScenesweepProcess.run(["sweep", "--config", "fleet.yaml"], in: bench.root, environment: environment),
        ]
        let reports = [
            try await ScenesweepProcess.run(["report", "--config", "fleet.yaml"], in: bench.root, environment: environment),
            try await ScenesweepProcess.run(
                ["report", "--config", "fleet.yaml", "--format", "csv"], in: bench.root, environment: environment),
            try await ScenesweepProcess.run(["diff", "--config", "fleet.yaml"], in: bench.root, environment: environment),
        ]

        #expect(scan.status == 0, "\(scan.err)")
        #expect(scan.out.contains("app.config.ts") || scan.out.contains("app.config.js"))
        #expect(sweeps.map(\.status) == [0, 0], "\(sweeps.map(\.err))")
        #expect(sweeps[1].err.contains("reused") || sweeps[1].out.contains("reused"), "the second sweep fetched and found nothing new")
        #expect(reports.map(\.status) == [0, 0, 0], "\(reports.map(\.err))")
        #expect(Self.marks(markers) == [])

        // The traps are live: git itself, run in the repository, sets them off.
        let control = Process()
        control.executableURL = URL(fileURLWithPath: bench.path("bin/git"))
        control.arguments = ["-C", repository, "checkout", "-q", "-b", "control"]
        control.environment = ["HOME": bench.root, "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin"]
        control.standardOutput = FileHandle.nullDevice
        control.standardError = FileHandle.nullDevice
        try control.run()
        control.waitUntilExit()
        #expect(Self.marks(markers).contains("git-spawned"))
        #expect(Self.marks(markers).contains("fsmonitor"))
    }
}
