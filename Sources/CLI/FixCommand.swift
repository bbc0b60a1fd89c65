import Foundation
import Git
import Migration
import Reports
import Results
import Rules
import ScanCore
import YAML

/// `scenesweep fix [PATH]`.
enum FixCommand: Command {
    static let name = "fix"
    static let summary = "Write a verified scene migration for each blocked app, or explain why not"

    enum Format: String, CaseIterable {
        case text, json
    }

    struct Options {
        var format = Format.text
        var output: String?
        var request = FixRequest()
        var filter = PathFilter()
        var write = false
        var force = false
        var root: String?
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            OptionSpec(["--app"], value: "TARGET", help: "Only the app with this target name (or folder); repeatable") { options, value in
                options.request.apps.append(value)
            },
            OptionSpec(["--all"], help: "Also consider at-risk apps, not only blocked ones") { options, _ in
                options.request.includeAtRisk = true
            },
            OptionSpec(["--format", "-f"], value: "FORMAT", help: "text (default: the patch on standard output) or json") {
                options, value in
                guard let format = Format(rawValue: value) else {
                    throw UsageError(message: "unknown format '\(value)'; use text or json")
                }
                options.format = format
            },
            OptionSpec(["--output", "-o"], value: "FILE", help: "Write the patch (or the JSON) to FILE instead of standard output") {
                options, value in
                options.output = value
            },
            OptionSpec(["--write"], help: "Apply the verified patches to the working tree (each file replaced atomically)") { options, _ in
                options.write = true
            },
            OptionSpec(["--force"], help: "With --write: also replace files that have uncommitted changes") { options, _ in
                options.force = true
            },
            OptionSpec(["--path"], value: "SUBDIR", help: "Only look inside SUBDIR (relative to PATH); repeatable") { options, value in
                options.filter.onlyFolders.append(value.hasSuffix("/") ? String(value.dropLast()) : value)
            },
            OptionSpec(["--exclude"], value: "GLOB", help: "Skip paths matching GLOB; repeatable") { options, value in
                options.filter.excludeGlobs.append(value)
            },
            OptionSpec(["--root"], value: "DIR", help: "Write paths relative to DIR (default: the repository root)") { options, value in
                options.root = value
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep fix [PATH] [options]

        Scans the working tree at PATH (default: the current folder) and, for each blocked app, either writes
        the scene migration or explains why it will not. A patch adds the scene manifest to every Info.plist
        the app's target uses (edited as text: comments and key order stay), a scene delegate beside the app
        delegate in its own language and indentation, and registers it in project.pbxproj. The scene delegate
        gives the scene the window the app delegate builds (or takes the main storyboard's) and calls the app
        delegate's own methods for links, user activities, quick actions and the four life-cycle events,
        including those that launched the app. No code of the app is removed or moved.

        A patch is offered only when it passes every check: each written file reads back (Swift parses with
        swiftc -parse, plists and the project with Foundation and scenesweep's readers), git apply --check
        takes it, and a re-scan of the patched tree finds the app no longer blocked and no new error. Anything
        else (a framework app, a partly migrated app, several windows, a generated Info.plist, a window made in
        a closure) is explained with file:line and the steps to do by hand.

        The patch goes to standard output (paths from the repository root, so `git apply` takes it there);
        what was patched and explained goes to standard error.

        OPTIONS:
        \(OptionParser.help(table))

        EXIT STATUS:
          0  every blocked app has a verified patch (or none is blocked)   2  the run failed
          1  some app is explained instead of patched                        64 usage error

        EXAMPLES:
          scenesweep fix > scenes.patch && git apply scenes.patch
          scenesweep fix ios --app Shelf --write
          scenesweep fix . --format json -o fix.json

        """
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.count <= 1 else {
            throw UsageError(message: "expected one PATH, got \(positional.count): \(positional.joined(separator: " "))")
        }
        if options.force && !options.write { throw UsageError(message: "--force only applies with --write") }
        let root = positional.first ?? "."
        let repository = try RepositoryRoot.find(
            scanned: ScanCommand.absolutePath(root, in: console.directory),
            explicit: options.root.map { ScanCommand.absolutePath($0, in: console.directory) })
        let source: DirectorySource
        do {
            source = try DirectorySource(
                root: ScanCommand.resolve(root, in: console.directory),
                label: repository.prefix.isEmpty ? root : ScanCommand.rootLabel(repository.path, in: console.directory))
        } catch {
            console.err("scenesweep fix: cannot read '\(root)': \(ScanCommand.describe(error))\n")
            return ExitStatus.failed
        }
        // The tools the checks use (git, swiftc) are found on PATH; an embedding caller that gives no PATH
        // gets the process's own.
        let environment = console.environment["PATH"] == nil ? ProcessInfo.processInfo.environment : console.environment
        options.request.swiftParser =
            FixCommandTools.swiftCompiler(environment).map(SwiftParser.compiler) ?? .none(reason: "no swiftc on PATH")
        options.request.environment = environment
        let run = Migrator.run(
            source: source, filter: options.filter, rules: RuleSelection(), request: options.request, prefix: repository.prefix)
        if run.report.apps.isEmpty {
            console.err("scenesweep fix: no iOS, tvOS or visionOS application targets found in '\(root)'\n")
            return ExitStatus.failed
        }
        for app in options.request.apps where !run.report.apps.contains(where: { $0.target == app || $0.path == app }) {
            let names = run.report.apps.map(\.target)
            throw UsageError(
                message: "no app named '\(app)'\(NameSuggestion.hint(app, in: names)) (the scan found: \(names.joined(separator: ", ")))")
        }
        let report = FixReport(
            root: run.report.root, toolVersion: run.report.toolVersion, rulePack: run.report.rulePack, apps: run.migrations)
        let rendered = options.format == .json ? report.json : report.patch
        if let output = options.output {
            let target = ScanCommand.resolve(output, in: console.directory)
            do {
                try AtomicFile.write(rendered, to: target)
            } catch {
                console.err("scenesweep fix: \(FileProblem.sentence("write", output, actual: target, error))\n")
                return ExitStatus.failed
            }
        } else if options.format == .json || !options.write {
            console.out(rendered)
        }
        console.err(FixSummary.render(report))
        if options.write {
            let changes = report.apps.filter { $0.status == .patched }.flatMap(\.changes)
            if let problem = FixCommandTools.write(changes, under: repository.path, force: options.force) {
                console.err("scenesweep fix: \(problem)\n")
                return ExitStatus.failed
            }
            if !changes.isEmpty { console.err("wrote \(Set(changes.map(\.path)).count) files\n") }
        }
        return report.explained > 0 ? ExitStatus.findings : ExitStatus.clean
    }
}

/// The parts of `fix` that touch the machine: finding the compiler, writing the working tree.
enum FixCommandTools {
    /// `swiftc` on PATH, found as `git` is for the apply check (absolute PATH entries only).
    static func swiftCompiler(_ environment: [String: String]) -> String? {
        GitApplyCheck.executable(named: "swiftc", searchPath: environment["PATH"] ?? "")?.path
    }

    /// Writes each file's final bytes (a file several apps change gets the last app's), each replaced through a
    /// temporary file and a rename; refuses, before writing anything, files with uncommitted changes (unless
    /// `force`) and new files that already exist. The problem, or nil when every file was written.
    static func write(_ changes: [FileChange], under root: String, force: Bool) -> String? {
        var finals: [String: FileChange] = [:]
        var order: [String] = []
        for change in changes {
            if let first = finals[change.path] {
                finals[change.path] = FileChange(path: change.path, before: first.before, after: change.after)
            } else {
                finals[change.path] = change
                order.append(change.path)
            }
        }
        if !force {
            guard let tree = WorkingTree.containing(root) else {
                return
                    "\(root) is not in a git working tree, so files with uncommitted changes cannot be told apart: commit first, or pass --force"
            }
            var dirty: [String] = []
            for path in order {
                let absolute = root + "/" + path
                let relative = absolute.hasPrefix(tree.root + "/") ? String(absolute.dropFirst(tree.root.count + 1)) : path
                if (try? tree.hasUncommittedChanges(relative)) != false { dirty.append(path) }
            }
            if !dirty.isEmpty {
                return
                    "not writing: \(dirty.joined(separator: ", ")) \(dirty.count == 1 ? "has" : "have") uncommitted changes (commit or stash them, or pass --force)"
            }
        }
        for path in order where finals[path]?.isNewFile == true && FileManager.default.fileExists(atPath: root + "/" + path) {
            return "not writing: \(path) already exists"
        }
        for path in order {
            guard let change = finals[path] else { continue }
            let url = URL(fileURLWithPath: root + "/" + path)
            do {
                if let before = change.before, let onDisk = FileManager.default.contents(atPath: url.path), Array(onDisk) != before {
                    return "not writing: \(path) changed since it was scanned"
                }
                try Data(change.after).write(to: url, options: .atomic)
            } catch {
                return "could not write \(path): \(error.localizedDescription)"
            }
        }
        return nil
    }
}
