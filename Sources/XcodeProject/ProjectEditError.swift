/// Why files could not be registered in a `project.pbxproj`; the description is written for the user.
package enum ProjectEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not a property list, or no `PBXProject` root object.
    case unreadable(String)
    /// An XML or binary pbxproj: Xcode reads those, but the edit is made on Xcode's own text format.
    case unsupportedFormat(PropertyListFormat)
    /// Text that does not sit where Xcode writes it (a group on one line, no section comments, …).
    case unexpectedLayout(String)
    case targetNotFound(id: String)
    case noSourcesPhase(target: String)
    case siblingNotFound(path: String, target: String)
    /// The group that holds the sibling does not stand for a folder of the tree.
    case groupWithoutFolder(group: String, sibling: String)
    /// The sibling joins the target through an exception of another target's synchronized folder.
    case siblingAddedByException(path: String, folder: String, target: String)
    case alreadyReferenced(path: String)
    case invalidPath(path: String, reason: String)
    /// The new file would need a path that leaves the folder of the group it joins.
    case pathOutsideGroup(path: String, folder: String)
    /// A membership exception of the target leaves the new file out of its synchronized folder.
    case excludedFromSynchronizedFolder(path: String, folder: String, target: String)
    /// The synchronized folder also feeds a target that leaves the sibling out: the new file would join it.
    case sharedSynchronizedFolder(path: String, folder: String, otherTarget: String)
    /// The edited text did not read back with the new files in the target.
    case editNotVerified(String)
    /// A build configuration the edit needs is not in the target's configuration list.
    case configurationNotFound(name: String, target: String)
    /// The setting is already written in the configuration: adding it would set it twice.
    case settingAlreadySet(key: String, configuration: String, target: String)

    package var description: String {
        switch self {
        case .unreadable(let message):
            return "project.pbxproj could not be read: \(message)"
        case .unsupportedFormat(let format):
            let kind = format == .xml ? "an XML" : format == .binary ? "a binary" : "an unexpected"
            return "project.pbxproj is \(kind) property list, which Xcode reads but does not write; "
                + "scenesweep edits only Xcode's own text format: add the file in Xcode instead"
        case .unexpectedLayout(let detail):
            return "project.pbxproj is not laid out the way Xcode writes it (\(detail)), so no edit could be placed safely: "
                + "add the file in Xcode instead"
        case .targetNotFound(let id):
            return "project.pbxproj has no native target with id \(id)"
        case .noSourcesPhase(let target):
            return "target \(target) has no Compile Sources build phase to add the file to"
        case .siblingNotFound(let path, let target):
            return
                "\(path) is neither in a group nor in a synchronized folder of target \(target), so there is no place to add the new file next to it"
        case .groupWithoutFolder(let group, let sibling):
            return "the group \(group) that holds \(sibling) does not stand for a folder of the repository"
        case .siblingAddedByException(let path, let folder, let target):
            return "\(path) joins target \(target) through a membership exception of the synchronized folder \(folder), "
                + "which belongs to another target: add the new file to target \(target) in Xcode"
        case .alreadyReferenced(let path):
            return "\(path) is already referenced in project.pbxproj"
        case .invalidPath(let path, let reason):
            return "\(path) cannot be added to the project: \(reason)"
        case .pathOutsideGroup(let path, let folder):
            return "\(path) is outside \(folder.isEmpty ? "the project folder" : folder), the folder of the group it would join"
        case .excludedFromSynchronizedFolder(let path, let folder, let target):
            return "target \(target) leaves \(path) out of its synchronized folder \(folder) with a membership exception: "
                + "remove the exception in Xcode (File Inspector, Target Membership) so that it is compiled"
        case .sharedSynchronizedFolder(let path, let folder, let otherTarget):
            return "the synchronized folder \(folder) also belongs to target \(otherTarget), which leaves the app delegate out: "
                + "\(path) would be compiled into \(otherTarget) too; leave it out of \(otherTarget) in Xcode"
        case .editNotVerified(let detail):
            return "the edited project.pbxproj did not read back as expected (\(detail)); the edit was dropped"
        case .configurationNotFound(let name, let target):
            return "target \(target) has no build configuration \(name) of its own to add the setting to"
        case .settingAlreadySet(let key, let configuration, let target):
            return "\(key) is already set in the \(configuration) configuration of target \(target); scenesweep only adds settings"
        }
    }
}
