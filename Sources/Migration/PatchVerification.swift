import Foundation
import Results
import Rules
import ScanCore
import XcodeProject

/// The checks a patch must pass before `fix` offers it: the files it writes read back as what they are, the
/// patch applies with `git apply --check`, and a re-scan of the patched tree finds the app no longer blocked
/// with no new error anywhere. A patch that fails one is replaced by an explanation.
struct PatchVerification {
    struct Outcome {
        /// What passed, in words.
        var checks: [String] = []
        /// The first check that failed, if any.
        var failure: String?
        var resolves: [Finding] = []
        var remaining: [Finding] = []
        /// The patch as checked, with paths from the repository root.
        var patch: [UInt8] = []
        /// The scan of the patched tree, when the patch passed every check: the next patch of the tree is
        /// checked against it.
        var rescan: ScanReport?
    }

    let source: any FileSource
    let filter: PathFilter
    let rules: RuleSelection
    /// The tree as scanned, with the patches accepted before this one applied.
    let before: ScanReport
    /// The Swift compiler, for `-parse`, or why there is none (the check is then reported as not run).
    let swiftParser: SwiftParser
    /// Where `git` is looked up (`PATH`).
    let environment: [String: String]
    /// What `git apply --check` checks a patch against; `patchedEarlier` lists the files an accepted patch of
    /// the tree changed, which only copies can show as they now are.
    var applyBase: GitApplyCheck.Base = .copies
    var patchedEarlier: Set<String> = []
    /// The scan's anchors, and the files it lexed: the re-scan lexes again only what a patch changed.
    let anchors: AnchorSearch
    let lexed: [String: SourceFile]
    /// Source files the scan read and did not lex (no anchor in them).
    let notLexed: Set<String>
    /// The projects of the tree as scanned: what a target compiled before the patch.
    let projects: [Project]
    /// The scanned folder's path from the repository root ("" at the root): the patch is rendered, and
    /// checked by git, with the paths it is offered with.
    let prefix: String
    /// Every app of the tree as scanned, with what its code says: an app the patches leave alone keeps its
    /// report in the re-scan (`PatchScope`).
    var scannedFacts: [AppFacts] = []

    /// An app's path as its report spells it (the root is ".").
    static func reportPath(_ app: App) -> String {
        app.path.isEmpty ? "." : app.path
    }

