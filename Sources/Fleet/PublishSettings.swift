import Foundation
import YAML

/// The code-hosting services a fleet's repositories live on.
package enum ForgeKind: String, Sendable, Hashable, Encodable, CaseIterable {
    case github
    case gitlab
    case gitea
}

/// `publish:` in the config: the forges `scenesweep publish` uploads each repository's results to.
///
///     publish:
///       forges:
///         - { host: github.com, kind: github, token_env: GITHUB_TOKEN }
///         - { host: git.example.com, kind: gitea, token_env: GITEA_TOKEN }
package struct PublishSettings: Sendable, Hashable, Encodable {
    package struct Forge: Sendable, Hashable, Encodable {
        /// The host name repository URLs use, lowercased (`github.com`, `gitlab.example.com:8443`).
        package var host: String
        package var kind: ForgeKind
        /// The API's base URL; nil for the kind's usual one on `host` (`apiBase`).
        package var api: String?
        /// The environment variable holding the token (never the token).
        package var tokenVariable: String

        package init(host: String, kind: ForgeKind, api: String? = nil, tokenVariable: String) {
            self.host = host
            self.kind = kind
            self.api = api
            self.tokenVariable = tokenVariable
        }

        /// The API base: `api` when set, else GitHub's public API for github.com, `/api/v3` on a GitHub
        /// Enterprise host, `/api/v4` on GitLab, `/api/v1` on Gitea.
        package var apiBase: String {
            if let api { return api }
            switch kind {
            case .github: return host == "github.com" ? "https://api.github.com" : "https://\(host)/api/v3"
            case .gitlab: return "https://\(host)/api/v4"
            case .gitea: return "https://\(host)/api/v1"
            }
        }
    }

    package var forges: [Forge]

    package init(forges: [Forge]) {
        self.forges = forges
    }

    /// The forge a repository URL's host belongs to.
    package func forge(forHost host: String) -> Forge? {
        forges.first { $0.host == host.lowercased() }
    }

    static func trimmingSlash(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The checks of `publish:` and `report_url:` the types cannot express, each at its node.
    static func problems(in root: Node) -> [(mark: Mark, message: String)] {
        var problems: [(mark: Mark, message: String)] = []
        if let node = root["report_url"], let text = node.scalar?.text, node.scalar?.isNull == false,
            let problem = urlProblem(text, what: "report_url")
        {
            problems.append((node.mark, problem))
        }
        var hosts: [String: Int] = [:]
        for (index, forge) in (root["publish"]?["forges"]?.sequence ?? []).enumerated() {
            let path = "publish.forges[\(index)]"
            if let kind = forge["kind"], let name = kind.scalar?.text, ForgeKind(rawValue: name) == nil {
                let names = ForgeKind.allCases.map(\.rawValue)
                problems.append(
                    (
                        kind.mark,
                        "\(path).kind: unknown forge '\(name)'\(NameSuggestion.clause(name, in: names)); use github, gitlab or gitea"
                    ))
            }
            if let host = forge["host"], let name = host.scalar?.text {
                if name.isEmpty || name.contains("/") || name.contains(where: \.isWhitespace) {
                    problems.append((host.mark, "\(path).host: expected a host name such as github.com, found '\(name)'"))
                } else if let first = hosts[name.lowercased()] {
                    problems.append((host.mark, "\(path).host: \(name) is already publish.forges[\(first)]"))
                } else {
                    hosts[name.lowercased()] = index
                }
            }
            if let api = forge["api"], let text = api.scalar?.text, let problem = urlProblem(text, what: "\(path).api") {
                problems.append((api.mark, problem))
            }
        }
        return problems
    }

    /// Why a URL the config gives for reports or an API cannot be used, or nil. Plain http only on this
    /// machine: a token or a report link must not cross a network in clear text.
    static func urlProblem(_ text: String, what: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
            return "\(what): expected an https URL, found '\(text)'"
        }
        if url.user != nil || url.password != nil { return "\(what): the URL holds credentials; give tokens through token_env" }
        if scheme == "https" { return nil }
        if scheme == "http", ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased()) { return nil }
        return "\(what): expected an https URL (plain http only for localhost), found '\(text)'"
    }
}
