import Fleet
import Foundation
import Testing

@testable import Forge

/// Reading the three forges' pull requests and issues into one shape: the state a campaign acts on
/// (open, merged, closed and by whom), and the links their lists are paged with.
@Suite("Forge items")
struct ForgeItemTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func gitHubPullRequestsAndIssues() throws {
        let merged = try #require(
            ForgeItem(
                json: try Self.json(
                    #"{"number": 7, "html_url": "https://github.com/acme/shop/pull/7", "state": "closed", "merged": true, "merged_at": "2026-12-01T00:00:00Z", "head": {"ref": "scenesweep/uikit-scenes"}, "user": {"login": "bot"}, "body": "b"}"#
                ), forge: .github))
        #expect(merged.number == 7 && merged.state == .merged && merged.branch == "scenesweep/uikit-scenes" && merged.author == "bot")
        let closedPull = try #require(
            ForgeItem(
                json: try Self.json(#"{"number": 8, "html_url": "u", "state": "closed", "merged": false, "merged_at": null}"#),
                forge: .github))
        #expect(closedPull.state == .closed(by: nil))
        // The issue view of a merged pull request carries the merge under pull_request.
        let issueView = try #require(
            ForgeItem(
                json: try Self.json(
                    #"{"number": 7, "html_url": "u", "state": "closed", "closed_by": {"login": "bot"}, "pull_request": {"merged_at": "2026-12-01T00:00:00Z"}}"#
                ), forge: .github))
        #expect(issueView.state == .merged)
        let closedIssue = try #require(
            ForgeItem(
                json: try Self.json(#"{"number": 9, "html_url": "u", "state": "closed", "closed_by": {"login": "ana"}}"#), forge: .github))
        #expect(closedIssue.state == .closed(by: "ana"))
        let open = try #require(ForgeItem(json: try Self.json(#"{"number": 10, "html_url": "u", "state": "open"}"#), forge: .github))
        #expect(open.state == .open && open.branch == nil)
    }

    @Test func gitLabMergeRequestsUseIidAndTheirOwnStates() throws {
        let request = try #require(
            ForgeItem(
                json: try Self.json(
                    #"{"id": 991, "iid": 3, "web_url": "https://gitlab.example.com/g/s/p/-/merge_requests/3", "state": "opened", "description": "d", "source_branch": "b", "author": {"username": "bot"}}"#
                ), forge: .gitlab))
        #expect(request.number == 3 && request.state == .open && request.body == "d" && request.branch == "b" && request.author == "bot")
        let merged = try #require(ForgeItem(json: try Self.json(#"{"iid": 3, "web_url": "u", "state": "merged"}"#), forge: .gitlab))
        #expect(merged.state == .merged)
        let closed = try #require(
            ForgeItem(
                json: try Self.json(#"{"iid": 4, "web_url": "u", "state": "closed", "closed_by": {"username": "li"}}"#), forge: .gitlab))
        #expect(closed.state == .closed(by: "li"))
        // A GitLab answer read as GitHub's has no number: not an item.
        #expect(ForgeItem(json: try Self.json(#"{"iid": 4, "web_url": "u", "state": "closed"}"#), forge: .github) == nil)
    }

    @Test func giteaSaysMergedAndNotWhoClosed() throws {
        let merged = try #require(
            ForgeItem(
                json: try Self.json(#"{"number": 2, "html_url": "u", "state": "closed", "merged": true, "head": {"ref": "b"}}"#),
                forge: .gitea))
        #expect(merged.state == .merged)
        let closed = try #require(
            ForgeItem(json: try Self.json(#"{"number": 2, "html_url": "u", "state": "closed", "merged": false}"#), forge: .gitea))
        #expect(closed.state == .closed(by: nil))
    }

    @Test func headsPipelinesAndCheckWords() throws {
        let pull = try #require(
            ForgeItem(
                json: try Self.json(#"{"number": 1, "html_url": "u", "state": "open", "head": {"ref": "b", "sha": "abc"}}"#), forge: .github
            ))
        #expect(pull.head == "abc" && pull.pipeline == nil)
        let request = try #require(
            ForgeItem(
                json: try Self.json(#"{"iid": 1, "web_url": "u", "state": "opened", "sha": "def", "head_pipeline": {"status": "failed"}}"#),
                forge: .gitlab))
        #expect(request.head == "def" && request.pipeline == "failed")
        #expect(CampaignForge.checks(fromState: "failed") == .failing)
        #expect(CampaignForge.checks(fromState: "success") == .passing)
        #expect(CampaignForge.checks(fromState: "running") == .pending)
        #expect(CampaignForge.checks(fromState: "warning") == .passing)
        #expect(CampaignForge.checks(fromState: "") == nil)
    }

    @Test func nextPageLinks() {
        let header =
            #"<https://api.github.com/repos/a/b/issues?page=2>; rel="next", <https://api.github.com/repos/a/b/issues?page=5>; rel="last""#
        #expect(ForgeJSON.nextLink(header) == "https://api.github.com/repos/a/b/issues?page=2")
        #expect(ForgeJSON.nextLink(#"<https://x/p?page=1>; rel="prev", <https://x/p?page=3>; rel="last""#) == nil)
        #expect(ForgeJSON.nextLink(#"<https://x/p?page=4>;rel=next"#) == "https://x/p?page=4")
        #expect(ForgeJSON.nextLink(nil) == nil)
        #expect(ForgeJSON.nextLink("garbage") == nil)
    }

    @Test func queryValuesAreEncoded() {
        #expect(ForgeJSON.query("acme:scenesweep/uikit-scenes") == "acme%3Ascenesweep%2Fuikit-scenes")
        #expect(ForgeJSON.query("a b&c") == "a%20b%26c")
    }
}
