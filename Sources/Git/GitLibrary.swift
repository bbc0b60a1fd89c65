internal import CGit2

/// Process-wide libgit2 setup.
package enum GitLibrary {
    // A lazy static runs its initialiser exactly once, thread-safely; libgit2 is never shut down
    // because mirrors may be used until the process exits.
    private static let initialized: Bool = {
        git_libgit2_init()
        // libgit2 hashes every object it reads again to compare with its id; git does not. Mirrors are
        // written only by fetches, whose indexer derives each id from the object's content, and a damaged
        // pack still fails zlib's checksum or a missing-object lookup (the damaged-mirror tests). The
        // second hashing was a quarter of a cold sweep's instructions (4.96 G of 19.87 G over the bench's
        // 200 repositories).
        cgit2_set_strict_hash_verification(0)
        return true
    }()

    /// Initialises libgit2 once per process; every `Repository` entry point calls it, so callers need not.
    package static func initialize() {
        _ = initialized
    }

    /// The linked libgit2 version, e.g. "1.5.1".
    package static var version: String {
        initialize()
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// Makes https trust the certificate authorities in `file` and/or `directory` instead of the system
    /// store, for the whole process (for tests and private CAs; libgit2 keeps this setting globally).
    package static func setCertificateAuthorities(file: String?, directory: String? = nil) throws {
        initialize()
        if cgit2_set_ssl_cert_locations(file, directory) < 0 {
            throw GitError.fromLastError(operation: "setting certificate authorities")
        }
    }

    /// Makes libgit2 ignore the system, XDG and global git configuration (~/.gitconfig,
    /// /etc/gitconfig) for the whole process: mirrors behave the same for every user and machine, no
    /// `url.insteadOf` or credential helper of a developer's leaks into a sweep, and no config file is
    /// checked for changes on every repository access. Proxies still come from the environment.
    package static func ignoreUserAndSystemConfiguration() throws {
        initialize()
        for level in [GIT_CONFIG_LEVEL_SYSTEM, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_PROGRAMDATA] {
            if cgit2_set_search_path(level.rawValue, "") < 0 {
                throw GitError.fromLastError(operation: "isolating the git configuration")
            }
        }
    }
}
