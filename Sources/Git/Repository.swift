internal import CGit2
import Foundation

/// A bare repository, normally a mirror made by `cloneMirror`; owns its `git_repository` handle.
///
/// Not Sendable: a libgit2 repository object must not be used from two threads at once. Open one
/// `Repository` per task instead (opening is cheap).
package final class Repository {
    let handle: OpaquePointer
    /// The repository's directory, as given.
    package let path: String
    /// The URL of the "origin" remote, if the repository has one.
    package let origin: GitURL?

    private static let remoteName = "origin"
    private static let fetchRefspecs = ["+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*"]

    private init(handle: OpaquePointer, path: String) {
        self.handle = handle
        self.path = path
        origin = Self.originURL(handle).map(GitURL.init)
    }

    /// `remote.origin.url`, read from the configuration directly.
    ///
    /// Not through `git_remote_lookup`: in libgit2 1.5 it matches `url.*.insteadof` keys with a pcre2
    /// regular expression whose match data is never freed (about 20 KB a call, measured with heaptrack),
    /// and a sweep opens every repository several times: 390 MB leaked over 1,000 repositories.
    private static func originURL(_ handle: OpaquePointer) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, handle) == 0, let config else {
            git_error_clear()
            return nil
        }
        defer { git_config_free(config) }
        var value: UnsafePointer<CChar>?
        guard git_config_get_string(&value, config, "remote.\(remoteName).url") == 0, let value else {
            git_error_clear()
            return nil
        }
        return String(cString: value)
    }

    /// An in-memory remote for `url`, to fetch into the mirror's own refs or push from them: no
    /// configuration lookup, so none of libgit2's leaking `insteadof` matching (see `originURL`), and
    /// nothing about `url` is written into the mirror's configuration.
    func detachedRemote(_ url: GitURL, purpose: String = "setting up a fetch for") throws -> OpaquePointer {
        var options = git_remote_create_options()
        git_remote_create_options_init(&options, UInt32(GIT_REMOTE_CREATE_OPTIONS_VERSION))
        options.repository = handle
        options.flags = UInt32(GIT_REMOTE_CREATE_SKIP_INSTEADOF.rawValue | GIT_REMOTE_CREATE_SKIP_DEFAULT_FETCHSPEC.rawValue)
        var remote: OpaquePointer?
        let code = git_remote_create_with_opts(&remote, url.location, &options)
        guard code == 0, let remote else { throw GitError.fromLastError(code: code, operation: purpose, subject: path) }
        return remote
    }

    deinit {
        git_repository_free(handle)
    }

    /// How messages name this repository: the redacted origin URL, or the path.
    package var displayName: String { origin?.description ?? path }

    /// Opens an existing bare repository.
    package static func openBare(at path: String) throws -> Repository {
        GitLibrary.initialize()
        guard FileManager.default.fileExists(atPath: path) else {
            throw GitError(.notFound, "repository not found at \(path)")
        }
        var handle: OpaquePointer?
        let code = git_repository_open_bare(&handle, path)
        guard code == 0, let handle else { throw openError(code: code, path: path, expectsBare: true) }
        return Repository(handle: handle, path: path)
    }

    /// Makes a bare mirror of `url` at `path`, whose "origin" fetches all branches and tags into
    /// refs/heads and refs/tags, with HEAD pointing at the remote's default branch.
    ///
    /// `path` must not exist or be an empty directory; on failure a directory this call created is removed.
    package static func cloneMirror(from url: String, to path: String, credentials: Credentials = Credentials()) throws -> Repository {
        GitLibrary.initialize()
        let source = GitURL(url)
        try checkLocalSource(source)
        let fileManager = FileManager.default
        let existed = fileManager.fileExists(atPath: path)
        let session = RemoteSession(url: source, credentials: credentials)

        var options = git_clone_options()
        git_clone_options_init(&options, UInt32(GIT_CLONE_OPTIONS_VERSION))
        options.bare = 1
        // git_clone (rather than init + fetch) because for a local path it hard-links the object
        // files instead of building a pack; remote_cb gives the remote our mirror refspecs first.
        options.remote_cb = { out, repository, name, url, _ in
            guard let out, let repository, let name, let url else { return -1 }
            return Repository.createMirrorRemote(out, repository, name, url)
        }
        options.fetch_opts.prune = GIT_FETCH_PRUNE
        options.fetch_opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_ALL
        options.fetch_opts.proxy_opts.type = GIT_PROXY_AUTO
        options.fetch_opts.follow_redirects = RemoteSession.redirects
        session.install(into: &options.fetch_opts.callbacks)

        var handle: OpaquePointer?
        let code = withExtendedLifetime(session) { git_clone(&handle, source.location, path, &options) }
        guard code == 0, let handle else {
            let error = session.error(code: code, operation: "cloning")
            if !existed { try? fileManager.removeItem(atPath: path) }
            throw error
        }
        do {
            try addConfiguredRefspecs(handle)
        } catch {
            git_repository_free(handle)
            if !existed { try? fileManager.removeItem(atPath: path) }
            throw error
        }
        let repository = Repository(handle: handle, path: path)
        try repository.pointHeadAtCloneDefault()
        return repository
    }

    /// Fetches all branches and tags from "origin", pruning deleted ones, and follows a change of the
    /// remote's default branch.
    /// - Parameter listingChanges: compare the references before and after (`changedReferences`); a
    ///   caller that does not need the list saves two walks over the references.
    package func fetch(credentials: Credentials = Credentials(), listingChanges: Bool = true) throws -> FetchResult {
        guard let origin else { throw GitError(.other, "\(path) has no remote named origin") }
        let before = listingChanges ? try referenceTargets() : [:]

        let remote = try detachedRemote(origin)
        defer { git_remote_free(remote) }

        let session = RemoteSession(url: origin, credentials: credentials)
        var options = git_fetch_options()
        git_fetch_options_init(&options, UInt32(GIT_FETCH_OPTIONS_VERSION))
        options.prune = GIT_FETCH_PRUNE
        options.proxy_opts.type = GIT_PROXY_AUTO
        // Nothing reads FETCH_HEAD in a mirror; not writing it saves a locked file write per fetch.
        options.update_fetchhead = 0
        options.follow_redirects = RemoteSession.redirects
        session.install(into: &options.callbacks)
        // The mirror refspecs are given here: a detached remote has none of its own.
        let code = Self.fetchRefspecs.withCStrings { refspecs in
            withExtendedLifetime(session) { git_remote_fetch(remote, refspecs, &options, "fetch") }
        }
        guard code == 0 else {
            let error = session.error(code: code, operation: "fetching")
            // Checked only now: libgit2 reports a missing local path as "unsupported URL protocol".
            try Self.checkLocalSource(origin)
            throw error
        }
        // The advertised refs stay readable after fetch disconnects, so this needs no second connection.
        var buffer = git_buf()
        if git_remote_default_branch(&buffer, remote) == 0, let pointer = buffer.ptr {
            let target = String(cString: pointer)
            git_buf_dispose(&buffer)
            try setHead(to: target)
        } else {
            git_error_clear()
        }

        let after = listingChanges ? try referenceTargets() : [:]
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        return FetchResult(changedReferences: changed)
    }

    /// Points "origin" at another URL (the same repository reached another way); reopen to see it in `origin`.
    package func setOriginURL(_ url: String) throws {
        let location = GitURL(url).location
        let code = git_remote_set_url(handle, Self.remoteName, location)
        guard code == 0 else { throw GitError.fromLastError(code: code, operation: "changing the origin of", subject: path) }
    }

    /// The default branch: the branch the mirror's HEAD points at (kept equal to the remote's HEAD).
    package func defaultBranch() throws -> String {
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, handle, "HEAD")
        guard code == 0, let reference else { throw GitError.fromLastError(code: code, operation: "reading HEAD of", subject: displayName) }
        defer { git_reference_free(reference) }
        guard git_reference_type(reference) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(reference) else {
            throw GitError(.reference, "HEAD of \(displayName) is not a branch")
        }
        let name = String(cString: target)
        return name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : name
    }

    /// The commit at the tip of refs/heads/`branch`.
    package func resolve(branch: String) throws -> ObjectID {
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, handle, "refs/heads/" + branch)
        guard code == 0, let reference else {
            if code == GIT_ENOTFOUND.rawValue {
                throw GitError(.reference, "branch '\(branch)' not found in \(displayName)", errorClass: Self.lastErrorClass(), code: code)
            }
            if code == GIT_EINVALIDSPEC.rawValue {
                throw GitError(.reference, "'\(branch)' is not a valid branch name", errorClass: Self.lastErrorClass(), code: code)
            }
            throw GitError.fromLastError(code: code, operation: "resolving branch '\(branch)' in", subject: displayName)
        }
        defer { git_reference_free(reference) }
        var commit: OpaquePointer?
        let peelCode = git_reference_peel(&commit, reference, GIT_OBJECT_COMMIT)
        guard peelCode == 0, let commit else {
            throw GitError.fromLastError(code: peelCode, operation: "resolving branch '\(branch)' in", subject: displayName)
        }
        defer { git_object_free(commit) }
        return ObjectID(git_object_id(commit).pointee)
    }

    package func commit(_ id: ObjectID) throws -> CommitInfo {
        let commit = try lookupCommit(id)
        defer { git_commit_free(commit) }
        var parents: [ObjectID] = []
        for index in 0..<git_commit_parentcount(commit) {
            if let parent = git_commit_parent_id(commit, index) { parents.append(ObjectID(parent.pointee)) }
        }
        let author = git_commit_author(commit)?.pointee
        return CommitInfo(
            id: id,
            tree: ObjectID(git_commit_tree_id(commit).pointee),
            parents: parents,
            authorName: author?.name.map { String(cString: $0) } ?? "",
            authorTime: Date(timeIntervalSince1970: TimeInterval(author?.when.time ?? 0)),
            authorTimeZoneOffset: Int(author?.when.offset ?? 0),
            summary: git_commit_summary(commit).map { String(cString: $0) } ?? ""
        )
    }

    /// Every file, symlink and submodule in the commit's tree, recursively, in git's tree order.
    package func listTree(commit id: ObjectID) throws -> [TreeEntry] {
        try listTree(commit: id) { _, _ in true }
    }

    /// The files, symlinks and submodules of the commit's tree, in git's tree order, walking only into
    /// the folders `descendsInto(path, name)` accepts (path from the root, e.g. "ios/Pods"; name "Pods").
    /// Skipped folders cost nothing: their trees are never read.
    /// - Parameters:
    ///   - allowingMissingBlobs: list a blob the object store lacks as `isMissing` instead of failing, so
    ///     one damaged object costs one file, not the whole tree.
    ///   - skipped: told of each entry left out because no checkout could hold it (see `TreeWalkLimits`).
    package func listTree(
        commit id: ObjectID, allowingMissingBlobs: Bool = false, skipped: (SkippedTreeEntry) -> Void = { _ in },
        descendsInto: (_ path: String, _ name: String) -> Bool
    ) throws -> [TreeEntry] {
        let tree = try lookupTree(ofCommit: id)
        defer { git_tree_free(tree) }

        let items = try withoutActuallyEscaping(descendsInto) { filter in
            let collector = TreeWalkCollector(descendsInto: filter)
            defer { collector.skipped.forEach(skipped) }
            let code = withExtendedLifetime(collector) {
                git_tree_walk(
                    tree, GIT_TREEWALK_PRE,
                    { root, entry, payload in
                        guard let entry, let payload else { return -1 }
                        // A positive return tells libgit2 not to walk into that folder.
                        return Unmanaged<TreeWalkCollector>.fromOpaque(payload).takeUnretainedValue().add(root: root, entry: entry)
                    }, Unmanaged.passUnretained(collector).toOpaque())
            }
            guard code == 0 else {
                throw GitError.fromLastError(code: code, operation: "listing the tree of \(id) in", subject: displayName)
            }
            return collector.entries
        }

        let database = try objectDatabase()
        defer { git_odb_free(database) }
        return try items.map { item in
            guard item.kind != .submodule else { return TreeEntry(path: item.path, kind: item.kind, mode: item.mode, id: item.id, size: 0) }
            do {
                let size = try Self.objectSize(item.id, in: database, repository: displayName)
                return TreeEntry(path: item.path, kind: item.kind, mode: item.mode, id: item.id, size: size)
            } catch let error as GitError where allowingMissingBlobs && error.code == GIT_ENOTFOUND.rawValue {
                return TreeEntry(path: item.path, kind: item.kind, mode: item.mode, id: item.id, size: 0, isMissing: true)
            }
        }
    }

    /// What is at `path` (components joined with "/") in the commit's tree, or nil when nothing is.
    /// Symlinks on the way are not followed: a path through one is not found.
    package func item(atPath path: String, commit id: ObjectID) throws -> TreeItem? {
        if path.isEmpty { return .folder }
        let tree = try lookupTree(ofCommit: id)
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        let lookup = git_tree_entry_bypath(&entry, tree, path)
        guard lookup == 0, let entry else {
            if lookup == GIT_ENOTFOUND.rawValue {
                git_error_clear()
                return nil
            }
            throw GitError.fromLastError(code: lookup, operation: "looking up \(path) in", subject: displayName)
        }
        defer { git_tree_entry_free(entry) }
        let mode = git_tree_entry_filemode(entry).rawValue
        guard let kind = TreeEntry.Kind(mode: mode) else { return .folder }
        let objectID = ObjectID(git_tree_entry_id(entry).pointee)
        var size = 0
        if kind != .submodule {
            let database = try objectDatabase()
            defer { git_odb_free(database) }
            size = try Self.objectSize(objectID, in: database, repository: displayName)
        }
        return .entry(TreeEntry(path: path, kind: kind, mode: mode, id: objectID, size: size))
    }

    /// The bytes of a blob (for a symlink: its target).
    package func readBlob(_ id: ObjectID) throws -> [UInt8] {
        var blob: OpaquePointer?
        var oid = id.oid
        let code = git_blob_lookup(&blob, handle, &oid)
        guard code == 0, let blob else { throw objectError(code: code, id: id, what: "blob") }
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        guard size > 0, let content = git_blob_rawcontent(blob) else { return [] }
        return Array(UnsafeRawBufferPointer(start: content, count: size))
    }

    /// The commit `id` names, through annotated tags: an offline sweep takes a branch's target as stored,
    /// without reading it (`Mirror.currentState`), and a branch can be made to point at a tag.
    func lookupCommit(_ id: ObjectID) throws -> OpaquePointer {
        var object: OpaquePointer?
        var oid = id.oid
        let code = git_object_lookup(&object, handle, &oid, GIT_OBJECT_ANY)
        guard code == 0, let object else { throw objectError(code: code, id: id, what: "commit") }
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        let peelCode = git_object_peel(&commit, object, GIT_OBJECT_COMMIT)
        guard peelCode == 0, let commit else { throw objectError(code: peelCode, id: id, what: "commit") }
        return commit
    }

    /// The root tree of a commit; the caller frees it.
    private func lookupTree(ofCommit id: ObjectID) throws -> OpaquePointer {
        let commit = try lookupCommit(id)
        defer { git_commit_free(commit) }
        var tree: OpaquePointer?
        let code = git_commit_tree(&tree, commit)
        guard code == 0, let tree else {
            throw GitError.fromLastError(code: code, operation: "reading the tree of \(id) in", subject: displayName)
        }
        return tree
    }

    private func objectError(code: Int32, id: ObjectID, what: String) -> GitError {
        if code == GIT_ENOTFOUND.rawValue {
            return GitError(.notFound, "\(what) \(id) not found in \(displayName)", errorClass: Self.lastErrorClass(), code: code)
        }
        return GitError.fromLastError(code: code, operation: "reading \(what) \(id) in", subject: displayName)
    }

    private func objectDatabase() throws -> OpaquePointer {
        var database: OpaquePointer?
        let code = git_repository_odb(&database, handle)
        guard code == 0, let database else {
            throw GitError.fromLastError(code: code, operation: "opening the object database of", subject: displayName)
        }
        return database
    }

    private static func objectSize(_ id: ObjectID, in database: OpaquePointer, repository: String) throws -> Int {
        var size = 0
        var type = GIT_OBJECT_ANY
        var oid = id.oid
        let code = git_odb_read_header(&size, &type, database, &oid)
        guard code == 0 else {
            if code == GIT_ENOTFOUND.rawValue {
                throw GitError(.corrupt, "object \(id) is missing from \(repository)", errorClass: lastErrorClass(), code: code)
            }
            throw GitError.fromLastError(code: code, operation: "reading the size of \(id) in", subject: repository)
        }
        return size
    }

    /// A map from every reference (and HEAD) to its target, to tell whether a fetch changed anything.
    private func referenceTargets() throws -> [String: String] {
        var iterator: OpaquePointer?
        var code = git_reference_iterator_new(&iterator, handle)
        guard code == 0, let iterator else {
            throw GitError.fromLastError(code: code, operation: "listing references of", subject: displayName)
        }
        defer { git_reference_iterator_free(iterator) }
        var targets: [String: String] = [:]
        var reference: OpaquePointer?
        while true {
            code = git_reference_next(&reference, iterator)
            if code == GIT_ITEROVER.rawValue { break }
            guard code == 0, let current = reference else {
                throw GitError.fromLastError(code: code, operation: "listing references of", subject: displayName)
            }
            targets[String(cString: git_reference_name(current))] = Self.describeTarget(of: current)
            git_reference_free(current)
        }
        var head: OpaquePointer?
        if git_reference_lookup(&head, handle, "HEAD") == 0, let head {
            targets["HEAD"] = Self.describeTarget(of: head)
            git_reference_free(head)
        } else {
            git_error_clear()
        }
        return targets
    }

    private static func describeTarget(of reference: OpaquePointer) -> String {
        if git_reference_type(reference) == GIT_REFERENCE_SYMBOLIC {
            return "-> " + (git_reference_symbolic_target(reference).map { String(cString: $0) } ?? "")
        }
        return git_reference_target(reference).map { ObjectID($0.pointee).description } ?? ""
    }

    private func setHead(to target: String) throws {
        var current: OpaquePointer?
        if git_reference_lookup(&current, handle, "HEAD") == 0, let current {
            defer { git_reference_free(current) }
            if git_reference_type(current) == GIT_REFERENCE_SYMBOLIC,
                let existing = git_reference_symbolic_target(current), String(cString: existing) == target
            {
                return
            }
        }
        let code = git_repository_set_head(handle, target)
        guard code == 0 else { throw GitError.fromLastError(code: code, operation: "pointing HEAD at \(target) in", subject: displayName) }
    }

    /// git_clone records the remote's HEAD as refs/remotes/origin/HEAD but, with our refspecs, cannot
    /// create the local branch it wanted (the fetch already made it) and so leaves HEAD at the init
    /// default; point HEAD where the remote's does and drop the stray remote-tracking ref.
    private func pointHeadAtCloneDefault() throws {
        var remoteHead: OpaquePointer?
        guard git_reference_lookup(&remoteHead, handle, "refs/remotes/\(Self.remoteName)/HEAD") == 0, let remoteHead else {
            git_error_clear()
            return
        }
        defer { git_reference_free(remoteHead) }
        if git_reference_type(remoteHead) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(remoteHead) {
            try setHead(to: String(cString: target))
        }
        git_reference_delete(remoteHead)
    }

    private static func createMirrorRemote(
        _ out: UnsafeMutablePointer<OpaquePointer?>, _ repository: OpaquePointer,
        _ name: UnsafePointer<CChar>, _ url: UnsafePointer<CChar>
    ) -> Int32 {
        // Created without `insteadof` rewriting, which in libgit2 1.5 leaks (see `originURL`).
        var options = git_remote_create_options()
        git_remote_create_options_init(&options, UInt32(GIT_REMOTE_CREATE_OPTIONS_VERSION))
        options.repository = repository
        options.name = name
        options.flags = UInt32(GIT_REMOTE_CREATE_SKIP_INSTEADOF.rawValue)
        return fetchRefspecs[0].withCString { heads in
            options.fetchspec = heads
            // The clone's remote object fetches heads, and tags come with download_tags = all; the other
            // refspecs reach the configuration once the clone is done (`addConfiguredRefspecs`).
            return git_remote_create_with_opts(out, url, &options)
        }
    }

    /// Gives `origin` in the mirror's configuration the refspecs after the first, for anyone who runs git
    /// in the mirror (the sweep's own fetches pass them every time). Appended as text, in a second
    /// `[remote "origin"]` section that git and libgit2 read as one with the first: libgit2 1.5's
    /// `git_remote_add_fetch` matches each value already configured against a pcre2 pattern whose match
    /// data it never frees, 20 KB a clone, which a worker that cloned 1,700 repositories kept (33 MB).
    private static func addConfiguredRefspecs(_ handle: OpaquePointer) throws {
        guard let folder = git_repository_path(handle) else { throw GitError(.other, "the new mirror has no path") }
        let file = String(cString: folder) + "config"
        let lines = fetchRefspecs.dropFirst().map { "\tfetch = \($0)\n" }.joined()
        guard let handle = FileHandle(forUpdatingAtPath: file) else { throw GitError(.other, "cannot open \(file) to add its refspecs") }
        defer { try? handle.close() }
        do {
            let end = try handle.seekToEnd()
            var lineStart = true
            if end > 0 {
                try handle.seek(toOffset: end - 1)
                lineStart = try handle.read(upToCount: 1) == Data("\n".utf8)
            }
            try handle.write(contentsOf: Data(((lineStart ? "" : "\n") + "[remote \"\(remoteName)\"]\n\(lines)").utf8))
        } catch {
            throw GitError(.other, "cannot add the refspecs to \(file): \(error.localizedDescription)")
        }
    }

    /// A local source must exist and be a repository; checked here because libgit2 reports a missing
    /// plain path as "unsupported URL protocol".
    static func checkLocalSource(_ url: GitURL) throws {
        guard let path = url.localPath else { return }
        guard FileManager.default.fileExists(atPath: path) else {
            throw GitError(.notFound, "repository not found at \(path)")
        }
        var handle: OpaquePointer?
        let code = git_repository_open_ext(&handle, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil)
        guard code == 0 else { throw openError(code: code, path: path) }
        git_repository_free(handle)
    }

    private static func openError(code: Int32, path: String, expectsBare: Bool = false) -> GitError {
        let (errorClass, message) = GitError.lastError()
        if message.contains("safe.directory") {
            return GitError(
                .other, "repository at \(path) is owned by another user; add it to git's safe.directory", errorClass: errorClass, code: code
            )
        }
        if code == GIT_ENOTFOUND.rawValue {
            return GitError(
                .notRepository, "\(path) is not a \(expectsBare ? "bare " : "")git repository", errorClass: errorClass, code: code)
        }
        return GitError(
            GitError.Kind(errorClass: errorClass, code: code, message: message), "opening \(path) failed: \(message)",
            errorClass: errorClass, code: code)
    }

    private static func lastErrorClass() -> Int32 { GitError.lastError().errorClass }
}

