import Git
import ScanCore
import Synchronization

/// The files of one commit, read from a bare repository's object store: no checkout, nothing from the
/// repository is ever written out or run. Behaves like `DirectorySource` on a checkout of the commit:
/// the same sorted listing under the same `PathFilter`, symlinks never followed (those leaving the tree
/// or not resolving are reported), submodules skipped.
///
/// One difference: a link out of the tree is reported as pointing outside whether or not its target
/// exists on this machine, which is none of the repository's business.
package struct GitTreeSource: FileSource {
    package let origin: String
    package let repositoryPath: String
    package let commit: ObjectID
    /// Blobs larger than this are never read.
    package let readLimit: Int
    private let pool: RepositoryPool
    private let state: ListingState

    /// The listing for one filter.
    package struct Listing: Sendable {
        package let files: [FileEntry]
        package let diagnostics: [Diagnostic]
        /// Files of the tree whose blobs the object store lacks (each also counted in a diagnostic).
        package var missingFiles: Int = 0
    }

    struct Blob: Sendable {
        let id: ObjectID
        let size: Int
        let isMissing: Bool
        var executable = false
    }

    /// - Throws: when the repository cannot be opened or does not hold the commit.
    /// - Parameter label: how reports name the tree (default: `path@commit`).
    package init(repositoryPath: String, commit: ObjectID, label: String? = nil, readLimit: Int = 64 << 20) throws(GitError) {
        let pool = RepositoryPool(path: repositoryPath)
        do {
            _ = try pool.withRepository { try $0.commit(commit) }
        } catch let error as GitError {
            throw error
        } catch {
            throw GitError(.other, "\(error)")
        }
        self.pool = pool
        self.repositoryPath = repositoryPath
        self.commit = commit
        self.readLimit = readLimit
        self.origin = label ?? "\(repositoryPath)@\(commit)"
        self.state = ListingState()
    }

    /// Lists the tree for `filter` once (later calls reuse it), throwing what `listFiles` can only report.
    package func listing(filter: PathFilter) throws(GitError) -> Listing {
        if let cached = state.listing(for: filter) { return cached }
        let (listing, blobs) = try walk(filter: filter)
        state.store(listing, blobs: blobs, for: filter)
        return listing
    }

    package func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry] {
        do {
            let listing = try listing(filter: filter)
            diagnostics += listing.diagnostics
            return listing.files
        } catch {
            diagnostics.append(Diagnostic(.error, file: nil, "cannot list the tree of \(commit): \(error.message)"))
            return []
        }
    }

    package func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        let blob: Blob
        if let listed = state.blob(at: path) {
            blob = listed
        } else {
            blob = try lookUp(path)
        }
        if blob.isMissing { throw .unreadable(path, reason: "object \(blob.id) is missing from the repository") }
        let limit = min(limit, readLimit)
        guard blob.size <= limit else { throw .tooLarge(path, size: blob.size, limit: limit) }
        do {
            return try pool.withRepository { try $0.readBlob(blob.id) }
        } catch let error as GitError {
            if error.isDamage { state.noteDamage(GitError(error.kind, "\(path): \(error.message)", errorClass: error.errorClass)) }
            throw .unreadable(path, reason: error.message)
        } catch {
            throw .unreadable(path, reason: "\(error)")
        }
    }

    /// The first damage a read met (an object whose data fails zlib's check, or cannot be found where the
    /// listing saw it): the scan saw that file as unreadable, which a fresh clone may cure.
    package var damage: GitError? { state.damage }

    /// The index entry of a plain file of the commit (`git apply --check --cached` reads it from the object
    /// store); nil for a path that is not one, or whose blob is missing.
    package func indexEntry(at path: String) -> GitIndexFile.Entry? {
        guard let blob = state.blob(at: path) ?? (try? lookUp(path)), !blob.isMissing else { return nil }
        return GitIndexFile.Entry(path: path, id: blob.id, executable: blob.executable)
    }

    /// A git index of the paths a patch edits and creates, for `git apply --check --cached`: each edited path,
    /// and each created one the commit already has; nil when an edited path is not a plain file here.
    package func index(editing edited: [String], creating created: [String]) -> [UInt8]? {
        var entries: [GitIndexFile.Entry] = []
        for path in edited {
            guard let entry = indexEntry(at: path) else { return nil }
            entries.append(entry)
        }
        entries += created.compactMap(indexEntry(at:))
        return GitIndexFile.bytes(entries)
    }

    private func lookUp(_ path: String) throws(FileSourceError) -> Blob {
        let item: TreeItem?
        do {
            item = try pool.withRepository { try $0.item(atPath: path, commit: commit) }
        } catch {
            throw .unreadable(path, reason: "\(error)")
        }
        switch item {
        case .entry(let entry) where entry.kind == .file || entry.kind == .executable:
            return Blob(id: entry.id, size: entry.size, isMissing: false, executable: entry.kind == .executable)
        case .entry(let entry) where entry.kind == .symlink:
            throw .unreadable(path, reason: "symlink; not followed")
        case .none:
            throw .notFound(path)
        default:
            throw .unreadable(path, reason: "not a regular file")
        }
    }

    private func walk(filter: PathFilter) throws(GitError) -> (Listing, [String: Blob]) {
        do {
            return try pool.withRepository { repository in
                // A missing blob (a damaged or partial repository) costs that file, not the whole tree; a
                // hostile name or a folder nested too deep costs that entry.
                var diagnostics: [Diagnostic] = []
                let entries = try repository.listTree(
                    commit: commit, allowingMissingBlobs: true,
                    skipped: { diagnostics.append(Diagnostic(.warning, file: $0.folder.isEmpty ? nil : $0.folder, $0.message)) }
                ) { path, name in
                    filter.descends(into: path, name: name)
                }
                var files: [FileEntry] = []
                var blobs: [String: Blob] = [:]
                for entry in entries {
                    switch entry.kind {
                    case .file, .executable:
                        blobs[entry.path] = Blob(
                            id: entry.id, size: entry.size, isMissing: entry.isMissing, executable: entry.kind == .executable)
                        if filter.keeps(file: entry.path) { files.append(FileEntry(path: entry.path)) }
                    case .symlink where entry.isMissing:
                        diagnostics.append(Diagnostic(.warning, file: entry.path, "symlink does not resolve; not followed"))
                        if DirectorySource.isProjectFile(entry.path), filter.keeps(file: entry.path) {
                            files.append(FileEntry(path: entry.path))
                        }
                    case .symlink:
                        let problem: String?
                        do {
                            problem = try symlinkProblem(entry, in: repository)
                        } catch {
                            problem = "symlink does not resolve; not followed"
                        }
                        if let problem { diagnostics.append(Diagnostic(.warning, file: entry.path, problem)) }
                        if DirectorySource.isProjectFile(entry.path), filter.keeps(file: entry.path) {
                            files.append(FileEntry(path: entry.path))
                        }
                    case .submodule:
                        break
                    }
                }
                files.sort { $0.path < $1.path }
                let missing = entries.filter { $0.isMissing && $0.kind != .symlink }.count
                if missing > 0 {
                    diagnostics.append(
                        Diagnostic(
                            .warning, file: nil,
                            "\(missing) file\(missing == 1 ? "" : "s") of the tree \(missing == 1 ? "is" : "are") missing from the repository (damaged or partial); not read"
                        ))
                }
                return (Listing(files: files, diagnostics: diagnostics, missingFiles: missing), blobs)
            }
        } catch let error as GitError {
            throw error
        } catch {
            throw GitError(.other, "\(error)")
        }
    }

    /// Why a symlink is worth mentioning, or nil for a link that resolves inside the tree; resolves the
    /// way realpath would on a checkout, link by link, without leaving the object store.
    private func symlinkProblem(_ link: TreeEntry, in repository: Repository) throws -> String? {
        let outside = "symlink points outside the scanned tree; not followed"
        let dangling = "symlink does not resolve; not followed"
        var resolved = link.path.split(separator: "/").dropLast().map(String.init)
        // A link's target is a blob like any other, so a hostile tree can make it gigabytes long: its
        // size (from the object header) is checked before it is read. A checkout could not hold it
        // either (symlink(2) refuses targets past PATH_MAX), so it does not resolve.
        guard link.size <= Self.maximumLinkTarget else { return dangling }
        guard var parts = try Self.components(of: repository.readBlob(link.id)) else { return outside }
        var hops = 0
        while !parts.isEmpty {
            let part = parts.removeFirst()
            if part == "." { continue }
            if part == ".." {
                guard !resolved.isEmpty else { return outside }
                resolved.removeLast()
                continue
            }
            let candidate = resolved + [part]
            switch try repository.item(atPath: candidate.joined(separator: "/"), commit: commit) {
            case .none:
                return dangling
            case .folder:
                resolved = candidate
            case .entry(let entry):
                switch entry.kind {
                case .symlink:
                    hops += 1
                    guard hops <= 40, entry.size <= Self.maximumLinkTarget else { return dangling }
                    guard let next = try Self.components(of: repository.readBlob(entry.id)) else { return outside }
                    parts = next + parts
                case .submodule:
                    resolved = candidate
                case .file, .executable:
                    // A file cannot be walked through (realpath: "Not a directory").
                    if parts.contains(where: { $0 != "." }) { return dangling }
                    resolved = candidate
                }
            }
        }
        return nil
    }

    /// The longest link target read: Linux's PATH_MAX, counting the terminating NUL.
    static let maximumLinkTarget = 4095

    /// A link target's components; nil for an absolute target (always outside the tree).
    private static func components(of target: [UInt8]) -> [String]? {
        let text = String(decoding: target, as: UTF8.self)
        if text.hasPrefix("/") { return nil }
        return text.split(separator: "/").map(String.init)
    }
}

/// Listings by filter and every blob any listing walked, shared by copies of a `GitTreeSource`.
private final class ListingState: Sendable {
    private let listings = Mutex<[PathFilter: GitTreeSource.Listing]>([:])
    private let blobs = Mutex<[String: GitTreeSource.Blob]>([:])
    private let firstDamage = Mutex<GitError?>(nil)

    var damage: GitError? { firstDamage.withLock { $0 } }

    func noteDamage(_ error: GitError) {
        firstDamage.withLock { $0 = $0 ?? error }
    }

    func listing(for filter: PathFilter) -> GitTreeSource.Listing? {
        listings.withLock { $0[filter] }
    }

    func store(_ listing: GitTreeSource.Listing, blobs found: [String: GitTreeSource.Blob], for filter: PathFilter) {
        listings.withLock { $0[filter] = listing }
        blobs.withLock { $0.merge(found) { first, _ in first } }
    }

    func blob(at path: String) -> GitTreeSource.Blob? {
        blobs.withLock { $0[path] }
    }
}