    /// - Parameters:
    ///   - newFiles: the files the patch creates; the compiled ones must join the target's sources when
    ///     the patch edits `pbxproj`.
    ///   - pbxproj: the app's project file; `target` the name of the app's target in it.
    func verify(_ changes: [FileChange], app: AppReport, newFiles: [NewProjectFile], pbxproj: String?, target: String) -> Outcome {
        var outcome = Outcome()
        let clock = PhaseClock()
        func fail(_ text: String) -> Outcome {
            outcome.failure = text
            return outcome
        }
        for change in changes {
            if let problem = readBack(change, pbxproj: pbxproj) { return fail(problem) }
        }
        clock.lap("fix: read back \(changes.count) files")
        outcome.checks.append("every written file reads back (\(readers(of: changes, pbxproj: pbxproj)))")
        let rooted = changes.map { FileChange(path: prefix.isEmpty ? $0.path : prefix + "/" + $0.path, before: $0.before, after: $0.after) }
        outcome.patch = UnifiedDiff.render(rooted)
        let base = changes.contains { patchedEarlier.contains($0.path) } ? .copies : applyBase
        switch GitApplyCheck.run(outcome.patch, against: rooted, base: base, environment: environment) {
        case .passed:
            if case .commit = base {
                outcome.checks.append("git apply --check on the scanned commit")
            } else {
                outcome.checks.append("git apply --check")
            }
        case .failed(let message): return fail("git apply --check refused the patch: \(message)")
        case .notChecked(let reason): outcome.checks.append("git apply --check not run (\(reason))")
        }
        clock.lap("fix: git apply --check")
        let changed = Set(changes.map(\.path))
        // Projects the tree's patches leave alone are read as the scan read them; the edited one is read back.
        var unchangedProjects: [String: Project] = [:]
        for project in projects where project.kind == .xcodeproj {
            let path = project.pbxprojPath
            if !changed.contains(path), !patchedEarlier.contains(path) { unchangedProjects[path] = project }
        }
        let patched = Workspace.load(
            from: PatchedSource(base: source, changes: changes), filter: filter, anchors: anchors,
            reusing: lexed.filter { !changed.contains($0.key) }, notLexed: notLexed.subtracting(changed),
            reusingProjects: unchangedProjects)
        // Apps discovery finds as before, whose inputs no patch of the tree touched, keep their reports.
        let touched = changed.union(patchedEarlier)
        var carried: [Int: AppReport] = [:]
        // A tree of one app has no other (hashing a large app's `App` costs a million instructions).
        if patched.apps.count > 1 {
            let scannedByApp = Dictionary(scannedFacts.map { ($0.app, $0) }, uniquingKeysWith: { first, _ in first })
            for (index, other) in patched.apps.enumerated() where !(Self.reportPath(other) == app.path && other.target == app.target) {
                guard let facts = scannedByApp[other], PatchScope.leavesAlone(facts, touched: touched),
                    let earlier = before.apps.first(where: { $0.path == Self.reportPath(other) && $0.target == other.target })
                else { continue }
                carried[index] = earlier
            }
        }
        let after = Scanner.scan(patched, rules: rules, carried: carried)
        clock.lap("fix: re-scan")
        guard let rescanned = after.apps.first(where: { $0.path == app.path && $0.target == app.target }) else {
            return fail("the re-scan of the patched tree no longer finds the app")
        }
        if let pbxproj, changed.contains(pbxproj) {
            let old = projects.first { $0.pbxprojPath == pbxproj }?.targets.first { $0.name == target }
            let new = old.flatMap { old in patched.projects.first { $0.pbxprojPath == pbxproj }?.target(id: old.id) }
            do {
                try ProjectFileEditor.checkSources(before: old, after: new, adding: newFiles)
            } catch {
                return fail("\(pbxproj) read back: \(error)")
            }
        }
        func key(_ finding: Finding) -> String { "\(finding.rule)|\(finding.file)|\(finding.anchor)" }
        // Lines do not move in a file the patch leaves alone: they tell apart findings whose code reads the same
        // (two `func application(` lines of one app delegate).
        func place(_ finding: Finding) -> String { changed.contains(finding.file) ? key(finding) : key(finding) + "|\(finding.line)" }
        let earlierErrors = Set(before.apps.flatMap(\.findings).filter { $0.severity == .error }.map(key))
        if let new = after.apps.flatMap(\.findings).first(where: { $0.severity == .error && !earlierErrors.contains(key($0)) }) {
            return fail("the re-scan finds a new error: \(new.file):\(new.line): \(new.message) [\(new.rule)]")
        }
        // A patch is for one app: every other app keeps its verdict and gains no warning.
        for other in after.apps where !(other.path == app.path && other.target == app.target) {
            guard let earlier = before.apps.first(where: { $0.path == other.path && $0.target == other.target }) else {
                return fail("the re-scan finds an app the scan did not: \(other.target) (\(other.path))")
            }
            let known = Set(earlier.findings.map(key))
            if let new = other.findings.first(where: { $0.severity >= .warning && !known.contains(key($0)) }) {
                return fail("the patch changes \(other.target) too: \(new.file):\(new.line): \(new.message) [\(new.rule)]")
            }
            if other.verdict != earlier.verdict {
                return fail("the patch changes \(other.target) too: \(earlier.verdict.rawValue) before, \(other.verdict.rawValue) after")
            }
        }
        // A finding is cleared when it is gone, or only left at a lower level (a window the scene delegate now
        // shows stays as a note about its deprecated initialiser).
        var left: [String: Severity] = [:]
        for finding in rescanned.findings { left[place(finding)] = max(left[place(finding)] ?? finding.severity, finding.severity) }
        outcome.resolves = app.findings.filter { finding in left[place(finding)].map { $0 < finding.severity } ?? true }
        outcome.remaining = rescanned.findings.filter { $0.severity == .error || $0.severity == .warning }
        guard rescanned.verdict != .blocked else {
            let errors = rescanned.findings.filter { $0.severity == .error }
            return fail(
                "the patched app is still blocked: "
                    + errors.map { "\($0.file):\($0.line): \($0.message) [\($0.rule)]" }.joined(separator: "; "))
        }
        outcome.checks.append("re-scan: \(rescanned.verdict.rawValue), no new error, no other app changed")
        outcome.rescan = after
        return outcome
    }

