import Foundation
import Git
import TestSupport
import Testing

/// A bare remote made with git (`served/shop.git`), the mirror of it, and campaign commits on the mirror.
private final class PushBench {
    let fixture: GitFixture
    let mirror: Repository
    var remote: String { fixture.path("served/shop.git") }

    init(defaultBranch: String = "main") throws {
        let fixture = try GitFixture()
        let remote = fixture.path("served/shop.git")
        try fixture.makeRepository("work", branch: defaultBranch, files: ["App/AppDelegate.swift": "import UIKit\n"])
        try FileManager.default.createDirectory(atPath: fixture.path("served"), withIntermediateDirectories: true)
        try fixture.git(["clone", "-q", "--bare", fixture.path("work"), remote], in: fixture.root)
        self.fixture = fixture
        mirror = try Repository.cloneMirror(from: remote, to: fixture.path("mirror.git"))
    }

    /// A commit adding `file` on the default branch; a different file or time makes a different commit.
    func campaignCommit(file: String = "App/SceneDelegate.swift", seconds: TimeInterval = 1_750_000_000) throws -> ObjectID {
        let diff = Array(
            [
                "diff --git a/\(file) b/\(file)", "new file mode 100644", "--- /dev/null", "+++ b/\(file)", "@@ -0,0 +1 @@",
                "+import UIKit", "",
            ]
            .joined(separator: "\n").utf8)
        let author = GitSignature(name: "scenesweep", email: "scenesweep@example.com", time: Date(timeIntervalSince1970: seconds))
        return try mirror.commitPatches(
            [PatchCommit(name: "Shop.patch", diff: diff, message: "Adopt UIScene")],
            onto: try mirror.resolve(branch: mirror.defaultBranch()),
            author: author)
    }

    /// The remote's branch as git sees it, or nil.
    func remoteBranch(_ name: String) -> String? {
        try? fixture.git(["--git-dir", remote, "rev-parse", "-q", "--verify", "refs/heads/\(name)"], in: fixture.root)
    }

    func remoteReferences() throws -> String {
        try fixture.git(["--git-dir", remote, "for-each-ref", "--format=%(refname) %(objectname)"], in: fixture.root)
    }
}

