import Foundation

/// How to authenticate to remotes and which ssh hosts to trust. Printing it never shows the token.
package struct Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The https token itself (read by the caller from an environment variable); sent as the password
    /// of the user "x-access-token", or of the URL's user if it names one, to hosts `hostTokens` does not
    /// name. Any token goes only to the origin of the repository's configured URL (`RemoteSession`).
    package var httpsToken: String?
    /// Tokens for one host each (`auth.hosts`), by `host` or `host:port`, lowercased: a token listed
    /// here is never sent to another host, and a host listed here never gets `httpsToken`.
    package var hostTokens: [String: String]
    /// Path of the ssh private key; nil tries the ssh agent, then ~/.ssh/id_ed25519 and ~/.ssh/id_ecdsa.
    package var sshPrivateKey: String?
    /// Path of the ssh public key; nil means the private key's path + ".pub" when that file exists.
    package var sshPublicKey: String?
    /// The OpenSSH known_hosts file that ssh host keys are checked against; nil means ~/.ssh/known_hosts.
    package var knownHostsFile: String?

    package init(
        httpsToken: String? = nil, hostTokens: [String: String] = [:], sshPrivateKey: String? = nil, sshPublicKey: String? = nil,
        knownHostsFile: String? = nil
    ) {
        self.httpsToken = httpsToken
        self.hostTokens = hostTokens
        self.sshPrivateKey = sshPrivateKey
        self.sshPublicKey = sshPublicKey
        self.knownHostsFile = knownHostsFile
    }

    package var description: String {
        let token = httpsToken == nil ? "none" : "set"
        let hosts = hostTokens.keys.sorted().joined(separator: ", ")
        return
            "Credentials(httpsToken: \(token), hostTokens: [\(hosts)], sshPrivateKey: \(sshPrivateKey ?? "default"), knownHostsFile: \(resolvedKnownHostsFile))"
    }

    package var debugDescription: String { description }

    /// The https token for a URL's origin: the one `hostTokens` gives its `host:port`, else its host, else
    /// `httpsToken` when neither is listed. A listed host whose variable is unset maps to "" (no token),
    /// so it never falls back to the general one. nil for anything but http(s).
    package func httpsToken(for origin: Origin) -> String? {
        guard origin.scheme == "https" || origin.scheme == "http" else { return nil }
        return hostTokens["\(origin.host):\(origin.port)"] ?? hostTokens[origin.host] ?? httpsToken
    }

    /// The known_hosts path actually used, with `~` expanded.
    package var resolvedKnownHostsFile: String {
        Self.expandingTilde(knownHostsFile ?? "~/.ssh/known_hosts")
    }

    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
