import XcodeProject

#if canImport(Glibc)
    import Glibc
#endif

/// Everything a scan knows about one tree: its files, projects, apps and lexed sources.
///
/// Built once, read-only afterwards, shared by every rule and every app. Rules see the tree only
/// through this type.
package final class Workspace: Sendable {
    /// Limits that keep hostile or generated files from dominating a scan.
    package struct Limits: Sendable {
        /// Source files above this size are skipped with a diagnostic.
        package var sourceFileBytes = 4 << 20
        /// Plists and xcconfig files above this size are skipped.
        package var plistBytes = 16 << 20
        /// project.pbxproj files above this size are skipped.
        package var projectBytes = 64 << 20

        package init() {}
    }

    package let origin: String
    package let files: [FileEntry]
    package let projects: [Project]
    package let apps: [App]
    /// Lexed source files by path: those whose bytes mention an anchor, and those naming the app's
    /// delegate classes.
    package let sources: [String: SourceFile]
    /// What each app's code says about its delegates and entry point, in the order of `apps`.
    package let facts: [AppFacts]
    package let diagnostics: [Diagnostic]
    /// Every file some target of some project compiles, and every app's sources.
    package let compiledSources: Set<String>
    /// The tree's CODEOWNERS, read even when `--path` limits the listing (it names owners of every path).
    package let codeOwners: CodeOwners?
    /// Whether vendored apps count in totals (`PathFilter.countsVendoredApps`).
    package let countsVendoredApps: Bool
    /// Every Xcode pin of the tree (CI files, `.xcode-version`, fastlane): see `toolchain(of:)`.
    package let toolchainPins: [XcodePin]
    /// The apps' lockfiles, read, by path.
    package let lockfiles: [String: Lockfile]
    /// The parsed `project.pbxproj` files by path, when the load was asked to keep them (`keepingProjectDocuments`).
    package let projectDocuments: [String: ProjectDocument]
    private let fileSet: Set<String>
    private let source: any FileSource
    /// What the workspace was loaded from: a re-scan of a patched tree reads the rest of the tree through it.
    package var fileSource: any FileSource { source }

    private init(
        source: any FileSource, files: [FileEntry], projects: [Project], apps: [App], sources: [String: SourceFile], facts: [AppFacts],
        diagnostics: [Diagnostic], countsVendoredApps: Bool, toolchainPins: [XcodePin] = [], lockfiles: [String: Lockfile] = [:],
        projectDocuments: [String: ProjectDocument] = [:]
    ) {
        self.projectDocuments = projectDocuments
        self.countsVendoredApps = countsVendoredApps
        self.source = source
        self.toolchainPins = toolchainPins
        self.lockfiles = lockfiles
        self.origin = source.origin
        // Sorted by path, so that the files of one folder are one slice (see `files(inside:)`).
        // Sources list their files sorted already: checking costs one comparison per file, sorting many.
        let sorted = zip(files, files.dropFirst()).allSatisfy { $0.path <= $1.path }
        self.files = sorted ? files : files.sorted { $0.path < $1.path }
        self.fileSet = Set(files.map(\.path))
        var compiled = Set(apps.flatMap(\.sourceFiles))
        for project in projects {
            for target in project.targets { compiled.formUnion(target.sourceFiles) }
        }
        self.compiledSources = compiled
        self.codeOwners = CodeOwners.load { try? source.read($0, limit: 1 << 20) }
        self.projects = projects
        self.apps = apps
        self.sources = sources
        self.facts = facts
        self.diagnostics = diagnostics
    }

    /// The listed files inside `folder` (every file for the root), found by binary search: rules that look
    /// around one app's folder stay proportional to that folder, however many apps the tree holds.
    package func files(inside folder: String) -> ArraySlice<FileEntry> {
        files.slice(inside: folder, path: \.path)
    }

    /// Lists, discovers and lexes.
    /// - Parameter anchors: literals a source file must contain to matter to any rule; files with none
    ///   are not lexed (unless they name one of the app's delegate classes).
    /// - Parameters:
    ///   - reusing: files lexed by an earlier load of the same tree whose bytes are unchanged (a patched
    ///     tree's re-scan reuses all but the patched ones), taken as they are instead of read again.
    ///   - notLexed: source files that earlier load read and left unlexed, unchanged since: left unlexed again
    ///     without reading them.
    package static func load(
        from source: any FileSource, filter: PathFilter = PathFilter(), anchors: AnchorSearch, limits: Limits = Limits(),
        reusing: [String: SourceFile] = [:], notLexed: Set<String> = [], keepingProjectDocuments: Bool = false,
        reusingProjects: [String: Project] = [:]
    ) -> Workspace {
        let source = reusing.isEmpty && notLexed.isEmpty ? source : ReusingSource(base: source, lexed: reusing, notLexed: notLexed)
        var diagnostics: [Diagnostic] = []
        let clock = PhaseClock()
        let files = source.listFiles(filter: filter, diagnostics: &diagnostics)
        clock.lap("list \(files.count) files")
        let listed = Set(files.map(\.path))
        let reader = LimitedReader(source: source, listed: listed, limits: limits)

        // Reading, filtering and lexing the sources under the projects' folders does not depend on
        // which target compiles them, so it overlaps with parsing the projects.
        let projectFolders = files.map(\.path).filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
            .map { Paths.directory(of: Paths.directory(of: Paths.directory(of: $0))) }
        let speculative = files.map(\.path).filter { path in
            SourceLanguage(path: path) != nil && projectFolders.contains { Paths.isInside(path, $0) }
        }
        let (discovered, early) = Parallel.overlap(
            {
                var discovery = AppDiscovery(tree: AppDiscovery.Tree(files: files, load: { reader.load($0) }))
                discovery.limits = filter.onlyFolders
                discovery.keepsDocuments = keepingProjectDocuments
                discovery.knownProjects = reusingProjects
                let apps = discovery.run()
                return (apps, discovery.projects, discovery.diagnostics, discovery.documents)
            }, map: speculative.count
        ) { index in
            SourceLoad.load(speculative[index], source: source, limits: limits, anchors: anchors)
        }
        let (allApps, projects, discoveryDiagnostics, documents) = discovered
        let apps = allApps.filter { filter.keeps(app: $0.path, generated: $0.generated != nil) }
        clock.lap("discover \(apps.count) apps while reading \(speculative.count) sources")
        diagnostics += discoveryDiagnostics
        diagnostics += reader.problems

        // Sources outside the projects' folders (`../Shared`), and apps without a project.
        var loaded = Dictionary(uniqueKeysWithValues: zip(speculative, early))
        let remaining = Array(Set(apps.flatMap(\.sourceFiles)).subtracting(loaded.keys)).sorted()
        let late = Parallel.map(remaining.count) { index in
            SourceLoad.load(remaining[index], source: source, limits: limits, anchors: anchors)
        }
        for (path, outcome) in zip(remaining, late) { loaded[path] = outcome }
        let paths = Array(Set(apps.flatMap(\.sourceFiles))).sorted()
        clock.lap("read, filter and lex \(remaining.count) more sources")
        var sources: [String: SourceFile] = [:]
        var skipped: [String] = []
        for path in paths {
            guard let outcome = loaded[path] else { continue }
            diagnostics += outcome.diagnostics
            if let file = outcome.file {
                sources[path] = file
            } else if outcome.readable {
                skipped.append(path)
            }
        }

        var facts = Parallel.map(apps.count) { [sources] index in AppFacts(app: apps[index], sources: sources) }
        clock.lap("app facts")

        // Second pass: delegate classes with unusual names live in files no anchor matched (an
        // `extension MainScene` in a file of its own). Lex the files that name them.
        let names = DelegateNames.collect(facts).filter { name in
            !anchors.occurs(in: Array(name.utf8))
        }
        if !names.isEmpty, !skipped.isEmpty {
            let nameSearch = AnchorSearch(names.filter { $0.utf8.count >= 4 })
            let second = Parallel.map(skipped.count) { [skipped] index in
                SourceLoad.load(skipped[index], source: source, limits: limits, anchors: nameSearch, quiet: true)
            }
            var added: Set<String> = []
            for (index, outcome) in second.enumerated() {
                if let file = outcome.file {
                    sources[skipped[index]] = file
                    added.insert(skipped[index])
                }
            }
            if !added.isEmpty {
                facts = Parallel.map(apps.count) { [sources, facts, added] index in
                    apps[index].sourceFiles.contains(where: added.contains) ? AppFacts(app: apps[index], sources: sources) : facts[index]
                }
            }
        }
        clock.lap("second pass")

        // Third pass: delegate superclasses declared elsewhere in the repository (a local pod, a framework
        // target linked without a dependency). Only trees whose delegates have such a superclass pay for it.
        var linked = [[String]](repeating: [], count: apps.count)
        for _ in 0..<3 {
            let wanted = FirstPartyBases.unresolved(facts)
            let allNames = wanted.reduce(into: Set<String>()) { $0.formUnion($1) }
            guard !allNames.isEmpty else { break }
            let search = AnchorSearch(allNames.sorted())
            let candidates = files.map(\.path).filter { SourceLanguage(path: $0) != nil }
            var lexed: [String: SourceFile] = [:]
            let unread = candidates.filter { sources[$0] == nil }
            let outcomes = Parallel.map(unread.count) { [unread] index in
                SourceLoad.load(unread[index], source: source, limits: limits, anchors: search, quiet: true)
            }
            for (path, outcome) in zip(unread, outcomes) { if let file = outcome.file { lexed[path] = file } }
            for path in candidates where sources[path] != nil { lexed[path] = sources[path] }
            var grew = false
            for (appIndex, names) in wanted.enumerated() where !names.isEmpty {
                let own = Set(apps[appIndex].sourceFiles).union(linked[appIndex])
                for (path, file) in lexed where !own.contains(path) && !FirstPartyBases.declares(file, anyOf: names).isEmpty {
                    linked[appIndex].append(path)
                    sources[path] = file
                    grew = true
                }
            }
            guard grew else { break }
            facts = Parallel.map(apps.count) { [sources, facts, linked] index in
                linked[index].isEmpty ? facts[index] : AppFacts(app: apps[index], sources: sources, linked: linked[index])
            }
        }
        clock.lap("first-party delegate bases")
        let pins = ToolchainPins.collect(files: files) { path, limit throws(FileSourceError) in try source.read(path, limit: limit) }
        diagnostics += pins.diagnostics
        let lockfiles = DependencyLocks.read(Set(apps.flatMap(\.lockfiles)).sorted(), source: source, limit: limits.plistBytes)
        diagnostics += lockfiles.diagnostics
        clock.lap("toolchain pins and lockfiles")
        diagnostics = Array(Set(diagnostics)).sorted()
        return Workspace(
            source: source, files: files, projects: projects, apps: apps, sources: sources, facts: facts, diagnostics: diagnostics,
            countsVendoredApps: filter.countsVendoredApps, toolchainPins: pins.pins, lockfiles: lockfiles.byPath,
            projectDocuments: documents)
    }

    /// The owners CODEOWNERS gives an app: those of its Info.plist (or of the file that declares it).
    package func owners(of app: App) -> [String] {
        guard let codeOwners else { return [] }
        return codeOwners.owners(of: app.infoPlists.first?.file ?? app.declaration.file)
    }

    /// The Xcode the app builds with: the pins whose CI configuration covers its folder or its project's.
    package func toolchain(of app: App) -> AppToolchain {
        var folders = [app.path]
        if let project = app.project { folders.append(Paths.directory(of: project)) }
        return ToolchainPins.toolchain(of: folders, pins: toolchainPins)
    }

    /// The app's lockfiles that could be read, in the app's order.
    package func lockfiles(of app: App) -> [Lockfile] {
        app.lockfiles.compactMap { lockfiles[$0] }
    }

    /// The lexed files among an app's sources, sorted by path.
    package func sourceFiles(of app: App) -> [SourceFile] {
        app.sourceFiles.compactMap { sources[$0] }
    }

    /// The bytes of a file of the tree, or nil when it is not listed or cannot be read.
    package func read(_ path: String) -> [UInt8]? {
        guard fileSet.contains(path) else { return nil }
        return try? source.read(path)
    }

    /// Whether a root-relative path exists in the tree.
    package func contains(_ path: String) -> Bool {
        fileSet.contains(path)
    }
}

