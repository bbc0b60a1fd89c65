internal import CByteSearch

#if canImport(Glibc)
    import Glibc
#endif

/// Why a `project.pbxproj` could not be used.
package struct ProjectError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package let line: Int?
    package var description: String { message }
}

/// Builds a `Project` from the bytes of `project.pbxproj`, the way Xcode reads it: objects by id,
/// groups resolved to paths, build phases to file lists. Unknown `isa` kinds are ignored, not fatal.
package enum ProjectReader {
    /// - Parameters:
    ///   - bytes: the `project.pbxproj` contents.
    ///   - xcodeprojPath: root-relative path of the `.xcodeproj` folder.
    package static func read(_ bytes: [UInt8], xcodeprojPath: String) throws(ProjectError) -> Project {
        try readKeepingDocument(bytes, xcodeprojPath: xcodeprojPath).project
    }

    /// `read`, and the parsed file, for an edit of the same bytes to start from (`ProjectFileEditor`) instead
    /// of parsing them again.
    package static func readKeepingDocument(_ bytes: [UInt8], xcodeprojPath: String) throws(ProjectError) -> (
        project: Project, document: ProjectDocument
    ) {
        let document: ProjectDocument
        do {
            let read = try PropertyListReader.read(bytes)
            document = ProjectDocument(value: read.value, format: read.format, byteCount: bytes.count)
        } catch {
            throw ProjectError(message: "project.pbxproj is not a property list: \(error.message)", line: error.line)
        }
        return (try project(from: document.value, bytes: bytes, xcodeprojPath: xcodeprojPath), document)
    }

    private static func project(from parsed: PlistValue, bytes: [UInt8], xcodeprojPath: String) throws(ProjectError) -> Project {
        guard let objects = parsed["objects"]?.dictionary,
            let rootID = parsed["rootObject"]?.string,
            let root = objects[rootID]?.dictionary,
            root["isa"]?.string == "PBXProject"
        else {
            throw ProjectError(message: "project.pbxproj has no PBXProject root object", line: nil)
        }
        let lines = ObjectLines(bytes)
        let sourceRoot = sourceRoot(of: root, xcodeprojPath: xcodeprojPath)
        let resolver = GroupResolver(objects: objects, sourceRoot: sourceRoot)
        let objectVersion = parsed["objectVersion"]?.string.flatMap { Int($0) }
        let projectConfigurations = configurations(
            listID: root["buildConfigurationList"]?.string, objects: objects, resolver: resolver, lines: lines)

        var targets: [Target] = []
        for case .string(let targetID) in root["targets"]?.array ?? [] {
            guard let object = objects[targetID]?.dictionary, object["isa"]?.string == "PBXNativeTarget" else {
                continue
            }
            targets.append(target(id: targetID, object, objects: objects, resolver: resolver, lines: lines))
        }
        let name = Paths.baseName(of: xcodeprojPath)
        return Project(
            path: xcodeprojPath, sourceRoot: sourceRoot, name: name, objectVersion: objectVersion,
            buildConfigurations: projectConfigurations, targets: targets)
    }

    /// The folder Xcode calls `SRCROOT`: the `.xcodeproj`'s folder, moved by the root object's `projectDirPath`.
    static func sourceRoot(of root: [String: PlistValue], xcodeprojPath: String) -> String {
        let containing = Paths.directory(of: xcodeprojPath)
        if let dirPath = root["projectDirPath"]?.string, !dirPath.isEmpty, let resolved = Paths.resolve(containing, dirPath) {
            return resolved
        }
        return containing
    }

    private static func target(
        id: String, _ object: [String: PlistValue], objects: [String: PlistValue],
        resolver: GroupResolver, lines: ObjectLines
    ) -> Target {
        var sources: [String] = []
        var resources: [String] = []
        for case .string(let phaseID) in object["buildPhases"]?.array ?? [] {
            guard let phase = objects[phaseID]?.dictionary else { continue }
            let isa = phase["isa"]?.string
            guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
            for case .string(let buildFileID) in phase["files"]?.array ?? [] {
                guard let fileRef = objects[buildFileID]?["fileRef"]?.string else { continue }
                let paths = resolver.filePaths(of: fileRef)
                if isa == "PBXSourcesBuildPhase" { sources += paths } else { resources += paths }
            }
        }
        var folders: [SynchronizedFolder] = []
        for case .string(let groupID) in object["fileSystemSynchronizedGroups"]?.array ?? [] {
            guard let path = resolver.path(of: groupID) else { continue }
            var excluded: Set<String> = []
            for case .string(let exceptionID) in objects[groupID]?["exceptions"]?.array ?? [] {
                guard let exception = objects[exceptionID]?.dictionary,
                    exception["isa"]?.string == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                    exception["target"]?.string == id
                else { continue }
                for case .string(let relative) in exception["membershipExceptions"]?.array ?? [] {
                    if let resolved = Paths.resolve(path, relative) { excluded.insert(resolved) }
                }
            }
            folders.append(SynchronizedFolder(path: path, excludedPaths: excluded))
        }
        // A file of another target's synchronized folder joins this target through an exception set
        // naming this target (for the folder's own targets the same set lists files left out).
        let ownGroups = Set((object["fileSystemSynchronizedGroups"]?.array ?? []).compactMap(\.string))
        for groupID in resolver.synchronizedGroups where !ownGroups.contains(groupID) {
            guard let group = objects[groupID], let folder = resolver.path(of: groupID) else { continue }
            for case .string(let exceptionID) in group["exceptions"]?.array ?? [] {
                guard let exception = objects[exceptionID]?.dictionary, exception["target"]?.string == id else { continue }
                for case .string(let relative) in exception["membershipExceptions"]?.array ?? [] {
                    guard let path = Paths.resolve(folder, relative) else { continue }
                    if ProjectReader.compiledExtensions.contains(Paths.fileExtension(of: path)) {
                        sources.append(path)
                    } else {
                        resources.append(path)
                    }
                }
            }
        }
        var packages: [String] = []
        for case .string(let productID) in object["packageProductDependencies"]?.array ?? [] {
            guard let product = objects[productID]?.dictionary else { continue }
            if let packageID = product["package"]?.string {
                if let package = objects[packageID]?.dictionary, package["isa"]?.string == "XCLocalSwiftPackageReference",
                    let relative = package["relativePath"]?.string, let path = Paths.resolve(resolver.sourceRoot, relative)
                {
                    packages.append(path)
                }
            } else {
                // Before Xcode 15 a local package is a folder reference in the project, its products unnamed.
                packages += resolver.localPackageFolders
            }
        }
        var dependencies: [String] = []
        for case .string(let dependencyID) in object["dependencies"]?.array ?? [] {
            if let targetID = objects[dependencyID]?["target"]?.string {
                dependencies.append(targetID)
            }
        }
        return Target(
            id: id,
            name: object["name"]?.string ?? "",
            productName: object["productName"]?.string,
            productType: object["productType"]?.string ?? "",
            line: lines.line(of: id) ?? 1,
            buildConfigurations: configurations(
                listID: object["buildConfigurationList"]?.string, objects: objects, resolver: resolver, lines: lines),
            defaultConfiguration: object["buildConfigurationList"]?.string.flatMap { objects[$0]?["defaultConfigurationName"]?.string },
            sourceFiles: unique(sources),
            resourceFiles: unique(resources),
            synchronizedFolders: folders,
            localPackages: unique(packages),
            dependencies: dependencies)
    }

    private static func configurations(
        listID: String?, objects: [String: PlistValue], resolver: GroupResolver, lines: ObjectLines
    ) -> [BuildConfiguration] {
        guard let listID, let list = objects[listID]?.dictionary else { return [] }
        var result: [BuildConfiguration] = []
        for case .string(let configID) in list["buildConfigurations"]?.array ?? [] {
            guard let config = objects[configID]?.dictionary else { continue }
            var settings: [String: String] = [:]
            for (key, value) in config["buildSettings"]?.dictionary ?? [:] {
                switch value {
                case .string(let text): settings[key] = text
                case .array(let items): settings[key] = items.compactMap(\.string).joined(separator: " ")
                default: continue
                }
            }
            var base = config["baseConfigurationReference"]?.string.flatMap { resolver.path(of: $0) }
            // Xcode 16 can point at an xcconfig inside a synchronized folder by anchor and relative path.
            if base == nil, let anchor = config["baseConfigurationReferenceAnchor"]?.string,
                let relative = config["baseConfigurationReferenceRelativePath"]?.string,
                let folder = resolver.path(of: anchor)
            {
                base = Paths.resolve(folder, relative)
            }
            result.append(
                BuildConfiguration(
                    id: configID, name: config["name"]?.string ?? "",
                    settings: settings, settingLines: lines.settingLines(of: configID),
                    baseConfigurationPath: base))
        }
        return result
    }

    static let compiledExtensions: Set<String> = ["swift", "m", "mm", "c", "cc", "cpp", "h"]

    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }
}

