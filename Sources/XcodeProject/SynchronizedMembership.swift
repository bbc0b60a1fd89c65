/// Which files the Xcode 16 synchronized folders (`PBXFileSystemSynchronizedRootGroup`) of a project give
/// each target: every file in a folder the target lists, less the target's membership exceptions.
struct SynchronizedMembership {
    private let objects: [String: PlistValue]
    private let resolver: GroupResolver
    /// The project's native targets, in the project's order.
    private let targets: [String]

    init(objects: [String: PlistValue], resolver: GroupResolver, projectTargets: PlistValue?) {
        self.objects = objects
        self.resolver = resolver
        self.targets = (projectTargets?.array ?? []).compactMap(\.string).filter {
            objects[$0]?["isa"]?.string == "PBXNativeTarget"
        }
    }

    /// For a sibling that no group references: unchanged when the sibling's synchronized folder brings the
    /// new files into the target by itself, else why it cannot.
    func outcome(adding files: [NewProjectFile], toTarget targetID: String, besides siblingPath: String) throws(ProjectEditError)
        -> ProjectEdit
    {
        let targetName = name(of: targetID)
        for groupID in folders(of: targetID) {
            guard let folder = resolver.path(of: groupID), Paths.isInside(siblingPath, folder), siblingPath != folder else { continue }
            let excluded = exclusions(of: groupID, for: targetID)
            if Self.isNamed(siblingPath, by: excluded) { continue }
            for file in files {
                guard Paths.isInside(file.path, folder), file.path != folder else {
                    throw .pathOutsideGroup(path: file.path, folder: folder)
                }
                if Self.isNamed(file.path, by: excluded) {
                    throw .excludedFromSynchronizedFolder(path: file.path, folder: folder, target: targetName)
                }
            }
            // A target sharing the folder gets the new files too; it is only a problem when it leaves the
            // sibling out, since the new files are written for the target that compiles the sibling.
            for other in targets where other != targetID && folders(of: other).contains(groupID) {
                let otherExcluded = exclusions(of: groupID, for: other)
                guard Self.isNamed(siblingPath, by: otherExcluded) else { continue }
                if let file = files.first(where: { !Self.isNamed($0.path, by: otherExcluded) }) {
                    throw .sharedSynchronizedFolder(path: file.path, folder: folder, otherTarget: name(of: other))
                }
            }
            let names = files.map { Paths.fileName(of: $0.path) }.joined(separator: ", ")
            return .unchanged(
                reason: "\(folder) is a folder Xcode synchronizes with target \(targetName): \(names) "
                    + "\(files.count == 1 ? "joins" : "join") the target without a change to project.pbxproj")
        }
        for groupID in resolver.synchronizedGroups where !folders(of: targetID).contains(groupID) {
            guard let folder = resolver.path(of: groupID), Paths.isInside(siblingPath, folder) else { continue }
            if exceptionSets(of: groupID, for: targetID).contains(where: { Self.isNamed(siblingPath, by: $0) }) {
                throw .siblingAddedByException(path: siblingPath, folder: folder, target: targetName)
            }
        }
        throw .siblingNotFound(path: siblingPath, target: targetName)
    }

    /// The first file a synchronized folder of the target already brings in, if any.
    func coveringFolder(of files: [NewProjectFile], inTarget targetID: String) -> String? {
        for groupID in folders(of: targetID) {
            guard let folder = resolver.path(of: groupID) else { continue }
            let excluded = exclusions(of: groupID, for: targetID)
            if let file = files.first(where: { Paths.isInside($0.path, folder) && !Self.isNamed($0.path, by: excluded) }) {
                return file.path
            }
        }
        return nil
    }

    private func name(of targetID: String) -> String {
        objects[targetID]?["name"]?.string ?? targetID
    }

    private func folders(of targetID: String) -> [String] {
        (objects[targetID]?["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string)
    }

    /// Root-relative paths the target's exception sets name in the folder (all of them, for a target that
    /// owns the folder: they are what it leaves out).
    private func exclusions(of groupID: String, for targetID: String) -> [String] {
        exceptionSets(of: groupID, for: targetID).flatMap { $0 }
    }

    /// Each `PBXFileSystemSynchronizedBuildFileExceptionSet` of the folder naming the target, as resolved paths.
    private func exceptionSets(of groupID: String, for targetID: String) -> [[String]] {
        guard let folder = resolver.path(of: groupID) else { return [] }
        var result: [[String]] = []
        for case .string(let exceptionID) in objects[groupID]?["exceptions"]?.array ?? [] {
            guard let exception = objects[exceptionID], exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                exception["target"]?.string == targetID
            else { continue }
            result.append((exception["membershipExceptions"]?.array ?? []).compactMap { $0.string.flatMap { Paths.resolve(folder, $0) } })
        }
        return result
    }

    /// Whether an exception list names the path, or a folder holding it.
    private static func isNamed(_ path: String, by exclusions: [String]) -> Bool {
        exclusions.contains { Paths.isInside(path, $0) }
    }
}