/// Reads plists, projects and xcconfigs for discovery, within size limits, remembering what failed.
private final class LimitedReader: @unchecked Sendable {
    let source: any FileSource
    let listed: Set<String>
    let limits: Workspace.Limits
    /// Paths by their lowercased spelling: projects made on macOS's case-insensitive disks often
    /// spell an include or a plist with different capitals.
    private lazy var caseless: [String: String] = Dictionary(listed.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    private(set) var problems: [Diagnostic] = []

    init(source: any FileSource, listed: Set<String>, limits: Workspace.Limits) {
        self.source = source
        self.listed = listed
        self.limits = limits
    }

    // Discovery runs on one thread, so `problems` and `caseless` need no lock.
    func load(_ requested: String) -> (path: String, bytes: [UInt8])? {
        var path = requested
        if !listed.contains(path) {
            guard let match = caseless[path.lowercased()] else { return nil }
            path = match
        }
        let limit = path.hasSuffix(".pbxproj") ? limits.projectBytes : limits.plistBytes
        do {
            return (path, try source.read(path, limit: limit))
        } catch {
            switch error {
            case .tooLarge(_, let size, let limit):
                problems.append(Diagnostic(.warning, file: path, "\(ByteCount(size)) exceeds the \(ByteCount(limit)) limit; skipped"))
            default:
                problems.append(Diagnostic(.warning, file: path, "cannot read: \(error)"))
            }
            return nil
        }
    }
}

/// Reading, checking and lexing one source file.
struct SourceLoad: Sendable {
    var file: SourceFile?
    var diagnostics: [Diagnostic] = []
    /// False when the file could not be used at all (so a second pass need not retry it).
    var readable = true

