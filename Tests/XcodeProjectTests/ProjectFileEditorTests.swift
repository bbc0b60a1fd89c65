import Foundation
import TestSupport
import Testing

@testable import XcodeProject

/// `fix` registers the scene delegate it writes (issue 19): a file reference next to the app delegate and a
/// build file in the app's Sources phase, inserted as lines into real-shaped `project.pbxproj` files.
@Suite("Project file editor")
struct ProjectFileEditorTests {
    /// A fixture project, the app delegate it compiles, and the files `fix` would add next to it.
    struct Edit: Sendable, CustomTestStringConvertible {
        let fixture: String
        let xcodeproj: String
        let target: String
        let sibling: String
        let files: [String]
        /// The `path` each new reference must carry (relative to its group's folder).
        let writtenPaths: [String]

        var testDescription: String { fixture }

        var bytes: [UInt8] {
            get throws {
                let url = FixturePaths.fixtures.appendingPathComponent(fixture).appendingPathComponent(xcodeproj)
                    .appendingPathComponent("project.pbxproj")
                return Array(try Data(contentsOf: url))
            }
        }

        var newFiles: [NewProjectFile] { files.map(NewProjectFile.init(path:)) }

        func targetID(in bytes: [UInt8]) throws -> String {
            let project = try ProjectReader.read(bytes, xcodeprojPath: xcodeproj)
            return try #require(project.targets.first { $0.name == target }).id
        }

        func run(on bytes: [UInt8]) throws -> ProjectEdit {
            try ProjectFileEditor.addingFiles(
                newFiles, toTarget: try targetID(in: bytes), besides: sibling, in: bytes, xcodeprojPath: xcodeproj)
        }

        func edited(_ bytes: [UInt8]) throws -> [UInt8] {
            guard case .edited(let result) = try run(on: bytes) else {
                Issue.record("\(fixture) was left unchanged")
                return bytes
            }
            return result
        }
    }

