import Testing

@testable import Results

struct FileChangeTests {
    @Test func aChangeWithoutEarlierBytesIsANewFile() {
        #expect(FileChange(path: "App/SceneDelegate.swift", before: nil, after: Array("x".utf8)).isNewFile)
        #expect(!FileChange(path: "App/Info.plist", before: [], after: Array("x".utf8)).isNewFile)
    }
}