@available(*, unavailable)
extension Repository: Sendable {}

/// Receives git_tree_walk's callbacks; lives only for one `listTree` call.
private final class TreeWalkCollector {
    struct Item {
        let path: String
        let kind: TreeEntry.Kind
        let mode: UInt32
        let id: ObjectID
    }

    let descendsInto: (String, String) -> Bool
    var entries: [Item] = []
    var skipped: [SkippedTreeEntry] = []
    private var seen: Set<String> = []

    init(descendsInto: @escaping (String, String) -> Bool) {
        self.descendsInto = descendsInto
    }

    /// 0 to go on, 1 to skip a folder.
    func add(root: UnsafePointer<CChar>?, entry: OpaquePointer) -> Int32 {
        let mode = git_tree_entry_filemode(entry).rawValue
        let name = String(cString: git_tree_entry_name(entry))
        let prefix = root.map { String(cString: $0) } ?? ""
        // Checked before anything is kept, so such a name never reaches a path.
        if let reason = TreeWalkLimits.problem(name: name, folder: prefix, isFolder: TreeEntry.Kind(mode: mode) == nil) {
            skipped.append(SkippedTreeEntry(folder: String(prefix.dropLast()), name: name, reason: reason))
            return 1
        }
        guard seen.insert(prefix + name).inserted else {
            skipped.append(SkippedTreeEntry(folder: String(prefix.dropLast()), name: name, reason: .duplicate))
            return 1
        }
        guard let kind = TreeEntry.Kind(mode: mode) else {
            return descendsInto(prefix + name, name) ? 0 : 1
        }
        entries.append(Item(path: prefix + name, kind: kind, mode: mode, id: ObjectID(git_tree_entry_id(entry).pointee)))
        return 0
    }
}

extension TreeEntry.Kind {
    /// The kind for a git file mode; nil for a folder (a tree).
    init?(mode: UInt32) {
        switch mode {
        case GIT_FILEMODE_TREE.rawValue: return nil
        case GIT_FILEMODE_BLOB_EXECUTABLE.rawValue: self = .executable
        case GIT_FILEMODE_LINK.rawValue: self = .symlink
        case GIT_FILEMODE_COMMIT.rawValue: self = .submodule
        default: self = .file
        }
    }
}
