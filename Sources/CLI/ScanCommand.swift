import Foundation
import Reports
import Results
import Rules
import ScanCore
import YAML

/// `scenesweep scan [PATH]`.
enum ScanCommand: Command {
    static let name = "scan"
    static let summary = "Scan a working tree and report every app's iOS 27 readiness"

    struct Options {
        var format = ReportFormat.text
        var output: String?
        var failOn: Severity? = .error
        var filter = PathFilter()
        var rules = RuleSelection()
        var quiet = false
        /// Threads to use; nil: every core.
        var jobs: Int?
        /// `--root`: the folder paths are written relative to; nil: the repository root, found.
        var root: String?
    }

    static var options: [OptionDoc] { OptionDoc.list(table) }

    static var table: [OptionSpec<Options>] {
        [
            OptionSpec(["--format", "-f"], value: "FORMAT", help: "text (default), json, markdown, sarif or github") { options, value in
                guard let format = ReportFormat(rawValue: value) else {
                    throw UsageError(
                        message: "unknown format '\(value)'; use one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                options.format = format
            },
            OptionSpec(["--output", "-o"], value: "FILE", help: "Write the report to FILE instead of standard output") { options, value in
                options.output = value
            },
            OptionSpec(
                ["--fail-on"], value: "LEVEL", help: "Exit 1 when a finding is at LEVEL or worse:\nerror (default), warning, note or never"
            ) { options, value in
                options.failOn = try failOnLevel(value)
            },
            OptionSpec(["--path"], value: "SUBDIR", help: "Only scan inside SUBDIR (relative to PATH); repeatable") { options, value in
                options.filter.onlyFolders.append(value.hasSuffix("/") ? String(value.dropLast()) : value)
            },
            OptionSpec(["--exclude"], value: "GLOB", help: "Skip paths matching GLOB (e.g. '**/Generated/**'); repeatable") {
                options, value in
                options.filter.excludeGlobs.append(value)
            },
            OptionSpec(["--include-vendored"], help: "Also scan Pods/, node_modules/, build/, DerivedData/ and the like") { options, _ in
                options.filter.skippedFolders = [".git", ".svn", ".hg"]
            },
            OptionSpec(
                ["--count-vendored-apps"],
                help:
                    "Count apps inside third-party code (vendor/, third_party/, submodules...)\nin the totals and --fail-on (default: reported apart)"
            ) { options, _ in
                options.filter.countsVendoredApps = true
            },
            OptionSpec(["--disable"], value: "RULE", help: "Do not run RULE; repeatable") { options, value in
                guard let rule = Catalogue.rule(named: value) else { throw unknownRule(value) }
                options.rules.disabled.insert(rule.description.id)
            },
            OptionSpec(
                ["--severity"], value: "RULE=LEVEL",
                help:
                    "Report RULE's findings at its default level at LEVEL (error, warning,\nnote); those it grades higher (a crash) keep their grade; repeatable"
            ) { options, value in
                let (rule, level) = try ruleLevel(value, option: "--severity")
                options.rules.severities[rule] = level
            },
            OptionSpec(
                ["--force-severity"], value: "RULE=LEVEL",
                help:
                    "Report every finding of RULE at LEVEL, even those it grades higher\n(this can turn a crash into a warning); repeatable"
            ) { options, value in
                let (rule, level) = try ruleLevel(value, option: "--force-severity")
                options.rules.forcedSeverities[rule] = level
            },
            OptionSpec(
                ["--root"], value: "DIR",
                help: "Write paths relative to DIR (default: the repository root, the folder\nabove PATH holding .git; else PATH)"
            ) { options, value in
                options.root = value
            },
            OptionSpec(["--quiet", "-q"], help: "Do not print diagnostics about unreadable files") { options, _ in
                options.quiet = true
            },
            OptionSpec(["--jobs", "-j"], value: "N", help: "Use at most N threads (default: one per core)") { options, value in
                guard let jobs = Int(value), jobs > 0 else { throw UsageError(message: "--jobs takes a positive number, got '\(value)'") }
                options.jobs = jobs
            },
        ]
    }

    static var help: String {
        """
        USAGE: scenesweep scan [PATH] [options]

        Scans the working tree at PATH (default: the current folder). Paths in every report are relative to
        the repository root (the folder at or above PATH holding .git, or --root), whatever folder was
        scanned, so annotations and code-scanning alerts attach to their files. Every application target of every
        .xcodeproj is an app (App Clips included; extensions, frameworks, tests, watch and macOS-only targets
        are not), and so is every application target an XcodeGen spec (project.yml), Tuist manifest
        (Project.swift) or Bazel BUILD file describes (read, never run); folders without a project are
        recognised by their Info.plist. A tree (or --path) with signs of an iOS app (a Podfile, an ios/
        folder, a React Native, Expo, Capacitor, Flutter or Cordova manifest, code importing UIKit or
        SwiftUI) where no app could be identified is reported as one unknown app with the reason. Pods/, node_modules/,
        build/, DerivedData/ and .build/ are skipped unless --include-vendored is given.

        Each app gets a verdict: blocked (an error: it will not launch, shows a black screen, does not build
        or is rejected at upload when built with the iOS 27 SDK), at-risk (a warning: it launches but something
        silently stops working) or ready. Problems reading files are printed to standard error and never stop
        the scan.

        OPTIONS:
        \(OptionParser.help(table))

        SUPPRESSIONS:
          // scenesweep:ignore RULE[,RULE] reason   on the finding's line or the line above
          (/* … */ in Objective-C, <!-- … --> in Info.plist). Suppressed findings are counted, not dropped.

        EXIT STATUS:
          0  no finding at or above --fail-on     2  the scan could not run (PATH missing; no app and no sign of one)
          1  findings at or above --fail-on       64 usage error

        EXAMPLES:
          scenesweep scan
          scenesweep scan ~/src/shop --format markdown -o readiness.md
          scenesweep scan . --format github --fail-on warning      (in a GitHub Actions step)
          scenesweep scan apps --path ios --disable main-screen-use

        """
    }

    /// `RULE=LEVEL` as the rule's id and the level.
    static func ruleLevel(_ value: String, option: String) throws -> (String, Severity) {
        let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw UsageError(message: "\(option) takes RULE=LEVEL, got '\(value)'") }
        guard let rule = Catalogue.rule(named: parts[0]) else { throw unknownRule(parts[0]) }
        guard let level = Severity(rawValue: parts[1]) else {
            throw UsageError(message: "unknown level '\(parts[1])'; use error, warning or note")
        }
        return (rule.description.id, level)
    }

    static func unknownRule(_ name: String) -> UsageError {
        let suggestion = NameSuggestion.hint(name, in: Catalogue.all.map { $0.description.id })
        return UsageError(message: "unknown rule '\(name)'\(suggestion) ('scenesweep rules' lists them)")
    }

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        var options = Options()
        let positional = try OptionParser.parse(arguments, table: table, into: &options)
        guard positional.count <= 1 else {
            throw UsageError(message: "expected one PATH, got \(positional.count): \(positional.joined(separator: " "))")
        }
        let root = positional.first ?? "."
        // Paths in every format are from the repository root, whatever folder was scanned, so GitHub and
        // code scanning can attach findings to their files.
        let repository = try RepositoryRoot.find(
            scanned: absolutePath(root, in: console.directory), explicit: options.root.map { absolutePath($0, in: console.directory) })
        let label = repository.prefix.isEmpty ? root : rootLabel(repository.path, in: console.directory)
        let source: DirectorySource
        do {
            source = try DirectorySource(root: resolve(root, in: console.directory), label: label)
        } catch {
            console.err("scenesweep scan: cannot scan '\(root)': \(Self.describe(error))\n")
            return ExitStatus.failed
        }
        var report = Parallel.limited(to: options.jobs) { Scanner.scan(source, filter: options.filter, rules: options.rules) }
            .rebased(under: repository.prefix)
        report.rootURI = repository.uri
        if !options.quiet {
            for diagnostic in report.diagnostics {
                console.err(diagnostic.description + "\n")
            }
        }
        // Nothing to check is a failed gate, not a passing one: a wrong path must not turn CI green.
        if report.apps.isEmpty {
            let limits = options.filter.onlyFolders.isEmpty ? "" : " (limited to \(options.filter.onlyFolders.joined(separator: ", ")))"
            console.err("scenesweep scan: no iOS, tvOS or visionOS application targets found in '\(root)'\(limits)\n")
            return ExitStatus.failed
        }
        let rendered = options.format.render(report)
        if let output = options.output {
            let target = resolve(output, in: console.directory)
            do {
                try AtomicFile.write(rendered, to: target)
            } catch {
                console.err("scenesweep scan: \(FileProblem.sentence("write", output, actual: target, error))\n")
                return ExitStatus.failed
            }
            console.err(TextReport.summaryLine(report.summary) + "; report written to \(output)\n")
        } else {
            console.out(rendered)
        }
        guard let threshold = options.failOn else { return ExitStatus.clean }
        return report.findings.contains { $0.severity >= threshold } ? ExitStatus.findings : ExitStatus.clean
    }

    static func describe(_ error: FileSourceError) -> String {
        switch error {
        case .notFound: return "no such folder"
        case .unreadable(_, let reason): return reason
        case .tooLarge: return error.description
        }
    }

    static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") || directory == "." ? path : directory + "/" + path
    }

    /// How a report names the repository root: from the working folder when it is inside it.
    static func rootLabel(_ path: String, in directory: String) -> String {
        let base = URL(fileURLWithPath: absolutePath(".", in: directory)).resolvingSymlinksInPath().standardizedFileURL.path
        if path == base { return "." }
        return FleetCommands.display(path, relativeTo: base)
    }

    /// `path` made absolute against `directory` (the process's working folder for ".").
    static func absolutePath(_ path: String, in directory: String) -> String {
        let resolved = resolve(path, in: directory)
        return resolved.hasPrefix("/") ? resolved : FileManager.default.currentDirectoryPath + "/" + resolved
    }
}

/// Writes a file through a temporary name and a rename, so readers never see half a report.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        // Devices and pipes (/dev/stdout, /dev/null) cannot be replaced by a rename.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) != .typeRegular
        {
            try Data(text.utf8).write(to: url)
            return
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
