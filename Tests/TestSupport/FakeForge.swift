import Foundation
import Results

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// A fake GitHub, GitLab or Gitea on 127.0.0.1 (scripts/lib/fake_forge.py): the API calls a campaign
/// makes for pull requests (merge requests) and issues, checked as the real API checks them, and git over
/// smart HTTP with push, both behind `token`. Every request is noted as it came. The control calls do what
/// a person or the network would: close, merge, fail the next requests, refuse pushes, report CI checks.
package final class FakeForge: @unchecked Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case github, gitlab, gitea

        /// Where the kind's REST API lives.
        package var apiPath: String {
            switch self {
            case .github: "/api/v3"
            case .gitlab: "/api/v4"
            case .gitea: "/api/v1"
            }
        }
    }

    /// One request as the forge saw it, API or git.
    package struct Request: Sendable, Equatable, Decodable {
        /// "api" or "git".
        package let kind: String
        package let method: String
        package let path: String
        package let query: [String: String]
        package let status: Int
        /// Why it was refused, empty when accepted.
        package let problem: String
        /// The body as the client sent it: JSON, a string when it was not JSON, `.null` when there was none.
        package let body: JSONValue
        /// Whether the token came: "ok", "missing" or "wrong".
        package let auth: String
        /// The git service (`git-upload-pack`, `git-receive-pack`), empty for the API.
        package let service: String

        private enum CodingKeys: String, CodingKey {
            case kind, method, path, query, status, problem, body, auth, service
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            method = try container.decode(String.self, forKey: .method)
            path = try container.decode(String.self, forKey: .path)
            query = try container.decode([String: String].self, forKey: .query)
            status = try container.decode(Int.self, forKey: .status)
            problem = try container.decode(String.self, forKey: .problem)
            body = try container.decode(DecodedJSONValue.self, forKey: .body).value
            auth = try container.decode(String.self, forKey: .auth)
            service = try container.decode(String.self, forKey: .service)
        }
    }

    package let kind: Kind
    package let token: String
    package let user: String
    package let port: Int
    private let process = Process()
    private let directory = TemporaryDirectory("fakeforge")

    /// The folder of bare repositories, `<path>.git`.
    package var root: String { directory.path + "/root" }
    private var logPath: String { directory.path + "/requests.jsonl" }

    package var baseURL: String { "http://localhost:\(port)" }
    /// `http://localhost:PORT/api/v3` and the like.
    package var apiBase: String { baseURL + kind.apiPath }
    package func repoURL(_ path: String) -> String { "\(baseURL)/\(path).git" }

    /// The header that carries the token in this kind's API.
    package var authorization: [String: String] {
        switch kind {
        case .github: ["Authorization": "Bearer \(token)"]
        case .gitlab: ["PRIVATE-TOKEN": token]
        case .gitea: ["Authorization": "token \(token)"]
        }
    }

    /// - Parameters:
    ///   - user: whose token it is; pull requests and issues opened through the API are theirs.
    ///   - labels: labels every repository has (Gitea takes label ids).
    ///   - users: other people who exist, for reviewers and assignees.
    package init(kind: Kind, token: String, user: String, labels: [String] = [], users: [String] = []) throws {
        self.kind = kind
        self.token = token
        self.user = user
        try FileManager.default.createDirectory(atPath: directory.path + "/root", withIntermediateDirectories: true)
        let script = FixturePaths.packageRoot.appendingPathComponent("scripts/lib/fake_forge.py").path
        port = try PythonServer.start(
            process, file: script,
            arguments: [
                "--kind", kind.rawValue, "--root", directory.path + "/root", "--token", token, "--user", user, "--log",
                directory.path + "/requests.jsonl", "--labels", labels.joined(separator: ","), "--users", users.joined(separator: ","),
            ], standardError: FileHandle.standardError, name: "the fake \(kind.rawValue)")
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Serves a bare clone of the local repository `source` as `path` (`owner/name`, or `group/sub/name`).
    package func addRepository(_ path: String, from source: String) throws {
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "clone", "-q", "--bare", source, root + "/" + path + ".git"]
        git.environment = ProcessInfo.processInfo.environment.merging(["GIT_CONFIG_NOSYSTEM": "1"]) { _, new in new }
        git.standardOutput = FileHandle.nullDevice
        try git.run()
        git.waitUntilExit()
        guard git.terminationStatus == 0 else { throw WorkbenchError(message: "could not clone \(source) into the fake forge") }
    }

    /// Every API and git request so far, in order.
    package func requests() throws -> [Request] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Request.self, from: Data($0.utf8)) }
    }

    /// A person (`by`) closes an issue or pull request. On GitLab, where issues and merge requests are
    /// numbered apart, `type` ("issue" or "pull") says which.
    @discardableResult
    package func close(repo: String, number: Int, by person: String, type: String? = nil) async throws -> JSONValue {
        try await control("close", Self.item(repo: repo, number: number, by: person, type: type))
    }

    /// A person merges the pull request: its base branch moves to its head commit.
    @discardableResult
    package func merge(repo: String, number: Int, by person: String) async throws -> JSONValue {
        try await control("merge", Self.item(repo: repo, number: number, by: person, type: "pull"))
    }

    /// The next `count` API requests whose path starts with `pathPrefix` (e.g. "/api/v3/repos/acme/shop")
    /// are answered `status`: 429 with `Retry-After` when `retryAfter` is given, 403 as GitHub's rate limit
    /// when `rateLimitRemaining` is given.
    package func fail(pathPrefix: String, status: Int, count: Int = 1, retryAfter: Int? = nil, rateLimitRemaining: String? = nil)
        async throws
    {
        var members: [(String, JSONValue)] = [("path_prefix", .string(pathPrefix)), ("status", .int(status)), ("count", .int(count))]
        if let retryAfter { members.append(("retry_after", .int(retryAfter))) }
        if let rateLimitRemaining { members.append(("ratelimit_remaining", .string(rateLimitRemaining))) }
        try await control("fail", .object(members))
    }

    /// Every push to `repo` fails with `message` from a pre-receive hook; an empty message lifts the refusal.
    package func refusePush(repo: String, message: String) async throws {
        try await control("refuse_push", .object([("repo", .string(repo)), ("message", .string(message))]))
    }

    /// CI reports check `name` on `commit` in `repo` as `state` ("success", "failure" or "pending"); the same name
    /// replaces its earlier result. `commit` is a full sha, or `branch:<name>` for that branch's tip now. The
    /// forge reports it as its API does: GitHub's check runs, Gitea's combined status, GitLab's `head_pipeline`.
    package func setCheck(repo: String, commit: String, state: String, name: String = "build") async throws {
        try await control(
            "checks", .object([("repo", .string(repo)), ("sha", .string(commit)), ("state", .string(state)), ("name", .string(name))]))
    }

    /// Every repository's issues, pull requests and checks:
    /// `{"repos": {path: {"id", "default_branch", "issues", "pulls", "checks": {sha: [{"name", "state", …}]}}}}`.
    package func state() async throws -> JSONValue {
        try await control("state", nil)
    }

    private static func item(repo: String, number: Int, by person: String, type: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [("repo", .string(repo)), ("number", .int(number)), ("by", .string(person))]
        if let type { members.append(("type", .string(type))) }
        return .object(members)
    }

    @discardableResult
    private func control(_ name: String, _ body: JSONValue?) async throws -> JSONValue {
        var request = URLRequest(url: URL(string: "\(baseURL)/_control/\(name)")!)
        request.httpMethod = body == nil ? "GET" : "POST"
        if let body {
            request.httpBody = Data(body.compact().utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (status, data): (Int, Data) = try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: request) { data, response, error in
                if let response = response as? HTTPURLResponse {
                    continuation.resume(returning: (response.statusCode, data ?? Data()))
                } else {
                    continuation.resume(throwing: error ?? WorkbenchError(message: "no answer"))
                }
            }.resume()
        }
        guard status == 200 else {
            throw WorkbenchError(message: "the fake forge's \(name) answered \(status): \(String(decoding: data, as: UTF8.self))")
        }
        return try JSONValue.decoding(data)
    }
}
