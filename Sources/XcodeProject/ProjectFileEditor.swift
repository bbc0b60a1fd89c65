/// Registers new source files in a target of a `project.pbxproj` by inserting whole lines into its text, the
/// way Xcode would write them: the file's reference next to a sibling file in its group, and a build file in
/// the target's Sources phase. Foundation cannot write this format, and rewriting the file would lose its
/// comments and layout, so every byte not in an inserted line stays as it was.
package enum ProjectFileEditor {
    /// Adds `files` to the group that holds `siblingPath`, right after it, and compiles the compiled ones in
    /// the target; nothing when the sibling's folder is an Xcode 16 synchronized folder of the target.
    ///
    /// - Parameters:
    ///   - files: root-relative paths, inside the folder of the sibling's group.
    ///   - targetID: the `PBXNativeTarget` object id.
    ///   - siblingPath: root-relative path of a file the target compiles (the app delegate).
    ///   - bytes: the `project.pbxproj` contents.
    ///   - xcodeprojPath: root-relative path of the `.xcodeproj` folder.
    ///   - readBack: read the edited text back with `ProjectReader` and `checkSources`; a caller that reads
    ///     the edited project anyway (a re-scan of the patched tree) passes false and checks it there.
    ///   - parsed: the scan's parse of `bytes`, when it kept one (then they are not parsed again).
    package static func addingFiles(
        _ files: [NewProjectFile], toTarget targetID: String, besides siblingPath: String, in bytes: [UInt8], xcodeprojPath: String,
        readBack: Bool = true, parsed: ProjectDocument? = nil
    ) throws(ProjectEditError) -> ProjectEdit {
        let plist: (value: PlistValue, format: PropertyListFormat)
        if let parsed, parsed.byteCount == bytes.count {
            plist = (parsed.value, parsed.format)
        } else {
            do {
                plist = try PropertyListReader.read(bytes)
            } catch {
                throw .unreadable(error.message)
            }
        }
        guard plist.format == .openStep else { throw .unsupportedFormat(plist.format) }
        guard let objects = plist.value["objects"]?.dictionary, let rootID = plist.value["rootObject"]?.string,
            let root = objects[rootID]?.dictionary, root["isa"]?.string == "PBXProject"
        else { throw .unreadable("it has no PBXProject root object") }
        guard let target = objects[targetID]?.dictionary, target["isa"]?.string == "PBXNativeTarget" else {
            throw .targetNotFound(id: targetID)
        }
        try check(files)
        guard !files.isEmpty else { return .unchanged(reason: "no files to add") }
        let resolver = GroupResolver(objects: objects, sourceRoot: ProjectReader.sourceRoot(of: root, xcodeprojPath: xcodeprojPath))
        var siblingRefs: [String] = []
        var referenced: Set<String> = []
        // A reference resolves to a path ending in its own `path`'s name: only those named like the sibling or
        // a new file can be either, and resolving every reference of a large project costs more than the edit.
        let names = Set(files.map { Paths.fileName(of: $0.path) } + [Paths.fileName(of: siblingPath)])
        for (id, object) in objects where object["isa"]?.string == "PBXFileReference" {
            guard let own = object["path"]?.string, names.contains(Paths.fileName(of: own)) else { continue }
            guard let path = resolver.path(of: id) else { continue }
            referenced.insert(path)
            if path == siblingPath { siblingRefs.append(id) }
        }
        if let file = files.first(where: { referenced.contains($0.path) }) { throw .alreadyReferenced(path: file.path) }
        let membership = SynchronizedMembership(objects: objects, resolver: resolver, projectTargets: root["targets"])
        if siblingRefs.isEmpty {
            return try membership.outcome(adding: files, toTarget: targetID, besides: siblingPath)
        }

        let targetName = target["name"]?.string ?? targetID
        let phaseID = (target["buildPhases"]?.array ?? []).compactMap(\.string).first {
            objects[$0]?["isa"]?.string == "PBXSourcesBuildPhase"
        }
        guard let phaseID, let phase = objects[phaseID] else { throw .noSourcesPhase(target: targetName) }
        var compiledRefs: [String: String] = [:]
        for case .string(let buildFileID) in phase["files"]?.array ?? [] {
            if let ref = objects[buildFileID]?["fileRef"]?.string, compiledRefs[ref] == nil { compiledRefs[ref] = buildFileID }
        }
        siblingRefs.sort()
        let siblingRef = siblingRefs.first { compiledRefs[$0] != nil } ?? siblingRefs[0]
        guard let groupID = resolver.parent(of: siblingRef), let group = objects[groupID], group["isa"]?.string == "PBXGroup" else {
            throw .siblingNotFound(path: siblingPath, target: targetName)
        }
        guard let folder = resolver.path(of: groupID) else {
            throw .groupWithoutFolder(group: group["name"]?.string ?? group["path"]?.string ?? groupID, sibling: siblingPath)
        }
        for file in files where !Paths.isInside(file.path, folder) || file.path == folder {
            throw .pathOutsideGroup(path: file.path, folder: folder)
        }
        if let covered = membership.coveringFolder(of: files, inTarget: targetID) {
            throw .alreadyReferenced(path: covered)
        }

        var generator = ObjectIDGenerator(avoiding: bytes, isObject: { objects[$0] != nil })
        let seeds = files.flatMap { file in
            let seed = "\(xcodeprojPath)\u{0}\(targetID)\u{0}\(file.path)\u{0}"
            return [seed + "PBXFileReference"] + (file.isCompiled ? [seed + "PBXBuildFile"] : [])
        }
        var ids = generator.ids(for: seeds)[...]
        let added = files.map { file in
            AddedFile(
                file: file,
                relativePath: String(file.path.utf8.dropFirst(folder.isEmpty ? 0 : folder.utf8.count + 1))!,
                referenceID: ids.removeFirst(),
                buildFileID: file.isCompiled ? ids.removeFirst() : nil)
        }
        guard let text = ProjectText(bytes) else { throw .unexpectedLayout("the text could not be followed") }
        var layout = try TextLayout(text)
        let encoding = objects[siblingRef]?["fileEncoding"]?.string.flatMap { Int($0) }
        let phaseName = phase["name"]?.string ?? "Sources"
        try layout.insert(
            added.map { ($0.referenceID, $0.referenceLine(fileEncoding: encoding)) }, inSection: "PBXFileReference")
        try layout.insert(
            added.compactMap { added in added.buildFileID.map { ($0, added.buildFileLine(phase: phaseName)) } }, inSection: "PBXBuildFile")
        try layout.insert(added.map { "\($0.referenceID) /* \($0.name) */," }, inArray: "children", of: groupID, after: siblingRef)
        try layout.insert(
            added.compactMap { added in added.buildFileID.map { "\($0) /* \(added.name) in \(phaseName) */," } },
            inArray: "files", of: phaseID, after: compiledRefs[siblingRef])
        let edited = layout.applied()
        if readBack { try verify(edited, original: bytes, adding: files, toTarget: targetID, xcodeprojPath: xcodeprojPath) }
        return .edited(edited)
    }

    /// Paths that name a file inside the tree, with a known file type, once each.
    private static func check(_ files: [NewProjectFile]) throws(ProjectEditError) {
        var seen: Set<String> = []
        for file in files {
            let path = file.path
            if path.isEmpty || path.hasPrefix("/") || Paths.normalize(path) != path {
                throw .invalidPath(path: path, reason: "it is not a plain path inside the repository")
            }
            if path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) || path.contains("*/") {
                throw .invalidPath(path: path, reason: "its name holds characters a project file cannot carry")
            }
            let fileExtension = Paths.fileExtension(of: path)
            guard NewProjectFile.fileTypes[fileExtension] != nil else {
                throw .invalidPath(path: path, reason: "scenesweep does not know Xcode's file type for .\(fileExtension) files")
            }
            if file.isCompiled, !NewProjectFile.compiledExtensions.contains(fileExtension) {
                throw .invalidPath(path: path, reason: "a .\(fileExtension) file is not compiled by a Sources phase")
            }
            guard seen.insert(path).inserted else { throw .invalidPath(path: path, reason: "it is listed twice") }
        }
    }

    /// Reads the edited text back: the target compiles exactly what it did plus the new compiled files.
    private static func verify(
        _ edited: [UInt8], original: [UInt8], adding files: [NewProjectFile], toTarget targetID: String, xcodeprojPath: String
    ) throws(ProjectEditError) {
        let before: Project
        let after: Project
        do {
            before = try ProjectReader.read(original, xcodeprojPath: xcodeprojPath)
            after = try ProjectReader.read(edited, xcodeprojPath: xcodeprojPath)
        } catch {
            throw .editNotVerified(error.message)
        }
        try checkSources(before: before.target(id: targetID), after: after.target(id: targetID), adding: files)
    }

    /// The check of an edit read back: the target compiles exactly what it did plus the new compiled files.
    package static func checkSources(before old: Target?, after new: Target?, adding files: [NewProjectFile]) throws(ProjectEditError) {
        guard let old, let new else { throw .editNotVerified("the target is missing") }
        let expected = Set(old.sourceFiles).union(files.filter(\.isCompiled).map(\.path))
        guard Set(new.sourceFiles) == expected, new.sourceFiles.count == expected.count else {
            throw .editNotVerified("the target's sources are not the old ones and the new files")
        }
    }
}

/// A file being registered, with its ids and the lines Xcode writes for it.
private struct AddedFile {
    let file: NewProjectFile
    /// Relative to the folder of the group it joins.
    let relativePath: String
    let referenceID: String
    let buildFileID: String?

    var name: String { Paths.fileName(of: file.path) }

    /// `ID /* Name.swift */ = {isa = PBXFileReference; ...; };`, with `name` only when the path has folders.
    func referenceLine(fileEncoding: Int?) -> String {
        var fields = "isa = PBXFileReference; "
        if let fileEncoding { fields += "fileEncoding = \(fileEncoding); " }
        fields += "lastKnownFileType = \(NewProjectFile.fileTypes[Paths.fileExtension(of: file.path)] ?? "text"); "
        if relativePath != name { fields += "name = \(OpenStepText.quoted(name)); " }
        fields += "path = \(OpenStepText.quoted(relativePath)); sourceTree = \"<group>\"; "
        return "\(referenceID) /* \(name) */ = {\(fields)};"
    }

    func buildFileLine(phase: String) -> String {
        "\(buildFileID ?? "") /* \(name) in \(phase) */ = {isa = PBXBuildFile; fileRef = \(referenceID) /* \(name) */; };"
    }
}