@Suite struct PushTests {
    @Test func aPushCreatesTheCampaignBranchAndNothingElseWithoutTouchingTheMirrorsConfiguration() throws {
        let bench = try PushBench()
        let commit = try bench.campaignCommit()
        let before = try bench.remoteReferences()
        let config = try String(contentsOfFile: bench.fixture.path("mirror.git/config"), encoding: .utf8)
        let mirrorReferences = try bench.fixture.git(
            ["--git-dir", bench.fixture.path("mirror.git"), "for-each-ref"], in: bench.fixture.root)

        let outcome = try bench.mirror.push(
            commit: commit, toBranch: "scenesweep/uiscene", url: "file://" + bench.remote, credentials: Credentials(), force: true)

        #expect(outcome == .created)
        #expect(bench.remoteBranch("scenesweep/uiscene") == commit.description)
        #expect(try bench.remoteReferences() == before + "\nrefs/heads/scenesweep/uiscene \(commit)")
        #expect(try String(contentsOfFile: bench.fixture.path("mirror.git/config"), encoding: .utf8) == config)
        // The reference libgit2 pushes from is gone again.
        #expect(
            try bench.fixture.git(["--git-dir", bench.fixture.path("mirror.git"), "for-each-ref"], in: bench.fixture.root)
                == mirrorReferences)
    }

    @Test func theRemoteTipTellsWhetherTheBranchAlreadyHoldsTheCommitAndAPushThenChangesNothing() throws {
        let bench = try PushBench()
        let commit = try bench.campaignCommit()

        #expect(try bench.mirror.remoteTip(ofBranch: "scenesweep/uiscene", url: bench.remote) == nil)
        #expect(try bench.mirror.remoteTip(ofBranch: "main", url: bench.remote)?.description == bench.remoteBranch("main"))
        _ = try bench.mirror.push(commit: commit, toBranch: "scenesweep/uiscene", url: bench.remote, force: true)
        #expect(try bench.mirror.remoteTip(ofBranch: "scenesweep/uiscene", url: bench.remote) == commit)

        #expect(try bench.mirror.push(commit: commit, toBranch: "scenesweep/uiscene", url: bench.remote, force: true) == .unchanged)
        #expect(try bench.mirror.push(commit: commit, toBranch: "scenesweep/uiscene", url: bench.remote, force: false) == .unchanged)
    }

    @Test func aForcePushReplacesTheCampaignBranchWhereAPlainPushMayNot() throws {
        let bench = try PushBench()
        let first = try bench.campaignCommit()
        let rewritten = try bench.campaignCommit(seconds: 1_750_086_400)
        _ = try bench.mirror.push(commit: first, toBranch: "scenesweep/uiscene", url: bench.remote, force: true)

        let refused = #expect(throws: GitError.self) {
            try bench.mirror.push(commit: rewritten, toBranch: "scenesweep/uiscene", url: bench.remote, force: false)
        }
        #expect(refused?.kind == .refused)
        #expect(
            refused?.description
                == "branch 'scenesweep/uiscene' of \(bench.remote) holds commits \(rewritten) does not build on: not replaced without force"
        )
        #expect(bench.remoteBranch("scenesweep/uiscene") == first.description)

        let outcome = try bench.mirror.push(commit: rewritten, toBranch: "scenesweep/uiscene", url: bench.remote, force: true)
        #expect(outcome == .replaced(previous: first))
        #expect(bench.remoteBranch("scenesweep/uiscene") == rewritten.description)
    }

    @Test(arguments: ["main", "master", "Master", "develop", "trunk", "HEAD"])
    func protectedBranchNamesAreRefusedBeforeConnecting(branch: String) throws {
        let bench = try PushBench(defaultBranch: "release")
        let commit = try bench.campaignCommit()

        // A URL where nothing is: any attempt to connect would be "repository not found".
        let error = #expect(throws: GitError.self) {
            try bench.mirror.push(commit: commit, toBranch: branch, url: bench.fixture.path("nowhere.git"), force: true)
        }

        #expect(error?.kind == .refused)
        #expect(error?.description.hasPrefix("'\(branch)' is a protected branch name: a campaign never pushes to it") == true)
    }

    @Test(arguments: ["", "bad..name", "-option", "two words", "ends.lock", "trailing/", "a~1"])
    func invalidBranchNamesAreRefusedBeforeConnecting(branch: String) throws {
        let bench = try PushBench()
        let commit = try bench.campaignCommit()

        let error = #expect(throws: GitError.self) {
            try bench.mirror.push(commit: commit, toBranch: branch, url: bench.fixture.path("nowhere.git"), force: true)
        }

        #expect(error?.kind == .reference)
        #expect(error?.description.hasPrefix("'\(branch)' is not a valid branch name: nothing is pushed to") == true)
    }

    @Test func theRemotesDefaultBranchIsRefusedWhateverItIsCalled() throws {
        let bench = try PushBench(defaultBranch: "release")
        let commit = try bench.campaignCommit()
        let before = try bench.remoteReferences()

        for branch in ["release", "Release"] {
            let error = #expect(throws: GitError.self) {
                try bench.mirror.push(commit: commit, toBranch: branch, url: bench.remote, force: true)
            }
            #expect(error?.kind == .refused)
            #expect(error?.description == "'\(branch)' is the default branch of \(bench.remote): a campaign never pushes to it")
        }
        #expect(try bench.remoteReferences() == before)
    }

    @Test func aRemoteThatNamesNoDefaultBranchIsNotPushedTo() throws {
        let bench = try PushBench()
        let commit = try bench.campaignCommit()
        let empty = bench.fixture.path("empty.git")
        try bench.fixture.git(["init", "-q", "--bare", empty], in: bench.fixture.root)

        let error = #expect(throws: GitError.self) {
            try bench.mirror.push(commit: commit, toBranch: "scenesweep/uiscene", url: empty, force: true)
        }

        #expect(error?.kind == .refused)
        #expect(error?.description == "\(empty) does not say which branch is its default, so nothing is pushed to it")
        #expect(try bench.fixture.git(["--git-dir", empty, "for-each-ref"], in: bench.fixture.root).isEmpty)
    }

    @Test func aCommitTheMirrorDoesNotHoldIsNotPushed() throws {
        let bench = try PushBench()
        let missing = try #require(ObjectID(hex: String(repeating: "ab", count: 20)))

        let error = #expect(throws: GitError.self) {
            try bench.mirror.push(commit: missing, toBranch: "scenesweep/uiscene", url: bench.remote, force: true)
        }

        #expect(error?.kind == .notFound)
        #expect(bench.remoteBranch("scenesweep/uiscene") == nil)
    }
}