    /// Whether a written file is what it claims to be; the problem otherwise.
    private func readBack(_ change: FileChange, pbxproj: String?) -> String? {
        let path = change.path
        if let language = SourceLanguage(path: path) {
            let name = language == .swift ? "Swift" : "Objective-C"
            let file = SourceFile(path: path, bytes: change.after, language: language)
            if let unbalanced = file.tokens.indices.first(where: { isBracket(file, $0) && file.partners[$0] < 0 }) {
                return "\(path):\(file.line(ofToken: unbalanced)): unbalanced bracket in the written \(name)"
            }
            if file.types.isEmpty { return "\(path): no type found in the written \(name)" }
            return language == .swift ? swiftParseProblem(change.after, name: Paths.fileName(of: path)) : nil
        }
        if path.hasSuffix(".json") {
            guard (try? JSONSerialization.jsonObject(with: Data(change.after))) != nil else {
                return "\(path): the edited JSON does not read back"
            }
            return nil
        }
        if path.hasSuffix(".plist") {
            do {
                let (value, _) = try PropertyListReader.read(change.after)
                guard value["UIApplicationSceneManifest"]?["UISceneConfigurations"] != nil else {
                    return "\(path): the scene manifest is missing when read back"
                }
            } catch {
                return "\(path): does not read back: \(error)"
            }
            if let problem = FoundationPlistRead.problem(change.after) { return "\(path): Foundation cannot read it back: \(problem)" }
            return nil
        }
        if path == pbxproj {
            if let problem = FoundationPlistRead.problem(change.after) {
                return "\(path): Foundation cannot read the edited project: \(problem)"
            }
            // ProjectReader reads it back in the re-scan below, where the target's sources are checked.
        }
        return nil
    }

    /// What read the written files back, in words, for the kinds of file the patch writes.
    private func readers(of changes: [FileChange], pbxproj: String?) -> String {
        let paths = changes.map(\.path)
        var readers: [String] = []
        if paths.contains(where: { $0.hasSuffix(".swift") }) {
            switch swiftParser {
            case .compiler: readers.append("Swift with swiftc -parse and scenesweep's lexer")
            case .none(let reason): readers.append("Swift with scenesweep's lexer; swiftc -parse not run: \(reason)")
            }
        }
        if paths.contains(where: { SourceLanguage(path: $0) == .objectiveC }) { readers.append("Objective-C with scenesweep's lexer") }
        if paths.contains(where: { $0.hasSuffix(".plist") }) { readers.append("plists with Foundation and scenesweep's reader") }
        if let pbxproj, paths.contains(pbxproj) { readers.append("project.pbxproj with Foundation, and ProjectReader in the re-scan") }
        if paths.contains(where: { $0.hasSuffix(".json") }) { readers.append("JSON with Foundation") }
        return readers.isEmpty ? "nothing to read back" : readers.joined(separator: "; ")
    }

    private func isBracket(_ file: SourceFile, _ index: Int) -> Bool {
        for byte in "{}()[]".utf8 where file.isPunctuation(index, byte) { return true }
        return false
    }

    /// `swiftc -parse` on the file: syntax only, so UIKit need not exist on this machine.
    private func swiftParseProblem(_ bytes: [UInt8], name: String) -> String? {
        guard case .compiler(let compiler) = swiftParser else { return nil }
        do {
            let folder = try ScratchFolder("scenesweep-parse")
            defer { folder.remove() }
            try folder.write(bytes, to: name)
            let run = try ChildProcess.run(compiler, ["-parse", folder.path + "/" + name], timeout: 60)
            guard run.status == 0 else {
                return "\(name) does not parse: " + run.errors.split(separator: "\n").prefix(3).joined(separator: "; ")
            }
            return nil
        } catch {
            return "\(name) could not be parsed: \(error)"
        }
    }
}
