import Foundation
import Testing

@testable import Fleet

/// Config paths are standardised without Foundation where they are plain, and give what Foundation gives.
struct ConfigPathsTests {
    @Test(arguments: [
        "/", "/srv", "/srv/git/wallet.git", "/srv/git/wallet.git/", "/tmp", "/tmp/", "/etc/passwd", "/etc/passwd/", "/no/such/folder/",
        "/work/bench-out/fleet-10000-2000-bare/repos/large-000", "/a/.hidden/b", "/a/b.../c", "/a/...", "/a/./b", "/a/../b", "/a/b/.",
        "/a/b/..", "/a//b", "//a", "/a b/c", "/a/caf\u{E9}", "/a/%41", "/a/b?c#d", "/a/\u{301}b", "relative/path", "./x", "",
    ])
    func standardisingAPathGivesWhatFoundationGives(path: String) {
        #expect(ConfigPaths.standardized(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }
}