    /// `fix` starts from the scan's parse of the project (`ProjectReader.readKeepingDocument`): the edit is the
    /// one a fresh parse gives; a parse of other bytes (an earlier patch changed the file) is not used.
    @Test(arguments: edits)
    func theScansParseGivesTheSameEditAndOtherBytesAreParsedAgain(_ edit: Edit) throws {
        let bytes = try edit.bytes
        let expected = try edit.edited(bytes)
        let (project, document) = try ProjectReader.readKeepingDocument(bytes, xcodeprojPath: edit.xcodeproj)
        let targetID = try #require(project.targets.first { $0.name == edit.target }).id
        let reused = try ProjectFileEditor.addingFiles(
            edit.newFiles, toTarget: targetID, besides: edit.sibling, in: bytes, xcodeprojPath: edit.xcodeproj, parsed: document)
        #expect(reused == .edited(expected))
        // A document of a one-line-longer file (the pbxproj of another tree) would name objects these bytes lack.
        let longer = bytes + Array("// a comment\n".utf8)
        let other = try ProjectReader.readKeepingDocument(longer, xcodeprojPath: edit.xcodeproj).document
        let empty = ProjectDocument(value: .dictionary([:]), format: .openStep, byteCount: longer.count)
        #expect(
            try ProjectFileEditor.addingFiles(
                edit.newFiles, toTarget: targetID, besides: edit.sibling, in: bytes, xcodeprojPath: edit.xcodeproj, parsed: other)
                == .edited(expected))
        #expect(
            try ProjectFileEditor.addingFiles(
                edit.newFiles, toTarget: targetID, besides: edit.sibling, in: bytes, xcodeprojPath: edit.xcodeproj, parsed: empty)
                == .edited(expected))
        // One of the same length is taken as the parse of these bytes: the document is what the edit reads.
        let blank = ProjectDocument(value: .dictionary([:]), format: .openStep, byteCount: bytes.count)
        #expect(throws: ProjectEditError.self) {
            try ProjectFileEditor.addingFiles(
                edit.newFiles, toTarget: targetID, besides: edit.sibling, in: bytes, xcodeprojPath: edit.xcodeproj, parsed: blank)
        }
    }

    static let shelf = Edit(
        fixture: "scan/legacy-swift-uikit", xcodeproj: "Shelf.xcodeproj", target: "Shelf", sibling: "Shelf/AppDelegate.swift",
        files: ["Shelf/SceneDelegate.swift"], writtenPaths: ["SceneDelegate.swift"])

    static let edits: [Edit] = [
        shelf,
        Edit(
            fixture: "scan/legacy-objc-xib", xcodeproj: "Tally.xcodeproj", target: "Tally", sibling: "Tally/AppDelegate.m",
            files: ["Tally/SceneDelegate.h", "Tally/SceneDelegate.m"], writtenPaths: ["SceneDelegate.h", "SceneDelegate.m"]),
        Edit(
            fixture: "frameworks/flutter-old-template", xcodeproj: "ios/Runner.xcodeproj", target: "Runner",
            sibling: "ios/Runner/AppDelegate.swift", files: ["ios/Runner/SceneDelegate.swift"], writtenPaths: ["SceneDelegate.swift"]),
        Edit(
            fixture: "frameworks/capacitor-8.4", xcodeproj: "ios/App/App.xcodeproj", target: "App",
            sibling: "ios/App/App/AppDelegate.swift", files: ["ios/App/App/SceneDelegate.swift"], writtenPaths: ["SceneDelegate.swift"]),
        // React Native's group has a name and no path: its files carry the folder in their own paths.
        Edit(
            fixture: "frameworks/rn-0.85-factory-swift", xcodeproj: "ios/Quayside.xcodeproj", target: "Quayside",
            sibling: "ios/Quayside/AppDelegate.swift", files: ["ios/Quayside/SceneDelegate.swift"],
            writtenPaths: ["Quayside/SceneDelegate.swift"]),
        Edit(
            fixture: "frameworks/rn-0.83-factory-objc", xcodeproj: "ios/Moorings.xcodeproj", target: "Moorings",
            sibling: "ios/Moorings/AppDelegate.mm", files: ["ios/Moorings/SceneDelegate.h", "ios/Moorings/SceneDelegate.m"],
            writtenPaths: ["Moorings/SceneDelegate.h", "Moorings/SceneDelegate.m"]),
        Edit(
            fixture: "frameworks/cordova-7", xcodeproj: "platforms/ios/Tidepool.xcodeproj", target: "Tidepool",
            sibling: "platforms/ios/Tidepool/Classes/AppDelegate.m",
            files: ["platforms/ios/Tidepool/Classes/SceneDelegate.h", "platforms/ios/Tidepool/Classes/SceneDelegate.m"],
            writtenPaths: ["SceneDelegate.h", "SceneDelegate.m"]),
        Edit(
            fixture: "frameworks/expo-55", xcodeproj: "ios/Tandem.xcodeproj", target: "Tandem", sibling: "ios/Tandem/AppDelegate.swift",
            files: ["ios/Tandem/SceneDelegate.swift"], writtenPaths: ["Tandem/SceneDelegate.swift"]),
    ]

    /// Objects of a pbxproj as Foundation reads it, the reference the editor's output must satisfy.
    private static func foundationObjects(_ bytes: [UInt8]) throws -> [String: [String: Any]] {
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: &format)
        #expect(format == .openStep)
        let objects = try #require((plist as? [String: Any])?["objects"] as? [String: Any])
        return objects.compactMapValues { $0 as? [String: Any] }
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n")
    }

    @Test("Foundation reads the edited project, and the new objects carry Xcode's fields", arguments: edits)
    func foundationReadsTheNewObjects(edit: Edit) throws {
        let before = try edit.bytes
        let after = try edit.edited(before)
        let oldObjects = try Self.foundationObjects(before)
        let objects = try Self.foundationObjects(after)
        let added = Set(objects.keys).subtracting(oldObjects.keys)
        let compiled = edit.newFiles.filter(\.isCompiled).count
        #expect(added.count == edit.files.count + compiled)

        let references = added.filter { objects[$0]?["isa"] as? String == "PBXFileReference" }.sorted {
            edit.writtenPaths.firstIndex(of: objects[$0]?["path"] as? String ?? "") ?? 0
                < edit.writtenPaths.firstIndex(of: objects[$1]?["path"] as? String ?? "") ?? 0
        }
        #expect(references.map { objects[$0]?["path"] as? String } == edit.writtenPaths)
        for (reference, file) in zip(references, edit.files) {
            let object = try #require(objects[reference])
            #expect(object["sourceTree"] as? String == "<group>")
            #expect(object["lastKnownFileType"] as? String == NewProjectFile.fileTypes[Paths.fileExtension(of: file)])
            let name = Paths.fileName(of: file)
            #expect(object["name"] as? String == (object["path"] as? String == name ? nil : name))
        }
        let buildFiles = added.filter { objects[$0]?["isa"] as? String == "PBXBuildFile" }
        #expect(buildFiles.count == compiled)
        let compiledReferences = Set(buildFiles.compactMap { objects[$0]?["fileRef"] as? String })
        #expect(compiledReferences == Set(zip(references, edit.newFiles).filter { $0.1.isCompiled }.map(\.0)))

        // The references follow the app delegate in its group; the build files are in the app's Sources phase.
        let group = try #require(objects.values.first { ($0["children"] as? [String])?.contains(references[0]) == true })
        let children = try #require(group["children"] as? [String])
        let at = try #require(children.firstIndex(of: references[0]))
        #expect(Array(children[at...].prefix(references.count)) == references)
        let sibling = try #require(at > 0 ? oldObjects[children[at - 1]] : nil)
        #expect(Paths.fileName(of: sibling["path"] as? String ?? "") == Paths.fileName(of: edit.sibling))
        let target = try #require(objects[try edit.targetID(in: before)])
        let phases = (target["buildPhases"] as? [String] ?? []).compactMap { objects[$0] }
        let sources = try #require(phases.first { $0["isa"] as? String == "PBXSourcesBuildPhase" })
        #expect(buildFiles.isSubset(of: sources["files"] as? [String] ?? []))
    }

    @Test("The project reader lists the new sources in the target, and no header", arguments: edits)
    func theReaderListsTheNewSources(edit: Edit) throws {
        let before = try edit.bytes
        let after = try edit.edited(before)
        let old = try #require(try ProjectReader.read(before, xcodeprojPath: edit.xcodeproj).targets.first { $0.name == edit.target })
        let new = try #require(try ProjectReader.read(after, xcodeprojPath: edit.xcodeproj).targets.first { $0.name == edit.target })
        let compiled = edit.newFiles.filter(\.isCompiled).map(\.path)
        #expect(Set(new.sourceFiles) == Set(old.sourceFiles + compiled))
        for file in edit.newFiles where !file.isCompiled {
            #expect(!new.sourceFiles.contains(file.path))
        }
        // Right after the app delegate in the Sources phase.
        let at = try #require(new.sourceFiles.firstIndex(of: edit.sibling))
        #expect(Array(new.sourceFiles[(at + 1)...].prefix(compiled.count)) == compiled)
        #expect(new.resourceFiles == old.resourceFiles)
    }

    @Test("The edited project minus the inserted lines is the original, byte for byte", arguments: edits)
    func onlyLinesAreInserted(edit: Edit) throws {
        let before = try edit.bytes
        let after = try edit.edited(before)
        let added = Set(try Self.foundationObjects(after).keys).subtracting(try Self.foundationObjects(before).keys)
        let kept = Self.lines(after).filter { line in !added.contains { line.contains($0) } }
        #expect(kept.joined(separator: "\n") == String(decoding: before, as: UTF8.self))
        let compiled = edit.newFiles.filter(\.isCompiled).count
        // A reference and a child line per file; a build file and a Sources line per compiled file.
        #expect(Self.lines(after).count - Self.lines(before).count == 2 * edit.files.count + 2 * compiled)
        for line in Self.lines(after) where added.contains(where: { line.contains($0) }) {
            #expect(line.hasPrefix("\t\t"), "\(line)")
            #expect(!line.hasPrefix(" "))
        }
    }

    @Test("Registering the same files again is refused: they are already referenced", arguments: edits)
    func aSecondRunIsRefused(edit: Edit) throws {
        let after = try edit.edited(try edit.bytes)
        #expect(throws: ProjectEditError.alreadyReferenced(path: edit.files[0])) { try edit.run(on: after) }
    }

    @Test("The same input gives the same output, with fresh ids of 24 uppercase hex digits", arguments: edits)
    func idsAreDeterministicAndUnique(edit: Edit) throws {
        let before = try edit.bytes
        let first = try edit.edited(before)
        #expect(try edit.edited(before) == first)
        let added = Set(try Self.foundationObjects(first).keys).subtracting(try Self.foundationObjects(before).keys)
        let text = String(decoding: before, as: UTF8.self)
        for id in added {
            #expect(id.count == 24)
            #expect(id.allSatisfy { "0123456789ABCDEF".contains($0) })
            #expect(!text.contains(id))
        }
    }

    @Test("The Shelf edit is the four lines Xcode would write")
    func shelfGolden() throws {
        let before = try Self.shelf.bytes
        let after = try Self.shelf.edited(before)
        #expect(Self.insertedLines(before, after) == Self.shelfGolden)
    }

    /// Each inserted line with the original line above it, like a unified diff's context.
    private static func insertedLines(_ before: [UInt8], _ after: [UInt8]) -> String {
        let old = lines(before)
        var result = ""
        var index = 0
        for line in lines(after) {
            if index < old.count, old[index] == line {
                index += 1
            } else {
                result += "  \(index > 0 ? old[index - 1] : "")\n+ \(line)\n"
            }
        }
        return result
    }

    static let shelfGolden = """
          \t\tABC8269EBE23D8EFEA948493 /* OfferViewController.swift in Sources */ = {isa = PBXBuildFile; fileRef = 1D7D41F2E0B916833534A804 /* OfferViewController.swift */; };
        + \t\tB6D4E64C6152F288F77D7F63 /* SceneDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = CCF0DD3FE64BA74DBB677F35 /* SceneDelegate.swift */; };
          \t\tB6D6BE6E15ADE7D8114DF574 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        + \t\tCCF0DD3FE64BA74DBB677F35 /* SceneDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = SceneDelegate.swift; sourceTree = "<group>"; };
          \t\t\t\tE9B604FCB4019C76FB209641 /* AppDelegate.swift */,
        + \t\t\t\tCCF0DD3FE64BA74DBB677F35 /* SceneDelegate.swift */,
          \t\t\t\tD8715D2DA3C8352D36F0BECD /* AppDelegate.swift in Sources */,
        + \t\t\t\tB6D4E64C6152F288F77D7F63 /* SceneDelegate.swift in Sources */,

        """

    @Test("CRLF line endings stay CRLF, on the new lines too")
    func lineEndingsArePreserved() throws {
        let before = try Self.shelf.bytes
        var crlf: [UInt8] = []
        for byte in before {
            if byte == UInt8(ascii: "\n") { crlf.append(UInt8(ascii: "\r")) }
            crlf.append(byte)
        }
        let after = try Self.shelf.edited(crlf)
        let expected = try Self.shelf.edited(before)
        #expect(after.filter { $0 != UInt8(ascii: "\r") } == expected)
        #expect(after.count(where: { $0 == UInt8(ascii: "\r") }) == after.count(where: { $0 == UInt8(ascii: "\n") }))
    }

    @Test("An id the file already uses anywhere is derived again")
    func takenIDsAreDerivedAgain() throws {
        let before = try Self.shelf.bytes
        let first = try Self.shelf.edited(before)
        let added = Set(try Self.foundationObjects(first).keys).subtracting(try Self.foundationObjects(before).keys).sorted()
        // Another project's object ids appear only as values (a container proxy's remoteGlobalIDString).
        let planted = String(decoding: before, as: UTF8.self).replacingOccurrences(
            of: "\t\t\tprojectRoot = \"\";\n", with: "\t\t\tprojectRoot = \"\";\n\t\t\tremoteGlobalIDString = \(added[0]);\n")
        let second = try Self.shelf.edited(Array(planted.utf8))
        let readded = Set(try Self.foundationObjects(second).keys).subtracting(try Self.foundationObjects(Array(planted.utf8)).keys)
        #expect(!readded.contains(added[0]))
        #expect(readded.contains(added[1]))
        #expect(readded.count == 2)
    }

    @Test("A name Xcode quotes is quoted; a group with SOURCE_ROOT resolves like any other")
    func quotingAndSourceRoot() throws {
        var edit = Self.shelf
        edit = Edit(
            fixture: edit.fixture, xcodeproj: edit.xcodeproj, target: edit.target, sibling: edit.sibling,
            files: ["Shelf/Scene-Delegate+Window.swift"], writtenPaths: [])
        let sourceRooted = String(decoding: try edit.bytes, as: UTF8.self).replacingOccurrences(
            of: "\t\t\tpath = Shelf;\n\t\t\tsourceTree = \"<group>\";", with: "\t\t\tpath = Shelf;\n\t\t\tsourceTree = SOURCE_ROOT;")
        let after = try edit.edited(Array(sourceRooted.utf8))
        let text = String(decoding: after, as: UTF8.self)
        #expect(text.contains("path = \"Scene-Delegate+Window.swift\"; sourceTree = \"<group>\"; };"))
        #expect(text.contains("/* Scene-Delegate+Window.swift in Sources */,"))
        let target = try #require(try ProjectReader.read(after, xcodeprojPath: edit.xcodeproj).targets.first)
        #expect(target.sourceFiles.contains("Shelf/Scene-Delegate+Window.swift"))
    }

    // MARK: Xcode 16 synchronized folders

    private static func harbor(
        _ text: String, target: String = HarborProject.appTarget, files: [String] = ["Harbor/SceneDelegate.swift"]
    ) throws(ProjectEditError) -> ProjectEdit {
        try ProjectFileEditor.addingFiles(
            files.map(NewProjectFile.init(path:)), toTarget: target, besides: "Harbor/AppDelegate.swift", in: Array(text.utf8),
            xcodeprojPath: "Harbor.xcodeproj")
    }

    @Test("A synchronized folder of the app brings the new file in: the project is left unchanged")
    func synchronizedFolderNeedsNoEdit() throws {
        let meeple = try Data(
            contentsOf: FixturePaths.scan("connection-option-without-import").appendingPathComponent("Meeple.xcodeproj/project.pbxproj"))
        let edit = try ProjectFileEditor.addingFiles(
            [NewProjectFile(path: "Meeple/SceneDelegate.swift")], toTarget: "FE9495466BBB08B838D0795C",
            besides: "Meeple/AppDelegate.swift", in: Array(meeple), xcodeprojPath: "Meeple.xcodeproj")
        #expect(
            edit
                == .unchanged(
                    reason:
                        "Meeple is a folder Xcode synchronizes with target Meeple: SceneDelegate.swift joins the target without a change to project.pbxproj"
                ))
        #expect(try Self.harbor(HarborProject.text()) == Self.harborUnchanged)
        let objc = try Self.harbor(HarborProject.text(), files: ["Harbor/SceneDelegate.h", "Harbor/SceneDelegate.m"])
        guard case .unchanged(let reason) = objc else {
            Issue.record("an edit for a synchronized folder")
            return
        }
        #expect(reason.contains("SceneDelegate.h, SceneDelegate.m join the target"))
    }

    static let harborUnchanged = ProjectEdit.unchanged(
        reason:
            "Harbor is a folder Xcode synchronizes with target Harbor: SceneDelegate.swift joins the target without a change to project.pbxproj"
    )

    @Test("A membership exception that leaves the new file out of the app is refused, by file or by folder")
    func membershipExceptionRefuses() throws {
        let expected = ProjectEditError.excludedFromSynchronizedFolder(
            path: "Harbor/SceneDelegate.swift", folder: "Harbor", target: "Harbor")
        #expect(throws: expected) { try Self.harbor(HarborProject.text(appExceptions: ["Info.plist", "SceneDelegate.swift"])) }
        #expect(
            throws: ProjectEditError.excludedFromSynchronizedFolder(
                path: "Harbor/Scenes/SceneDelegate.swift", folder: "Harbor", target: "Harbor")
        ) {
            try Self.harbor(HarborProject.text(appExceptions: ["Info.plist", "Scenes"]), files: ["Harbor/Scenes/SceneDelegate.swift"])
        }
        // An app delegate the app leaves out is not the app's: there is nothing to put the file next to.
        #expect(throws: ProjectEditError.siblingNotFound(path: "Harbor/AppDelegate.swift", target: "Harbor")) {
            try Self.harbor(HarborProject.text(appExceptions: ["AppDelegate.swift"]))
        }
    }

    @Test("A folder shared with a target that leaves the app delegate out is refused unless it leaves the new file out too")
    func sharedFolder() throws {
        let sharing = HarborProject.text(widgetSharesAppFolder: true, widgetExceptionsInAppFolder: ["AppDelegate.swift"])
        #expect(
            throws: ProjectEditError.sharedSynchronizedFolder(
                path: "Harbor/SceneDelegate.swift", folder: "Harbor", otherTarget: "HarborWidget")
        ) { try Self.harbor(sharing) }
        let leftOut = HarborProject.text(
            widgetSharesAppFolder: true, widgetExceptionsInAppFolder: ["AppDelegate.swift", "SceneDelegate.swift"])
        #expect(try Self.harbor(leftOut) == Self.harborUnchanged)
        // A sharing target that compiles the app delegate compiles the scene delegate as well.
        #expect(try Self.harbor(HarborProject.text(widgetSharesAppFolder: true)) == Self.harborUnchanged)
    }

    @Test("An app delegate another target's folder lends through an exception is refused")
    func siblingThroughAnException() throws {
        let lent = HarborProject.text(widgetExceptionsInAppFolder: ["AppDelegate.swift"])
        #expect(
            throws: ProjectEditError.siblingAddedByException(path: "Harbor/AppDelegate.swift", folder: "Harbor", target: "HarborWidget")
        ) { try Self.harbor(lent, target: HarborProject.widgetTarget) }
    }

    // MARK: Refusals

    private static func shelf(
        _ text: String? = nil, bytes: [UInt8]? = nil, target: String = "4EBC37AD1ADEB8E60FE566E2",
        sibling: String = "Shelf/AppDelegate.swift", files: [NewProjectFile] = [NewProjectFile(path: "Shelf/SceneDelegate.swift")]
    ) throws -> ProjectEdit {
        let bytes = try bytes ?? text.map { Array($0.utf8) } ?? shelf.bytes
        return try ProjectFileEditor.addingFiles(files, toTarget: target, besides: sibling, in: bytes, xcodeprojPath: "Shelf.xcodeproj")
    }

    private static var shelfText: String {
        get throws { String(decoding: try shelf.bytes, as: UTF8.self) }
    }

    @Test("An unknown target, a target without Sources and an app delegate in no group are refused")
    func missingPieces() throws {
        #expect(throws: ProjectEditError.targetNotFound(id: "000000000000000000000000")) {
            try Self.shelf(target: "000000000000000000000000")
        }
        // A build phase id is not a target.
        #expect(throws: ProjectEditError.targetNotFound(id: "C628AFF4D457D8D4C0A9623B")) {
            try Self.shelf(target: "C628AFF4D457D8D4C0A9623B")
        }
        let noSources = try Self.shelfText.replacingOccurrences(of: "\t\t\t\tC628AFF4D457D8D4C0A9623B /* Sources */,\n", with: "")
        #expect(throws: ProjectEditError.noSourcesPhase(target: "Shelf")) { try Self.shelf(noSources) }
        #expect(throws: ProjectEditError.siblingNotFound(path: "Shelf/SceneHost.swift", target: "Shelf")) {
            try Self.shelf(sibling: "Shelf/SceneHost.swift")
        }
    }

    @Test("When the target does not compile the sibling, the new build file ends the Sources phase")
    func buildFileLastWithoutSibling() throws {
        let notCompiled = try Self.shelfText.replacingOccurrences(
            of: "\t\t\t\tD8715D2DA3C8352D36F0BECD /* AppDelegate.swift in Sources */,\n", with: "")
        guard case .edited(let after) = try Self.shelf(notCompiled) else {
            Issue.record("no edit")
            return
        }
        let text = String(decoding: after, as: UTF8.self)
        #expect(
            text.contains(
                "\t\t\t\tBE4D50D69396668B12E2C97B /* BookStore.swift in Sources */,\n\t\t\t\tB6D4E64C6152F288F77D7F63 /* SceneDelegate.swift in Sources */,\n\t\t\t);"
            ))
        let target = try #require(try ProjectReader.read(after, xcodeprojPath: "Shelf.xcodeproj").targets.first)
        #expect(target.sourceFiles.last == "Shelf/SceneDelegate.swift")
    }

    @Test("A sibling whose group stands for no folder of the tree is refused")
    func groupWithoutFolder() throws {
        let absolute = try Self.shelfText
            .replacingOccurrences(
                of: "\t\t\tpath = Shelf;\n\t\t\tsourceTree = \"<group>\";",
                with: "\t\t\tpath = /Users/dev/Shelf;\n\t\t\tsourceTree = \"<absolute>\";"
            )
            .replacingOccurrences(
                of: "path = AppDelegate.swift; sourceTree = \"<group>\";", with: "path = Shelf/AppDelegate.swift; sourceTree = SOURCE_ROOT;"
            )
        #expect(throws: ProjectEditError.groupWithoutFolder(group: "/Users/dev/Shelf", sibling: "Shelf/AppDelegate.swift")) {
            try Self.shelf(absolute)
        }
    }

    @Test("A file the project already references is refused")
    func alreadyReferenced() throws {
        #expect(throws: ProjectEditError.alreadyReferenced(path: "Shelf/Router.swift")) {
            try Self.shelf(files: [NewProjectFile(path: "Shelf/Router.swift")])
        }
    }

    @Test("Paths that leave the group or the tree, or that a project file cannot carry, are refused")
    func badPaths() throws {
        #expect(throws: ProjectEditError.pathOutsideGroup(path: "Scenes/SceneDelegate.swift", folder: "Shelf")) {
            try Self.shelf(files: [NewProjectFile(path: "Scenes/SceneDelegate.swift")])
        }
        for path in ["Shelf/../SceneDelegate.swift", "/Shelf/SceneDelegate.swift", "Shelf//SceneDelegate.swift", "../SceneDelegate.swift"] {
            #expect(throws: ProjectEditError.invalidPath(path: path, reason: "it is not a plain path inside the repository")) {
                try Self.shelf(files: [NewProjectFile(path: path)])
            }
        }
        #expect(throws: ProjectEditError.self) { try Self.shelf(files: [NewProjectFile(path: "Shelf/Scene*/Delegate.swift")]) }
        #expect(throws: ProjectEditError.self) { try Self.shelf(files: [NewProjectFile(path: "Shelf/Scene\nDelegate.swift")]) }
        #expect(throws: ProjectEditError.invalidPath(path: "Shelf/SceneDelegate.h", reason: "a .h file is not compiled by a Sources phase"))
        {
            try Self.shelf(files: [NewProjectFile(path: "Shelf/SceneDelegate.h", isCompiled: true)])
        }
    }

    @Test("An XML or binary pbxproj, which Xcode reads, is refused")
    func otherFormats() throws {
        var format = PropertyListSerialization.PropertyListFormat.openStep
        let plist = try PropertyListSerialization.propertyList(from: Data(try Self.shelf.bytes), options: [], format: &format)
        for (kind, ours) in [(PropertyListSerialization.PropertyListFormat.xml, PropertyListFormat.xml), (.binary, .binary)] {
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: kind, options: 0)
            // Same objects: the reader takes it.
            #expect(try ProjectReader.read(Array(data), xcodeprojPath: "Shelf.xcodeproj").targets.count == 1)
            #expect(throws: ProjectEditError.unsupportedFormat(ours)) { try Self.shelf(bytes: Array(data)) }
            let description = ProjectEditError.unsupportedFormat(ours).description
            #expect(description.contains("Xcode reads but does not write"))
        }
        #expect(throws: ProjectEditError.unreadable("not a property list (neither XML, binary nor OpenStep)")) { try Self.shelf("garbage") }
    }

    @Test("A group written on one line, as Xcode never writes one, is refused rather than reflowed")
    func unexpectedLayout() throws {
        let text = try Self.shelfText
        let start = try #require(text.range(of: "\t\tE05E298926CA14D2B55E3802 /* Shelf */ = {\n"))
        let end = try #require(text.range(of: "\t\t};\n", range: start.upperBound..<text.endIndex))
        let oneLine = text[start.lowerBound..<end.upperBound].replacingOccurrences(of: "\n\t\t\t\t", with: " ")
            .replacingOccurrences(of: "\n\t\t\t", with: " ").replacingOccurrences(of: "\n\t\t};", with: " };")
        let collapsed = text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: oneLine)
        #expect(try ProjectReader.read(Array(collapsed.utf8), xcodeprojPath: "Shelf.xcodeproj").targets.first?.sourceFiles.count == 8)
        #expect(throws: ProjectEditError.unexpectedLayout("the children of E05E298926CA14D2B55E3802 are not listed one per line")) {
            try Self.shelf(collapsed)
        }
        let unmarked = text.replacingOccurrences(of: "/* Begin PBXFileReference section */\n", with: "")
        #expect(throws: ProjectEditError.unexpectedLayout("the PBXFileReference section is not marked once by its Begin and End comments"))
        {
            try Self.shelf(unmarked)
        }
    }

    @Test("Each refusal says why in words for the user")
    func descriptions() {
        #expect(
            ProjectEditError.alreadyReferenced(path: "ios/Runner/SceneDelegate.swift").description
                == "ios/Runner/SceneDelegate.swift is already referenced in project.pbxproj")
        #expect(
            ProjectEditError.excludedFromSynchronizedFolder(path: "Harbor/SceneDelegate.swift", folder: "Harbor", target: "Harbor")
                .description
                .hasPrefix("target Harbor leaves Harbor/SceneDelegate.swift out of its synchronized folder Harbor"))
    }
}
