internal import CGit2
import Foundation

/// State shared with libgit2's remote callbacks during one clone, fetch, listing or push, passed as the payload.
///
/// Used on one thread only (libgit2 runs the callbacks on the calling thread), so it needs no lock.
final class RemoteSession {
    let url: GitURL
    let credentials: Credentials
    private var credentialAttempts = 0
    /// The reason a callback refused, which explains the failure better than libgit2's message.
    private(set) var failure: GitError?
    /// What the server said during a push (see `installPushReport`); empty for a clone or fetch.
    var pushReport = PushReport()

    // One try and one retry: the same token or key will not start working on a third call,
    // and libgit2 keeps calling back after every rejection.
    private static let maximumCredentialAttempts = 2

    init(url: GitURL, credentials: Credentials) {
        self.url = url
        self.credentials = credentials
    }

    /// libgit2 follows a redirect to another host only when told to; one on the same host (another port,
    /// or http to https) it follows all the same, so the credential callback checks the origin too.
    static let redirects = GIT_REMOTE_REDIRECT_NONE

    /// Points the callbacks at this session; keep the session alive until the libgit2 call returns.
    func install(into callbacks: inout git_remote_callbacks) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = { out, askingURL, usernameFromURL, allowedTypes, payload in
            guard let out, let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            return session.acquireCredential(
                out, askingURL: askingURL.map { String(cString: $0) }, usernameFromURL: usernameFromURL.map { String(cString: $0) },
                allowedTypes: allowedTypes)
        }
        callbacks.certificate_check = { certificate, valid, host, payload in
            guard let certificate, let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            return session.checkCertificate(certificate, isValid: valid != 0, host: host.map { String(cString: $0) })
        }
    }

    /// The error for a failed clone, fetch, listing or push; call it right after the failing call, on the same thread.
    func error(code: Int32, operation: String) -> GitError {
        if let failure { return failure }
        let (errorClass, rawMessage) = GitError.lastError()
        let message = GitURL.scrub(rawMessage)
        var kind = GitError.Kind(errorClass: errorClass, code: code, message: message)
        // Socket errors (e.g. connection refused) come with the OS class, like local file errors.
        if kind == .other, errorClass == Int32(GIT_ERROR_OS.rawValue), !url.isLocal { kind = .network }
        // An object missing from a repository's store (the mirror's, or a local source's) is damage, not a
        // missing repository: "repository not found" would send the reader looking in the wrong place.
        if GitError.isObjectStoreClass(errorClass) { kind = .corrupt }
        // libgit2 refuses a redirect to another host, or from https to http: "cannot redirect from 'a' to 'b'".
        if message.hasPrefix("cannot redirect from") || message.contains("unexpected redirect") {
            kind = .redirect
        }
        let text: String
        switch kind {
        case .redirect:
            text =
                "\(url) redirects elsewhere (\(message)): not followed; credentials go only to \(url.origin?.description ?? "its origin")"
        case .notFound: text = "repository not found at \(url)"
        case .authentication: text = "authentication failed for \(url)"
        case .network: text = "cannot reach \(url): \(message)"
        case .certificate: text = "TLS certificate of \(url.host ?? url.description) is not trusted: \(message)"
        default: text = "\(operation) \(url) failed: \(message)"
        }
        return GitError(kind, text, errorClass: errorClass, code: code)
    }

    /// Records why a callback stopped the transfer and tells libgit2 to stop; returns the code to return.
    func refuse(_ error: GitError) -> Int32 {
        failure = error
        git_error_set_str(Int32(GIT_ERROR_CALLBACK.rawValue), error.message)
        return GIT_EUSER.rawValue
    }

    private func acquireCredential(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, askingURL: String?, usernameFromURL: String?,
        allowedTypes: UInt32
    ) -> Int32 {
        // libgit2 asks with the URL it is connected to, which a redirect may have changed: nothing is
        // sent to another origin than the configured one (a redirect from 127.0.0.1:18092 to
        // localhost:18093 used to get the token).
        if let configured = url.origin, let askingURL, let asking = Origin(askingURL), asking != configured {
            return refuse(
                GitError(
                    .redirect,
                    "\(url) redirected to another origin (\(asking)): not followed; credentials go only to \(configured)",
                    code: GIT_EAUTH.rawValue))
        }
        let sshKey = GIT_CREDENTIAL_SSH_KEY.rawValue
        let userPass = GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue
        let userName = GIT_CREDENTIAL_USERNAME.rawValue
        if allowedTypes & userName != 0, allowedTypes & (sshKey | userPass) == 0 {
            // ssh asks for the user name alone first when the URL has none.
            return git_credential_username_new(out, usernameFromURL ?? "git")
        }
        credentialAttempts += 1
        if credentialAttempts > Self.maximumCredentialAttempts {
            return refuse(GitError(.authentication, "authentication failed for \(url)", code: GIT_EAUTH.rawValue))
        }
        if allowedTypes & sshKey != 0 {
            return sshCredential(out, user: usernameFromURL ?? url.user ?? "git")
        }
        if allowedTypes & userPass != 0 {
            guard let origin = url.origin, let token = credentials.httpsToken(for: origin), !token.isEmpty else {
                return refuse(
                    GitError(.authentication, "\(url) requires authentication but no https token is set", code: GIT_EAUTH.rawValue))
            }
            let user = usernameFromURL ?? url.user ?? "x-access-token"
            return git_credential_userpass_plaintext_new(out, user, token)
        }
        return refuse(
            GitError(.authentication, "\(url) asks for an authentication method scenesweep does not support", code: GIT_EAUTH.rawValue))
    }

    private func sshCredential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, user: String) -> Int32 {
        let fileManager = FileManager.default
        var privateKey = credentials.sshPrivateKey.map(Credentials.expandingTilde)
        if privateKey == nil {
            if ProcessInfo.processInfo.environment["SSH_AUTH_SOCK"] != nil {
                return git_credential_ssh_key_from_agent(out, user)
            }
            privateKey = ["~/.ssh/id_ed25519", "~/.ssh/id_ecdsa"].map(Credentials.expandingTilde).first {
                fileManager.fileExists(atPath: $0)
            }
        }
        guard let privateKey, fileManager.fileExists(atPath: privateKey) else {
            let which = credentials.sshPrivateKey.map { "ssh key \($0) does not exist" } ?? "no ssh key is configured"
            return refuse(GitError(.authentication, "cannot authenticate to \(url): \(which)", code: GIT_EAUTH.rawValue))
        }
        let publicKey = credentials.sshPublicKey.map(Credentials.expandingTilde) ?? privateKey + ".pub"
        if fileManager.fileExists(atPath: publicKey) {
            return git_credential_ssh_key_new(out, user, publicKey, privateKey, nil)
        }
        return git_credential_ssh_key_new(out, user, nil, privateKey, nil)
    }

    private func checkCertificate(_ certificate: UnsafeMutablePointer<git_cert>, isValid: Bool, host: String?) -> Int32 {
        guard certificate.pointee.cert_type == GIT_CERT_HOSTKEY_LIBSSH2 else {
            // TLS: keep libgit2's own verification (the system CA store, or the configured CA file).
            return GIT_PASSTHROUGH.rawValue
        }
        let hostName = host ?? url.host ?? "unknown host"
        let presented: [UInt8]? = certificate.withMemoryRebound(to: git_cert_hostkey.self, capacity: 1) { hostKey in
            guard hostKey.pointee.type.rawValue & GIT_CERT_SSH_RAW.rawValue != 0, let raw = hostKey.pointee.hostkey else { return nil }
            return raw.withMemoryRebound(to: UInt8.self, capacity: hostKey.pointee.hostkey_len) {
                Array(UnsafeBufferPointer(start: $0, count: hostKey.pointee.hostkey_len))
            }
        }
        guard let presented else {
            return refuse(GitError(.hostKey, "libgit2 did not provide the raw host key of \(hostName), so it cannot be checked"))
        }
        let knownHosts: KnownHosts
        do {
            knownHosts = try KnownHosts(contentsOfFile: credentials.resolvedKnownHostsFile)
        } catch let error as GitError {
            return refuse(error)
        } catch {
            return refuse(GitError(.hostKey, "cannot read known_hosts: \(error)"))
        }
        let verdict = knownHosts.verify(host: hostName, port: url.port, key: presented)
        if let error = knownHosts.error(for: verdict, host: hostName, port: url.port) {
            return refuse(error)
        }
        return 0
    }
}
