import Testing

@testable import XcodeProject

/// New object ids: Xcode's shape, the same for the same edit, never one the file already uses anywhere.
struct ObjectIDGeneratorTests {
    @Test("The same seed gives the same 24-digit uppercase id")
    func idsAreDeterministicAndShapedLikeXcodes() {
        var first = ObjectIDGenerator(avoiding: [], objectIDs: [])
        var second = ObjectIDGenerator(avoiding: [], objectIDs: [])
        let id = first.id(for: "App.xcodeproj\u{0}T\u{0}App/SceneDelegate.swift\u{0}PBXFileReference")
        #expect(id == second.id(for: "App.xcodeproj\u{0}T\u{0}App/SceneDelegate.swift\u{0}PBXFileReference"))
        #expect(id.count == 24 && id.allSatisfy { $0.isHexDigit && !$0.isLowercase })
        // Asked twice in one edit, the seed gives another id the second time.
        #expect(first.id(for: "App.xcodeproj\u{0}T\u{0}App/SceneDelegate.swift\u{0}PBXFileReference") != id)
    }

    @Test("An id the file uses, as an object, a remote id or in lowercase, is passed over", arguments: [false, true])
    func takenIdsArePassedOver(lowercase: Bool) {
        let seed = "Shelf.xcodeproj\u{0}T\u{0}Shelf/SceneDelegate.swift\u{0}PBXBuildFile"
        let usual = ObjectIDGenerator.hash(seed)
        let written = lowercase ? usual.lowercased() : usual
        let file = Array("\t\tremoteGlobalIDString = \(written);\n\t\tNOTANID\(usual) = 1;\n".utf8)
        var generator = ObjectIDGenerator(avoiding: file, objectIDs: [])
        let id = generator.id(for: seed)
        #expect(id != usual)
        #expect(id == ObjectIDGenerator.hash(seed + "#1"))
        var fromObjects = ObjectIDGenerator(avoiding: [], objectIDs: [usual])
        #expect(fromObjects.id(for: seed) == ObjectIDGenerator.hash(seed + "#1"))
        // A longer word that only contains the id does not take it.
        var longer = ObjectIDGenerator(avoiding: Array("X\(usual)".utf8), objectIDs: [])
        #expect(longer.id(for: seed) == usual)
    }
}
