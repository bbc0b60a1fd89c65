import Testing

@testable import XcodeProject

/// New object ids: Xcode's shape, the same for the same edit, never one the file already uses anywhere.
struct ObjectIDGeneratorTests {
    @Test("The same seed gives the same 24-digit uppercase id")
    func idsAreDeterministicAndShapedLikeXcodes() {
        var first = ObjectIDGenerator(avoiding: [], isObject: { _ in false })
        var second = ObjectIDGenerator(avoiding: [], isObject: { _ in false })
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
        var generator = ObjectIDGenerator(avoiding: file, isObject: { _ in false })
        let id = generator.id(for: seed)
        #expect(id != usual)
        #expect(id == ObjectIDGenerator.hash(seed + "#1"))
        var fromObjects = ObjectIDGenerator(avoiding: [], isObject: { $0 == usual })
        #expect(fromObjects.id(for: seed) == ObjectIDGenerator.hash(seed + "#1"))
        var fromLowercaseObjects = ObjectIDGenerator(avoiding: [], isObject: { $0 == usual.lowercased() })
        #expect(fromLowercaseObjects.id(for: seed) == ObjectIDGenerator.hash(seed + "#1"))
        // A longer word that only contains the id does not take it.
        var longer = ObjectIDGenerator(avoiding: Array("X\(usual)".utf8), isObject: { _ in false })
        #expect(longer.id(for: seed) == usual)
    }

    @Test("Ids asked for together are the ids asked for one by one, taken ones passed over the same way")
    func aBatchGivesTheSameIdsAsOneAtATime() {
        let seeds = ["A\u{0}PBXFileReference", "A\u{0}PBXBuildFile", "A\u{0}PBXFileReference", "B\u{0}PBXFileReference"]
        // The file uses the first choice of the first seed (lowercase, after a tab) and of the last (at the end).
        let file = Array("\t\(ObjectIDGenerator.hash(seeds[0]).lowercased()) = x;\n\(ObjectIDGenerator.hash(seeds[3]))".utf8)
        var batch = ObjectIDGenerator(avoiding: file, isObject: { _ in false })
        var single = ObjectIDGenerator(avoiding: file, isObject: { _ in false })
        let together = batch.ids(for: seeds)
        #expect(together == seeds.map { single.id(for: $0) })
        #expect(together[0] == ObjectIDGenerator.hash(seeds[0] + "#1"))
        #expect(together[1] == ObjectIDGenerator.hash(seeds[1]))
        #expect(together[2] == ObjectIDGenerator.hash(seeds[0] + "#2"))
        #expect(together[3] == ObjectIDGenerator.hash(seeds[3] + "#1"))
    }
}
