import Testing

@testable import ScanCore

@Suite("Literal presence")
struct LiteralPresenceTests {
    @Test("Recorded words are found but never make a file worth lexing")
    func recordedWordsDoNotAnchor() throws {
        let search = AnchorSearch(["UIWindow", "keyWindow"], recording: ["scenePhase", "onOpenURL"])
        let onlyRecorded = Array("struct V: View { @Environment(\\.scenePhase) var phase }".utf8)
        #expect(!search.occurs(in: onlyRecorded))
        let presence = try #require(search.presence(in: onlyRecorded))
        #expect(!search.hasAnchor(presence))
        #expect(presence.contains("scenePhase") == true)
        #expect(presence.contains("onOpenURL") == false)
        #expect(presence.contains("UIWindow") == false)
        // A literal the search never looked for has no answer.
        #expect(presence.contains("UIScreen") == nil)

        let both = Array("let w = UIWindow(); w.onOpenURL { _ in } // keyWindow".utf8)
        #expect(search.occurs(in: both))
        let found = try #require(search.presence(in: both))
        #expect(search.hasAnchor(found))
        #expect(found.contains("UIWindow") == true)
        #expect(found.contains("keyWindow") == true)
        #expect(found.contains("onOpenURL") == true)
        #expect(found.contains("scenePhase") == false)
    }

    @Test("A recorded word that is also an anchor stays an anchor")
    func recordedAnchor() throws {
        let search = AnchorSearch(["openURL"], recording: ["openURL", "scenePhase"])
        let presence = try #require(search.presence(in: Array("app.openURL(url)".utf8)))
        #expect(search.hasAnchor(presence))
        #expect(presence.contains("openURL") == true)
    }

    @Test("Presence agrees with a naive search for every literal", arguments: 0..<8)
    func randomAgreement(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 314)
        let alphabet: [UInt8] = Array("abc_".utf8)
        func randomBytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        }
        for _ in 0..<15 {
            let anchors = (0..<2).map { _ in randomBytes(Int(random.next() % 6) + 4) }
            let recorded = (0..<3).map { _ in randomBytes(Int(random.next() % 6) + 4) }
            let search = AnchorSearch(
                anchors.map { String(decoding: $0, as: UTF8.self) }, recording: recorded.map { String(decoding: $0, as: UTF8.self) })
            for _ in 0..<20 {
                let bytes = randomBytes(Int(random.next() % 150))
                let presence = try #require(search.presence(in: bytes))
                for literal in anchors + recorded {
                    #expect(presence.contains(String(decoding: literal, as: UTF8.self)) == naiveOccurs([literal], in: bytes))
                }
                #expect(search.hasAnchor(presence) == naiveOccurs(anchors, in: bytes))
                #expect(search.occurs(in: bytes) == naiveOccurs(anchors, in: bytes))
            }
        }
    }

    @Test("More literals than a set holds: no presence, and occurs still answers")
    func tooManyLiterals() {
        let literals = (0..<300).map { "word\($0)x" }
        let search = AnchorSearch(literals)
        #expect(search.presence(in: Array("word299x".utf8)) == nil)
        #expect(search.occurs(in: Array("… word299x …".utf8)))
        #expect(!search.occurs(in: Array("word300x".utf8)))
    }

    @Test("A file's mentions answer the same with and without what the loading pass found")
    func mentionsAgree() throws {
        let text = """
            import SwiftUI
            @main struct ShopApp: App {
                @Environment(\\.scenePhase) private var phase
                var body: some Scene { WindowGroup { ContentView().onOpenURL { url in route(url) } } }
            }
            // UIScreen.main is mentioned in a comment only
            """
        let bytes = Array(text.utf8)
        let search = AnchorSearch(["@main ", "UIScreen", "WindowGroup"], recording: ["scenePhase", "onOpenURL", "onContinueUserActivity"])
        let presence = try #require(search.presence(in: bytes))
        let answered = SourceFile(path: "Shop/ShopApp.swift", bytes: bytes, language: .swift, presence: presence)
        let searched = SourceFile(path: "Shop/ShopApp.swift", bytes: bytes, language: .swift)
        for word in [
            "scenePhase", "onOpenURL", "onContinueUserActivity", "UIScreen", "WindowGroup", "@main ", "Window", "indow", "RCT", "#if",
        ] {
            #expect(answered.mentions(word) == searched.mentions(word), "\(word)")
        }
        #expect(answered.mentions("onOpenURL"))
        #expect(!answered.mentions("onContinueUserActivity"))
    }
}