/// Resolves file references and groups to root-relative paths through their parent groups.
final class GroupResolver {
    let objects: [String: PlistValue]
    let sourceRoot: String
    private var parents: [String: String] = [:]
    /// Ids of every `PBXFileSystemSynchronizedRootGroup`.
    private(set) var synchronizedGroups: [String] = []
    /// Paths already worked out, by object id; a project has few groups and many files in each.
    private var resolved: [String: String?] = [:]

    init(objects: [String: PlistValue], sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        // An object listed by several groups (which only a broken or hostile project does, say a variant
        // group that is its own grandchild) keeps the group with the smallest id: in dictionary order,
        // which Swift seeds per process, its path changed from run to run. (Sorting every id to walk them
        // in order gave the same answer at a tenth of a large project's read.)
        // Sized for every object, and one hash per child (the defaulted subscript finds or makes the slot).
        parents.reserveCapacity(objects.count)
        func keepSmaller(_ parent: inout String, _ id: String) { if id < parent { parent = id } }
        for (id, object) in objects {
            guard case .dictionary(let fields) = object else { continue }
            if case .string("PBXFileSystemSynchronizedRootGroup")? = fields["isa"] { synchronizedGroups.append(id) }
            guard case .array(let children)? = fields["children"] else { continue }
            for case .string(let child) in children { keepSmaller(&parents[child, default: id], id) }
        }
        synchronizedGroups.sort()
    }

