internal import CGit2

/// An error from the Git module, with a message meant for people and the libgit2 details behind it.
package struct GitError: Error, CustomStringConvertible, Sendable, Equatable {
    package enum Kind: String, Sendable, Equatable {
        /// The repository (or an object in it) does not exist.
        case notFound
        /// The path exists but holds no git repository.
        case notRepository
        /// The server refused the credentials, or none were available.
        case authentication
        /// The server could not be reached or the transfer broke off.
        case network
        /// The server's TLS certificate is not trusted.
        case certificate
        /// The ssh host key is unknown, changed or revoked.
        case hostKey
        /// The server sent the request to another origin (host, port or scheme), or from https to http:
        /// not followed, and no credential went there.
        case redirect
        /// The repository's data is damaged or incomplete.
        case corrupt
        /// A branch or reference is missing or invalid.
        case reference
        /// A push was declined: by the remote (a hook, a protected branch) or by scenesweep's own rule
        /// that a campaign never writes the default branch.
        case refused
        case other
    }

    package let kind: Kind
    package let message: String
    /// libgit2's error class (`git_error_t`), 0 when the error did not come from libgit2.
    package let errorClass: Int32
    /// libgit2's return code (`git_error_code`), 0 when the error did not come from libgit2.
    package let code: Int32

    package init(_ kind: Kind, _ message: String, errorClass: Int32 = 0, code: Int32 = 0) {
        self.kind = kind
        self.message = message
        self.errorClass = errorClass
        self.code = code
    }

    package var description: String { message }
}

extension GitError {
    /// libgit2's last error on this thread; must be called right after the failing call.
    static func lastError() -> (errorClass: Int32, message: String) {
        guard let error = git_error_last() else { return (0, "unknown libgit2 error") }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown libgit2 error"
        return (error.pointee.klass, message)
    }

    /// Builds an error from libgit2's thread-local state; call it on the thread that failed.
    static func fromLastError(code: Int32 = -1, operation: String, subject: String? = nil) -> GitError {
        let (errorClass, rawMessage) = lastError()
        let message = GitURL.scrub(rawMessage)
        let kind = Kind(errorClass: errorClass, code: code, message: message)
        let what = subject.map { "\(operation) \($0)" } ?? operation
        return GitError(kind, "\(what) failed: \(message)", errorClass: errorClass, code: code)
    }
}

extension GitError {
    /// Whether a repository's own object store is damaged or incomplete (an object missing or unreadable,
    /// a truncated pack), as opposed to the remote refusing or lacking the repository. A mirror with
    /// such damage is worth cloning again: the remote still holds what it lost.
    package var isDamage: Bool {
        kind == .corrupt || (kind == .notFound && Self.isObjectStoreClass(errorClass))
    }

    static func isObjectStoreClass(_ errorClass: Int32) -> Bool {
        [GIT_ERROR_ODB, GIT_ERROR_ZLIB, GIT_ERROR_INDEXER, GIT_ERROR_OBJECT, GIT_ERROR_TREE].contains { errorClass == Int32($0.rawValue) }
    }
}

extension GitError.Kind {
    init(errorClass: Int32, code: Int32, message: String) {
        func isClass(_ value: git_error_t) -> Bool { errorClass == Int32(value.rawValue) }
        if code == GIT_EAUTH.rawValue {
            self = .authentication
        } else if code == GIT_ECERTIFICATE.rawValue {
            self = isClass(GIT_ERROR_SSH) ? .hostKey : .certificate
        } else if isClass(GIT_ERROR_SSL) {
            self = .certificate
        } else if isClass(GIT_ERROR_NET) || isClass(GIT_ERROR_HTTP) || isClass(GIT_ERROR_SSH) {
            let lowered = message.lowercased()
            if lowered.contains("401") || lowered.contains("authentication") || lowered.contains("credentials") {
                self = .authentication
            } else if lowered.contains("404") || lowered.contains("repository not found")
                || lowered.contains("does not appear to be a git repository")
            {
                self = .notFound
            } else {
                self = .network
            }
        } else if isClass(GIT_ERROR_ODB) || isClass(GIT_ERROR_ZLIB) || isClass(GIT_ERROR_INDEXER)
            || isClass(GIT_ERROR_OBJECT) || isClass(GIT_ERROR_TREE)
        {
            self = code == GIT_ENOTFOUND.rawValue ? .notFound : .corrupt
        } else if isClass(GIT_ERROR_REFERENCE) || code == GIT_EINVALIDSPEC.rawValue {
            self = .reference
        } else if isClass(GIT_ERROR_REPOSITORY) && code == GIT_ENOTFOUND.rawValue {
            self = .notRepository
        } else {
            self = .other
        }
    }
}
