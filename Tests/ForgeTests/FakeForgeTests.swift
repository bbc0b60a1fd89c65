import Forge
import Foundation
import Results
import TestSupport
import Testing

/// The Swift side of the fake forges (their behaviour is tested in scripts/lib/test_fake_forge.py): each
/// kind starts, takes its token in its own header, refuses a misspelt body, and its log and control calls
/// read back.
@Suite struct FakeForgeTests {
    static func issuesPath(_ kind: FakeForge.Kind) -> String {
        kind == .gitlab ? "/projects/acme%2Fshop/issues" : "/repos/acme/shop/issues"
    }

    static func send(_ method: String, _ url: String, headers: [String: String], body: String? = nil) async -> HTTPResponse? {
        var headers = headers
        if body != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPRequest(method: method, url: URL(string: url)!, headers: headers, body: body.map { Data($0.utf8) })
        guard case .response(let response, _) = await HTTPClient(retry: .never).send(request) else { return nil }
        return response
    }

    @Test(arguments: FakeForge.Kind.allCases)
    func theTokenIsTakenInTheKindsHeaderAndAMisspeltBodyIsRefusedWithTheReason(kind: FakeForge.Kind) async throws {
        let forge = try FakeForge(kind: kind, token: "t0ken-never-logged", user: "bot")
        let workbench = GitWorkbench()
        try forge.addRepository("acme/shop", from: try workbench.makeRepository("shop", files: ["App.swift": "import UIKit\n"]))

        let user = await Self.send("GET", forge.apiBase + "/user", headers: forge.authorization)
        #expect(user?.status == 200)
        #expect(try user.map { try JSONValue.decoding($0.body) }?[kind == .gitlab ? "username" : "login"]?.stringValue == "bot")
        let refused = await Self.send("POST", forge.apiBase + Self.issuesPath(kind), headers: forge.authorization, body: #"{"titel": "x"}"#)
        #expect(refused?.status == 422)
        let unauthenticated = await Self.send("GET", forge.apiBase + "/user", headers: [:])
        #expect(unauthenticated?.status == 401)

        let requests = try forge.requests()
        #expect(requests.map(\.status) == [200, 422, 401])
        #expect(requests.map(\.auth) == ["ok", "ok", "missing"])
        #expect(requests[1].problem.contains("unknown field titel"))
        #expect(requests[1].body["titel"]?.stringValue == "x")
    }

    @Test func aMergeByAPersonMovesTheDefaultBranchServedOverGitAndShowsInTheState() async throws {
        let forge = try FakeForge(kind: .github, token: "t0ken", user: "bot")
        let workbench = GitWorkbench()
        let source = try workbench.makeRepository("shop", files: ["App.swift": "import UIKit\n"])
        try workbench.git(["checkout", "-q", "-b", "scenesweep/ios27"], in: source)
        let head = try workbench.commit(in: source, files: ["Scene.swift": "// scene\n"])
        try forge.addRepository("acme/shop", from: source)

        let opened = await Self.send(
            "POST", forge.apiBase + "/repos/acme/shop/pulls", headers: forge.authorization,
            body: #"{"title": "iOS 27", "head": "scenesweep/ios27", "base": "main"}"#)
        #expect(opened?.status == 201)
        try await forge.merge(repo: "acme/shop", number: 1, by: "alice")
        let url = forge.repoURL("acme/shop").replacingOccurrences(of: "http://", with: "http://anyone:t0ken@")
        let main = try workbench.git(["ls-remote", url, "refs/heads/main"], in: source, environment: ["GIT_TERMINAL_PROMPT": "0"])
        #expect(main.hasPrefix(head))
        let pull = try await forge.state()["repos"]?["acme/shop"]?["pulls"]?[0]
        #expect(pull?["merged"]?.boolValue == true)
        #expect(pull?["sha"]?.stringValue == head)
    }
}