    /// The group that lists the object among its children.
    func parent(of id: String) -> String? {
        parents[id]
    }

    /// Folder references that may hold a local Swift package (checked for a Package.swift later).
    /// Worked out once: every package product of every target without a package reference asks for it.
    private(set) lazy var localPackageFolders: [String] = {
        objects.compactMap { id, object -> String? in
            guard object["isa"]?.string == "PBXFileReference" else { return nil }
            let type = object["lastKnownFileType"]?.string ?? object["explicitFileType"]?.string
            guard type == "folder" || type == "wrapper" else { return nil }
            return path(of: id)
        }.sorted()
    }()

    /// The path of a file reference, group or synchronized folder; nil for SDK and build-product references.
    func path(of id: String) -> String? {
        path(of: id, depth: 0)
    }

    private func path(of id: String, depth: Int) -> String? {
        if let known = resolved[id] { return known }
        // A hostile project can make groups their own ancestors; real ones nest a few dozen deep at most.
        guard depth < 256, let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        let result: String?
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            if let parent = parents[id] {
                result = path(of: parent, depth: depth + 1).flatMap { Self.append(own, to: $0) }
            } else {
                // The main group (no parent) sits at the source root.
                result = Self.append(own, to: sourceRoot)
            }
        case "SOURCE_ROOT":
            result = Self.append(own, to: sourceRoot)
        default:
            // <absolute>, BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not files of this tree.
            result = nil
        }
        resolved[id] = result
        return result
    }

    /// Joins without re-normalising when the component is a plain relative name (the common case).
    private static func append(_ component: String, to base: String) -> String? {
        if component.isEmpty { return base }
        if isPlain(component) { return Paths.join(base, component) }
        return Paths.resolve(base, component)
    }

    /// No leading or trailing `/`, no empty, `.` or `..` component: joining is enough.
    private static func isPlain(_ component: String) -> Bool {
        var length = 0
        var dotsOnly = true
        for byte in component.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || (dotsOnly && length <= 2) { return false }
                length = 0
                dotsOnly = true
            } else {
                length += 1
                if byte != UInt8(ascii: ".") { dotsOnly = false }
            }
        }
        return length > 0 && !(dotsOnly && length <= 2)
    }

    /// File paths a build file stands for: a variant group (localised storyboard) stands for its children.
    func filePaths(of id: String) -> [String] {
        guard let object = objects[id] else { return [] }
        switch object["isa"]?.string {
        case "PBXVariantGroup":
            var result: [String] = []
            for case .string(let child) in object["children"]?.array ?? [] {
                if let childPath = path(of: child) { result.append(childPath) }
            }
            return result
        default:
            return path(of: id).map { [$0] } ?? []
        }
    }
}

