import Fleet
import Foundation

/// A pull request (GitLab: merge request) or an issue as its forge reports it, in the few fields a campaign
/// acts on. Each forge spells them its own way; `init(json:kind:forge:)` reads all three.
package struct ForgeItem: Sendable, Equatable {
    package enum State: Sendable, Equatable {
        case open
        case merged
        /// `by`: the user who closed it, when the forge says (GitHub's and GitLab's `closed_by`; Gitea does
        /// not report it).
        case closed(by: String?)
    }

    /// The number in the repository (GitLab's `iid`), which every later request names.
    package var number: Int
    package var url: String
    package var state: State
    package var title: String
    package var body: String
    /// The source branch of a pull request; nil for an issue.
    package var branch: String?
    /// The author's user name.
    package var author: String?
    /// A pull request's head commit.
    package var head: String?
    /// GitLab's pipeline status on a merge request's head (`head_pipeline.status`), from the single merge
    /// request's answer; nil elsewhere.
    package var pipeline: String?

    package init(
        number: Int, url: String, state: State, title: String = "", body: String = "", branch: String? = nil, author: String? = nil
    ) {
        self.number = number
        self.url = url
        self.state = state
        self.title = title
        self.body = body
        self.branch = branch
        self.author = author
    }

    /// Reads one item of a forge's JSON; nil when it lacks a number or a URL (not an item at all).
    package init?(json: [String: Any], forge: ForgeKind) {
        let number = (forge == .gitlab ? json["iid"] : json["number"]) as? Int
        let url = (forge == .gitlab ? json["web_url"] : json["html_url"]) as? String
        guard let number, let url else { return nil }
        self.number = number
        self.url = url
        title = json["title"] as? String ?? ""
        body = (forge == .gitlab ? json["description"] : json["body"]) as? String ?? ""
        let user = (forge == .gitlab ? json["author"] : json["user"]) as? [String: Any]
        author = user.flatMap(Self.userName)
        switch forge {
        case .gitlab:
            branch = json["source_branch"] as? String
            head = json["sha"] as? String
            pipeline = (json["head_pipeline"] as? [String: Any])?["status"] as? String
        case .github, .gitea:
            branch = (json["head"] as? [String: Any])?["ref"] as? String
            head = (json["head"] as? [String: Any])?["sha"] as? String
        }
        let closer = (json["closed_by"] as? [String: Any]).flatMap(Self.userName)
        let stateName = json["state"] as? String ?? ""
        // GitHub's and Gitea's pull requests say `closed` and carry `merged`/`merged_at`; GitHub's issue view
        // of a pull request carries `pull_request.merged_at`; GitLab says `merged` in the state.
        let pullRequest = json["pull_request"] as? [String: Any]
        let merged =
            stateName == "merged" || json["merged"] as? Bool == true || json["merged_at"] is String
            || pullRequest?["merged_at"] is String
        if merged {
            state = .merged
        } else if stateName == "open" || stateName == "opened" {
            state = .open
        } else {
            state = .closed(by: closer)
        }
    }

    static func userName(_ user: [String: Any]) -> String? {
        (user["login"] ?? user["username"]) as? String
    }
}

/// Reading a forge's JSON answers.
enum ForgeJSON {
    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func array(_ data: Data) -> [[String: Any]]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
    }

    static func encode(_ fields: [String: Any]) -> Data {
        // Only strings, numbers, booleans and arrays of them reach here, which always encode.
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// The `rel="next"` target of a `Link` header (RFC 8288), as GitHub, GitLab and Gitea page their lists.
    static func nextLink(_ header: String?) -> String? {
        guard let header else { return nil }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = pieces.dropFirst().contains { parameter in
                let compact = parameter.replacingOccurrences(of: " ", with: "")
                return compact == "rel=\"next\"" || compact == "rel=next"
            }
            if isNext { return String(target.dropFirst().dropLast()) }
        }
        return nil
    }

    /// A query string's value, percent-encoded (a branch name's `/` and a label's spaces included).
    static func query(_ value: String) -> String {
        PathSegment.escaping(value, keepSlash: false)
    }
}