@Suite(.enabled(if: PushableGitServer.isAvailable)) struct HTTPPushTests {
    private static let token = "campaign-push-token-7f3a"

    @Test func aPushOverSmartHTTPWithTheTokenArrivesAndAForcePushReplacesIt() throws {
        let bench = try PushBench()
        let server = try PushableGitServer(root: bench.fixture.path("served"), token: Self.token)
        defer { server.stop() }
        let url = "http://localhost:\(server.port)/shop.git"
        let first = try bench.campaignCommit()
        let rewritten = try bench.campaignCommit(seconds: 1_750_086_400)

        let created = try bench.mirror.push(
            commit: first, toBranch: "scenesweep/uiscene", url: url, credentials: Credentials(httpsToken: Self.token), force: true)
        #expect(created == .created)
        #expect(bench.remoteBranch("scenesweep/uiscene") == first.description)
        #expect(try bench.mirror.remoteTip(ofBranch: "scenesweep/uiscene", url: url) == first)

        let replaced = try bench.mirror.push(
            commit: rewritten, toBranch: "scenesweep/uiscene", url: url, credentials: Credentials(httpsToken: Self.token), force: true)
        #expect(replaced == .replaced(previous: first))
        #expect(bench.remoteBranch("scenesweep/uiscene") == rewritten.description)
        #expect(server.requests.contains { $0.method == "POST" && $0.path.hasSuffix("/git-receive-pack") && $0.status == 200 })
    }

    @Test func theDefaultBranchIsRefusedBeforeAnyRequestReachesReceivePack() throws {
        let bench = try PushBench(defaultBranch: "release")
        let server = try PushableGitServer(root: bench.fixture.path("served"), token: Self.token)
        defer { server.stop() }
        let url = "http://localhost:\(server.port)/shop.git"
        let commit = try bench.campaignCommit()

        let error = #expect(throws: GitError.self) {
            try bench.mirror.push(
                commit: commit, toBranch: "release", url: url, credentials: Credentials(httpsToken: Self.token), force: true)
        }

        #expect(error?.kind == .refused)
        #expect(error?.description == "'release' is the default branch of \(url): a campaign never pushes to it")
        // The listing asked upload-pack, so the server was reached; receive-pack never was.
        #expect(server.requests.contains { $0.path.contains("service=git-upload-pack") })
        #expect(!server.requests.contains { $0.path.contains("receive-pack") })
        #expect(bench.remoteBranch("release") == (try bench.fixture.revParse("release", in: bench.fixture.path("work"))))
    }

    @Test func aPreReceiveHookThatDeclinesIsAClearErrorWithItsReasonAndNoToken() throws {
        let bench = try PushBench()
        let hook = bench.remote + "/hooks/pre-receive"
        // The hook also echoes the token, as a careless server might: it must not reach the message.
        try "#!/bin/sh\necho 'campaign branches need a ticket number (\(Self.token))' >&2\nexit 1\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook)
        let server = try PushableGitServer(root: bench.fixture.path("served"), token: Self.token)
        defer { server.stop() }
        let url = "http://localhost:\(server.port)/shop.git"
        let commit = try bench.campaignCommit()

        let error = #expect(throws: GitError.self) {
            try bench.mirror.push(
                commit: commit, toBranch: "scenesweep/uiscene", url: url, credentials: Credentials(httpsToken: Self.token), force: true)
        }

        #expect(error?.kind == .refused)
        #expect(
            error?.description
                == "\(url) refused to update branch 'scenesweep/uiscene': pre-receive hook declined (the server said: campaign branches need a ticket number (***))"
        )
        #expect(bench.remoteBranch("scenesweep/uiscene") == nil)
    }

    @Test func aWrongTokenFailsWithoutAnyTokenInTheMessage() throws {
        let bench = try PushBench()
        let server = try PushableGitServer(root: bench.fixture.path("served"), token: Self.token)
        defer { server.stop() }
        let commit = try bench.campaignCommit()
        let wrong = "wrong-token-9c1d"

        let plain = "http://localhost:\(server.port)/shop.git"
        let withUser = "http://x-access-token:\(wrong)@localhost:\(server.port)/shop.git"
        for url in [plain, withUser] {
            let error = #expect(throws: GitError.self) {
                try bench.mirror.push(
                    commit: commit, toBranch: "scenesweep/uiscene", url: url, credentials: Credentials(httpsToken: wrong), force: true)
            }
            #expect(error?.kind == .authentication)
            #expect(error?.description == "authentication failed for \(plain)")
            for text in [error?.description, error.map { String(describing: $0) }, error.map { String(reflecting: $0) }] {
                #expect(text?.contains(wrong) == false)
                #expect(text?.contains(Self.token) == false)
            }
        }
        #expect(server.requests.contains { $0.path.contains("receive-pack") && $0.status == 401 })
        #expect(bench.remoteBranch("scenesweep/uiscene") == nil)
    }
}
