import Testing

@testable import Results

/// A summary's rows share one copy of each repeated text instead of holding the copy each result was read into.
@Suite struct StringTableTests {
    /// Where a string's bytes are: equal for two strings that share one buffer.
    static func storage(_ text: String) -> UnsafePointer<UInt8>? {
        var text = text
        return text.withUTF8 { $0.baseAddress }
    }

    /// Two equal strings made apart, as two results read from their files would make them.
    static func twoCopies(_ text: String) -> (String, String) {
        (String(decoding: Array(text.utf8), as: UTF8.self), String(decoding: Array(text.utf8), as: UTF8.self))
    }

    @Test func equalLongStringsComeBackAsOneCopy() {
        let (first, second) = Self.twoCopies("The app delegate's window is never shown under a scene")
        #expect(Self.storage(first) != Self.storage(second))
        var table = StringTable()
        let a = table(first)
        let b = table(second)
        #expect(a == b)
        #expect(Self.storage(a) == Self.storage(b))
    }

    @Test func differentStringsStayDifferent() {
        var table = StringTable()
        #expect(table("ios/Runner/AppDelegate.swift") == "ios/Runner/AppDelegate.swift")
        #expect(table("ios/App/App/AppDelegate.swift") == "ios/App/App/AppDelegate.swift")
        #expect(table(String?.none) == nil)
    }

    @Test func aFindingKeepsEveryFieldWithItsTextsShared() {
        var finding = Finding(
            rule: "scene-manifest-missing", severity: .error, message: "Info.plist has no UIApplicationSceneManifest",
            file: "ios/App/Info.plist", line: 3, column: 1, anchor: "UIApplicationSceneManifest", offset: 42)
        finding.fingerprint = "0123456789abcdef0"
        var table = StringTable()
        let first = table(finding)
        let second = table(finding)
        #expect(first == finding)
        #expect(first.fingerprint == finding.fingerprint && first.offset == 42)
        #expect(Self.storage(first.message) == Self.storage(second.message))
    }
}
