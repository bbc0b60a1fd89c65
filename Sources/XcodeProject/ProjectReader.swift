/// Why a `project.pbxproj` could not be used.
public struct ProjectError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public let line: Int?
    public var description: String { message }
}

/// Builds a `Project` from the bytes of `project.pbxproj`, the way Xcode reads it: objects by id,
/// groups resolved to paths, build phases to file lists. Unknown `isa` kinds are ignored, not fatal.
public enum ProjectReader {
    /// - Parameters:
    ///   - bytes: the `project.pbxproj` contents.
    ///   - xcodeprojPath: root-relative path of the `.xcodeproj` folder.
    public static func read(_ bytes: [UInt8], xcodeprojPath: String) throws(ProjectError) -> Project {
        let parsed: PlistValue
        do {
            parsed = try PropertyListReader.read(bytes).value
        } catch {
            throw ProjectError(message: "project.pbxproj is not a property list: \(error.message)", line: error.line)
        }
        guard let objects = parsed["objects"]?.dictionary,
              let rootID = parsed["rootObject"]?.string,
              let root = objects[rootID]?.dictionary,
              root["isa"]?.string == "PBXProject"
        else {
            throw ProjectError(message: "project.pbxproj has no PBXProject root object", line: nil)
        }
        let lines = ObjectLines(bytes)
        let containing = Paths.directory(of: xcodeprojPath)
        var sourceRoot = containing
        if let dirPath = root["projectDirPath"]?.string, !dirPath.isEmpty,
           let resolved = Paths.resolve(containing, dirPath) {
            sourceRoot = resolved
        }
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
            let base = config["baseConfigurationReference"]?.string.flatMap { resolver.path(of: $0) }
            result.append(BuildConfiguration(
                id: configID, name: config["name"]?.string ?? "",
                settings: settings, settingLines: lines.settingLines(of: configID),
                baseConfigurationPath: base))
        }
        return result
    }

    private static func unique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }
    }
}

/// Resolves file references and groups to root-relative paths through their parent groups.
struct GroupResolver {
    let objects: [String: PlistValue]
    let sourceRoot: String
    private var parents: [String: String] = [:]

    init(objects: [String: PlistValue], sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        for (id, object) in objects {
            for case .string(let child) in object["children"]?.array ?? [] {
                parents[child] = id
            }
        }
    }

    /// The path of a file reference, group or synchronized folder; nil for SDK and build-product references.
    func path(of id: String) -> String? {
        var visited: Set<String> = []
        return path(of: id, visited: &visited)
    }

    private func path(of id: String, visited: inout Set<String>) -> String? {
        // A hostile project can make groups their own ancestors.
        guard visited.insert(id).inserted, let object = objects[id] else { return nil }
        let own = object["path"]?.string ?? ""
        switch object["sourceTree"]?.string ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else {
                // The main group (no parent) sits at the source root.
                return Paths.resolve(sourceRoot, own)
            }
            guard let base = path(of: parent, visited: &visited) else { return nil }
            return Paths.resolve(base, own)
        case "SOURCE_ROOT":
            return Paths.resolve(sourceRoot, own)
        default:
            // <absolute>, BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: not files of this tree.
            return nil
        }
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
struct ObjectLines {
    private var objectLines: [String: Int] = [:]
    private var objectRanges: [String: Range<Int>] = [:]
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
        lineStarts = starts
        // Xcode writes each object as `\t\t<ID> /* name */ = {` or `\t\t<ID> = {` at the start of a line.
        var previous: (id: String, line: Int)?
        for (lineIndex, start) in starts.enumerated() {
            var cursor = start
            var tabs = 0
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\t") {
                tabs += 1
                cursor += 1
            }
            guard tabs == 2 else { continue }
            var end = cursor
            while end < bytes.count, Self.isIDByte(bytes[end]) { end += 1 }
            guard end - cursor >= 8, end < bytes.count, bytes[end] == UInt8(ascii: " ") else { continue }
            let id = String(decoding: bytes[cursor..<end], as: UTF8.self)
            if let previous { objectRanges[previous.id] = previous.line..<lineIndex }
            objectLines[id] = lineIndex + 1
            previous = (id, lineIndex)
        }
        if let previous { objectRanges[previous.id] = previous.line..<starts.count }
    }

    func line(of id: String) -> Int? {
        objectLines[id]
    }

    /// Lines of `KEY = value;` entries inside the object's text.
    func settingLines(of id: String) -> [String: Int] {
        guard let range = objectRanges[id] else { return [:] }
        var result: [String: Int] = [:]
        for lineIndex in range {
            var cursor = lineStarts[lineIndex]
            while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\t") || bytes[cursor] == UInt8(ascii: " ") {
                cursor += 1
            }
            var end = cursor
            let quoted = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "\"")
            if quoted {
                cursor += 1
                end = cursor
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            } else {
                while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\n") { end += 1 }
            }
            guard end > cursor else { continue }
            let key = String(decoding: bytes[cursor..<end], as: UTF8.self)
            if result[key] == nil { result[key] = lineIndex + 1 }
        }
        return result
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
    }
}
