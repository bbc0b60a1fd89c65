import Foundation

/// How to authenticate to remotes and which ssh hosts to trust. Printing it never shows the token.
public struct Credentials: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The https token itself (read by the caller from an environment variable); sent as the password
    /// of the user "x-access-token", or of the URL's user if it names one.
    public var httpsToken: String?
    /// Path of the ssh private key; nil tries the ssh agent, then ~/.ssh/id_ed25519 and ~/.ssh/id_ecdsa.
    public var sshPrivateKey: String?
    /// Path of the ssh public key; nil means the private key's path + ".pub" when that file exists.
    public var sshPublicKey: String?
    /// The OpenSSH known_hosts file that ssh host keys are checked against; nil means ~/.ssh/known_hosts.
    public var knownHostsFile: String?

    public init(httpsToken: String? = nil, sshPrivateKey: String? = nil, sshPublicKey: String? = nil, knownHostsFile: String? = nil) {
        self.httpsToken = httpsToken
        self.sshPrivateKey = sshPrivateKey
        self.sshPublicKey = sshPublicKey
        self.knownHostsFile = knownHostsFile
    }

    public var description: String {
        let token = httpsToken == nil ? "none" : "set"
        return "Credentials(httpsToken: \(token), sshPrivateKey: \(sshPrivateKey ?? "default"), knownHostsFile: \(resolvedKnownHostsFile))"
    }

    public var debugDescription: String { description }

    /// The known_hosts path actually used, with `~` expanded.
    public var resolvedKnownHostsFile: String {
        Self.expandingTilde(knownHostsFile ?? "~/.ssh/known_hosts")
    }

    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + path.dropFirst()
    }
}