/// Where objects and their settings sit in the text of a pbxproj, for `file:line` in findings.
///
/// An object's definition is the line that starts with Xcode's `\t\t<ID> `. The first lookups search the text
/// for it; from the `searchesBeforeIndex`th on, one pass indexes every such line, so that finding an object
/// costs a lookup: searching the whole file for each target was quadratic (5,000 targets took 37 s and
/// 2.8 GB), and indexing every object of a project with a few targets cost more than all its searches (a
/// quarter of reading a 1 MB project).
final class ObjectLines {
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Each object's first definition line, as the byte offset where it starts; built when searches add up.
    private var index: [String: Int]?
    private var searches = 0
    static let searchesBeforeIndex = 32

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 40)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 10, buffer.count - offset) {
                let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                starts.append(position + 1)
                offset = position + 1
            }
        }
        lineStarts = starts
    }

    /// The byte offset where the object's definition line starts.
    private func definition(of id: String) -> Int? {
        if let index { return index[id] }
        searches += 1
        guard searches < Self.searchesBeforeIndex else {
            let built = makeIndex()
            index = built
            return built[id]
        }
        return search(id)
    }

    /// The first line that starts with two tabs, `id` and a space.
    private func search(_ id: String) -> Int? {
        let tab = UInt8(ascii: "\t")
        let name = Array(id.utf8)
        guard !name.isEmpty, name.count <= 78, !name.contains(where: { $0 == UInt8(ascii: " ") || $0 == 10 || $0 == tab }) else {
            return nil
        }
        if bytes.starts(with: [tab, tab] + name + [UInt8(ascii: " ")]) { return 0 }
        let needle = [10, tab, tab] + name + [UInt8(ascii: " ")]
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, let found = cbs_memmem(base, buffer.count, needle, needle.count) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
        }
    }

    private func makeIndex() -> [String: Int] {
        var definitions: [String: Int] = [:]
        let tab = UInt8(ascii: "\t")
        for start in lineStarts {
            // Two tabs, then an id up to the first space.
            guard start + 2 < bytes.count, bytes[start] == tab, bytes[start + 1] == tab, bytes[start + 2] != tab else { continue }
            var end = start + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != 10, end - start < 80 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: " "), end > start + 2 else { continue }
            let id = String(decoding: bytes[start + 2..<end], as: UTF8.self)
            if definitions[id] == nil { definitions[id] = start }
        }
        return definitions
    }

    private func line(atOffset offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    func line(of id: String) -> Int? {
        definition(of: id).map(line(atOffset:))
    }

    /// Lines of `KEY = value;` entries inside the object's text (up to its closing `\t\t};`).
    func settingLines(of id: String) -> [String: Int] {
        guard let start = definition(of: id) else { return [:] }
        var result: [String: Int] = [:]
        var lineIndex = line(atOffset: start)
        while lineIndex < lineStarts.count {
            var cursor = lineStarts[lineIndex]
            lineIndex += 1
            var tabs = 0
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\t") || bytes[cursor] == UInt8(ascii: " ") {
                tabs += 1
                cursor += 1
            }
            guard cursor < bytes.count else { break }
            // The object ends at the `};` indented like its first line.
            if tabs <= 2, bytes[cursor] == UInt8(ascii: "}") { break }
            var end = cursor
            let quoted = bytes[cursor] == UInt8(ascii: "\"")
            if quoted {
                cursor += 1
                end = cursor
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            } else {
                while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            }
            guard end > cursor else { continue }
            let key = String(decoding: bytes[cursor..<end], as: UTF8.self)
            if result[key] == nil { result[key] = lineIndex }
        }
        return result
    }
}
