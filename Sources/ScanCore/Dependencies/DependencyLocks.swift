/// Reads the apps' lockfiles in parallel; one that cannot be read is a diagnostic, not a failed scan.
enum DependencyLocks {
    static func read(_ paths: [String], source: any FileSource, limit: Int) -> (byPath: [String: Lockfile], diagnostics: [Diagnostic]) {
        let outcomes = Parallel.map(paths.count) { index -> (lockfile: Lockfile?, problem: Diagnostic?) in
            let path = paths[index]
            do {
                let bytes = try source.read(path, limit: limit)
                return (try LockfileReader.read(path: path, bytes: bytes), nil)
            } catch let error as LockfileError {
                return (nil, Diagnostic(.warning, file: path, line: error.line, "\(error.message); its dependencies were not checked"))
            } catch {
                return (nil, Diagnostic(.warning, file: path, "cannot read: \(error); its dependencies were not checked"))
            }
        }
        var byPath: [String: Lockfile] = [:]
        var diagnostics: [Diagnostic] = []
        for outcome in outcomes {
            if let lockfile = outcome.lockfile { byPath[lockfile.path] = lockfile }
            if let problem = outcome.problem { diagnostics.append(problem) }
        }
        return (byPath, diagnostics)
    }
}