    static func load(
        _ path: String, source: any FileSource, limits: Workspace.Limits, anchors: AnchorSearch, quiet: Bool = false
    ) -> SourceLoad {
        if let reusing = source as? ReusingSource {
            if let file = reusing.lexed[path] { return SourceLoad(file: file) }
            if reusing.notLexed.contains(path) { return SourceLoad() }
        }
        var outcome = SourceLoad()
        guard let language = SourceLanguage(path: path) else {
            outcome.readable = false
            return outcome
        }
        let bytes: [UInt8]
        do {
            bytes = try source.read(path, limit: limits.sourceFileBytes)
        } catch {
            if !quiet {
                switch error {
                case .tooLarge(_, let size, let limit):
                    outcome.diagnostics.append(
                        Diagnostic(.warning, file: path, "\(ByteCount(size)) source file exceeds the \(ByteCount(limit)) limit; skipped"))
                default:
                    outcome.diagnostics.append(Diagnostic(.warning, file: path, "cannot read: \(error)"))
                }
            }
            outcome.readable = false
            return outcome
        }
        if TextCheck.looksBinary(bytes) {
            if !quiet { outcome.diagnostics.append(Diagnostic(.warning, file: path, "binary data in a source file; skipped")) }
            outcome.readable = false
            return outcome
        }
        // One pass finds the anchors and the words rules will ask the file about.
        let presence = anchors.presence(in: bytes)
        if let presence {
            guard anchors.hasAnchor(presence) else { return outcome }
        } else {
            guard anchors.occurs(in: bytes) else { return outcome }
        }
        if !quiet, let offset = TextCheck.firstInvalidUTF8(bytes) {
            outcome.diagnostics.append(Diagnostic(.note, file: path, "invalid UTF-8 at byte \(offset); scanned as bytes"))
        }
        outcome.file = SourceFile(path: path, bytes: bytes, language: language, presence: presence)
        return outcome
    }
}

/// Cheap checks on file contents.
enum TextCheck {
    /// A NUL byte in the first 8 KiB: what git and grep take for binary.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, min(buffer.count, 8192)) != nil
        }
    }

    /// The offset of the first byte that breaks UTF-8 (overlong forms, surrogates and code points past
    /// U+10FFFF included), or nil when the text is valid.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            let raw = UnsafeRawPointer(base)
            var index = 0
            let count = buffer.count
            while index < count {
                // Source text is mostly ASCII: eight bytes at a time while no high bit is set.
                if index + 8 <= count, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
                let byte = buffer[index]
                if byte < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                // The allowed range of the second byte narrows for E0, ED, F0 and F4 (RFC 3629).
                var second: ClosedRange<UInt8> = 0x80...0xBF
                switch byte {
                case 0xC2...0xDF: length = 2
                case 0xE0:
                    length = 3
                    second = 0xA0...0xBF
                case 0xED:
                    length = 3
                    second = 0x80...0x9F
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xF0:
                    length = 4
                    second = 0x90...0xBF
                case 0xF1...0xF3: length = 4
                case 0xF4:
                    length = 4
                    second = 0x80...0x8F
                default: return index
                }
                guard index + length <= count, second.contains(buffer[index + 1]) else { return index }
                for next in 2..<length where buffer[index + next] & 0xC0 != 0x80 {
                    return index
                }
                index += length
            }
            return nil
        }
    }
}

/// A source whose already-lexed files `SourceLoad` takes as they are; everything else reads through.
struct ReusingSource: FileSource {
    let base: any FileSource
    let lexed: [String: SourceFile]
    let notLexed: Set<String>

    var origin: String { base.origin }

    func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry] {
        base.listFiles(filter: filter, diagnostics: &diagnostics)
    }

    func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        try base.read(path, limit: limit)
    }
}
