import Synchronization
import XcodeProject

#if canImport(Glibc)
    import Glibc
#endif

/// Files of a working tree on disk.
package struct DirectorySource: FileSource {
    /// The root as given, for messages.
    package let origin: String
    /// The root with symlinks resolved, for containment checks.
    let root: String
    /// Files larger than this are never read.
    package let readLimit: Int
    /// Folders the last listing walked (real folders, never symlinks).
    private let walked = WalkedFolders()

    /// - Throws: when the root does not exist or is not a folder.
    /// - Parameter label: how reports name the root (default: the path as given).
    package init(root path: String, label: String? = nil, readLimit: Int = 64 << 20) throws(FileSourceError) {
        guard let resolved = realpath(path, nil) else {
            throw .notFound(path)
        }
        defer { free(resolved) }
        let root = String(cString: resolved)
        var info = stat()
        guard stat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .unreadable(path, reason: "not a folder")
        }
        self.origin = label ?? path
        self.root = root
        self.readLimit = readLimit
    }

    package func listFiles(filter: PathFilter, diagnostics: inout [Diagnostic]) -> [FileEntry] {
        var result: [FileEntry] = []
        var pending: [String] = [""]
        while let folder = pending.popLast() {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            guard let handle = opendir(absolute) else {
                diagnostics.append(Diagnostic(.warning, file: folder.isEmpty ? "." : folder, "cannot open folder: \(Self.errorText())"))
                continue
            }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = folder.isEmpty ? name : folder + "/" + name
                var type = entry.pointee.d_type
                // Sizes are checked when a file is read (fstat), so listing needs no stat per file.
                if type == UInt8(DT_UNKNOWN) {
                    var info = stat()
                    guard lstat(root + "/" + path, &info) == 0 else { continue }
                    type = Self.direntType(info.st_mode)
                }
                switch type {
                case UInt8(DT_DIR):
                    if filter.descends(into: path, name: name) {
                        pending.append(path)
                        walked.insert(path)
                    }
                case UInt8(DT_REG):
                    if filter.keeps(file: path) { result.append(FileEntry(path: path)) }
                case UInt8(DT_LNK):
                    if let problem = symlinkProblem(path) {
                        diagnostics.append(Diagnostic(.warning, file: path, problem))
                    }
                    // Listed though never followed, so the project is unknown rather than silently absent.
                    if Self.isProjectFile(path), filter.keeps(file: path) { result.append(FileEntry(path: path)) }
                default:
                    break
                }
            }
        }
        result.sort { $0.path < $1.path }
        return result
    }

    package func read(_ path: String, limit: Int) throws(FileSourceError) -> [UInt8] {
        // O_NOFOLLOW guards only the last component; a folder on the way must not be a symlink either.
        if let problem = symlinkedFolder(in: path) { throw .unreadable(path, reason: problem) }
        let descriptor = open(root + "/" + path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .notFound(path) }
            if errno == ELOOP { throw .unreadable(path, reason: "symlink; not followed") }
            throw .unreadable(path, reason: Self.errorText())
        }
        defer { close(descriptor) }
        var info = stat()
        // Opened non-blocking so a FIFO cannot hang the scan; regular files ignore the flag.
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path, reason: "not a regular file")
        }
        let size = Int(info.st_size)
        let limit = min(limit, readLimit)
        guard size <= limit else { throw .tooLarge(path, size: size, limit: limit) }
        var failure: String?
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var offset = 0
            while offset < size {
                let got = Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = Self.errorText()
                    break
                }
                if got == 0 { break }
                offset += got
            }
            initialized = offset
        }
        if let failure { throw .unreadable(path, reason: failure) }
        return bytes
    }

    /// A folder of `path` that is a symlink (reads through it could leave the tree), checked only for
    /// folders the listing did not walk.
    private func symlinkedFolder(in path: String) -> String? {
        // The listing walks down from the root through real folders only, so a walked parent vouches
        // for every folder above it: one lookup for the files of a listing, instead of one per component.
        let parent = Paths.directory(of: path)
        if parent.isEmpty || walked.contains(parent) { return nil }
        var folder = ""
        for component in path.split(separator: "/").dropLast() {
            folder = folder.isEmpty ? String(component) : folder + "/" + component
            if component == ".." { return "path climbs out of the scanned tree" }
            if walked.contains(folder) { continue }
            var info = stat()
            guard lstat(root + "/" + folder, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) == S_IFLNK { return "\(folder) is a symlink; not followed" }
        }
        return nil
    }

    /// A `project.pbxproj` inside an `.xcodeproj`: listed even as a symlink (reading it then fails), since
    /// a project missing from the listing would make its apps vanish from the results instead of unknown.
    package static func isProjectFile(_ path: String) -> Bool {
        path.hasSuffix(".xcodeproj/project.pbxproj")
    }

    /// Why a symlink is worth mentioning, or nil for a harmless in-tree link.
    private func symlinkProblem(_ path: String) -> String? {
        guard let resolved = realpath(root + "/" + path, nil) else {
            return "symlink does not resolve; not followed"
        }
        defer { free(resolved) }
        let target = String(cString: resolved)
        if target == root || target.hasPrefix(root + "/") { return nil }
        return "symlink points outside the scanned tree; not followed"
    }

    private static func direntType(_ mode: mode_t) -> UInt8 {
        switch mode & S_IFMT {
        case S_IFDIR: return UInt8(DT_DIR)
        case S_IFREG: return UInt8(DT_REG)
        case S_IFLNK: return UInt8(DT_LNK)
        default: return UInt8(DT_UNKNOWN)
        }
    }

    static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// The set of folders a listing walked, shared by copies of a `DirectorySource`.
private final class WalkedFolders: Sendable {
    private let folders = Mutex<Set<String>>([])

    func insert(_ folder: String) {
        folders.withLock { _ = $0.insert(folder) }
    }

    func contains(_ folder: String) -> Bool {
        folders.withLock { $0.contains(folder) }
    }
}
