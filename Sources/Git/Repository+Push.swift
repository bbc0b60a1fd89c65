internal import CGit2
import Foundation

extension Repository {
    /// Branches a campaign never writes, whatever the remote's default: the names people release from,
    /// and HEAD. Compared without case, like the default branch: a server on a case-insensitive file
    /// system stores `Main` and `main` as one reference.
    package static let protectedBranches: Set<String> = ["main", "master", "develop", "trunk", "head"]

    /// Where `refs/heads/<branch>` of the remote at `url` points, or nil when the remote has no such
    /// branch. One listing over a fetch connection (nothing is downloaded), with the credentials and
    /// host checks of a fetch.
    package func remoteTip(ofBranch branch: String, url: String, credentials: Credentials = Credentials()) throws -> ObjectID? {
        let target = GitURL(url)
        try Self.checkLocalSource(target)
        return try listRemote(target, credentials: credentials).branches[branch]
    }

    /// Makes `refs/heads/<branch>` of the remote at `url` point at `commit`, a commit of this repository
    /// (normally made by `commitPatches`), sending the objects the remote lacks.
    ///
    /// The campaign's rules for pushing are all here, checked before anything is written:
    /// - `branch` must be a valid branch name, not one of `protectedBranches`, and not the remote's
    ///   default branch (read from the remote's HEAD; a remote that does not tell is not pushed to);
    /// - exactly one reference is updated, `refs/heads/<branch>`, with `+` (replacing whatever it held)
    ///   only when `force` is set; libgit2's plan is checked against that before anything is sent;
    /// - a branch that already holds `commit` is left alone (`.unchanged`).
    ///
    /// The remote is an in-memory one: neither it nor `url` is written into this repository's configuration.
    /// A refusal by the server (a hook, a protected branch) is a `.refused` error with the server's reason.
    package func push(
        commit: ObjectID, toBranch branch: String, url: String, credentials: Credentials = Credentials(), force: Bool
    ) throws -> PushOutcome {
        let target = GitURL(url)
        try Self.checkPushable(branch: branch, url: target)
        git_commit_free(try lookupCommit(commit))
        try Self.checkLocalSource(target)

        let listing = try listRemote(target, credentials: credentials)
        guard let defaultBranch = listing.defaultBranch else {
            throw GitError(.refused, "\(target) does not say which branch is its default, so nothing is pushed to it")
        }
        if defaultBranch.lowercased() == branch.lowercased() {
            throw GitError(.refused, "'\(branch)' is the default branch of \(target): a campaign never pushes to it")
        }
        if listing.branches[branch] == commit { return .unchanged }

        // libgit2 1.5 pushes only from a local reference ("no such reference '<id>'" for a commit id), so
        // the commit gets one for the length of the push, outside refs/heads and refs/tags, which the
        // mirror's fetches own.
        let source = "refs/scenesweep/push/" + branch
        try createReference(source, to: commit)
        defer { deleteReference(source) }

        let remote = try detachedRemote(target, purpose: "setting up a push to")
        defer { git_remote_free(remote) }
        let session = RemoteSession(url: target, credentials: credentials)
        let destination = "refs/heads/" + branch
        session.pushReport.allowed = (destination, commit)
        var options = git_push_options()
        git_push_options_init(&options, UInt32(GIT_PUSH_OPTIONS_VERSION))
        options.proxy_opts.type = GIT_PROXY_AUTO
        options.follow_redirects = RemoteSession.redirects
        session.install(into: &options.callbacks)
        session.installPushReport(into: &options.callbacks)
        let refspec = (force ? "+" : "") + source + ":" + destination
        let code = [refspec].withCStrings { refspecs in
            withExtendedLifetime(session) { git_remote_push(remote, refspecs, &options) }
        }
        guard code == 0 else {
            if code == GIT_ENONFASTFORWARD.rawValue {
                let (errorClass, _) = GitError.lastError()
                throw GitError(
                    .refused, "branch '\(branch)' of \(target) holds commits \(commit) does not build on: not replaced without force",
                    errorClass: errorClass, code: code)
            }
            throw session.error(code: code, operation: "pushing to")
        }

        let report = session.pushReport
        if let refusal = report.refusals.first {
            let said = session.redactingSecrets(report.serverLines.suffix(10).joined(separator: "; "))
            let reason = said.isEmpty ? refusal.reason : "\(refusal.reason) (the server said: \(said))"
            throw GitError(.refused, "\(target) refused to update branch '\(branch)': \(reason)")
        }
        guard report.negotiated else {
            throw GitError(.other, "pushing to \(target) sent nothing for branch '\(branch)'")
        }
        return report.previous.map { .replaced(previous: $0) } ?? .created
    }

    /// The push rules that need no remote: a valid branch name, and none of `protectedBranches`.
    static func checkPushable(branch: String, url: GitURL) throws {
        var valid: Int32 = 0
        let code = git_reference_name_is_valid(&valid, "refs/heads/" + branch)
        // git itself refuses branch names that start with "-", which read as options.
        guard code == 0, valid == 1, !branch.hasPrefix("-") else {
            git_error_clear()
            throw GitError(.reference, "'\(branch)' is not a valid branch name: nothing is pushed to \(url)")
        }
        if protectedBranches.contains(branch.lowercased()) {
            throw GitError(.refused, "'\(branch)' is a protected branch name: a campaign never pushes to it (\(url))")
        }
    }

    /// The remote's branches and default branch, as it advertises them to a fetch.
    private func listRemote(_ url: GitURL, credentials: Credentials) throws -> RemoteBranches {
        let remote = try detachedRemote(url, purpose: "setting up a listing of")
        defer { git_remote_free(remote) }
        let session = RemoteSession(url: url, credentials: credentials)
        var options = git_remote_connect_options()
        git_remote_connect_options_init(&options, UInt32(GIT_REMOTE_CONNECT_OPTIONS_VERSION))
        options.proxy_opts.type = GIT_PROXY_AUTO
        options.follow_redirects = RemoteSession.redirects
        session.install(into: &options.callbacks)
        // A fetch connection, even before a push: receive-pack does not advertise HEAD, upload-pack does.
        let code = withExtendedLifetime(session) { git_remote_connect_ext(remote, GIT_DIRECTION_FETCH, &options) }
        guard code == 0 else { throw session.error(code: code, operation: "listing the branches of") }
        defer { git_remote_disconnect(remote) }

        var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
        var count = 0
        let listCode = git_remote_ls(&heads, &count, remote)
        guard listCode == 0 else { throw session.error(code: listCode, operation: "listing the branches of") }
        var listing = RemoteBranches()
        for index in 0..<count {
            guard let head = heads?[index]?.pointee, let name = head.name.map({ String(cString: $0) }), name.hasPrefix("refs/heads/")
            else { continue }
            listing.branches[String(name.dropFirst("refs/heads/".count))] = ObjectID(head.oid)
        }
        var buffer = git_buf()
        if git_remote_default_branch(&buffer, remote) == 0, let pointer = buffer.ptr {
            let name = String(cString: pointer)
            git_buf_dispose(&buffer)
            if name.hasPrefix("refs/heads/") { listing.defaultBranch = String(name.dropFirst("refs/heads/".count)) }
        } else {
            git_error_clear()
        }
        return listing
    }

    private func createReference(_ name: String, to commit: ObjectID) throws {
        var oid = commit.oid
        var reference: OpaquePointer?
        let code = git_reference_create(&reference, handle, name, &oid, 1, "scenesweep push")
        guard code == 0, let reference else {
            throw GitError.fromLastError(code: code, operation: "creating \(name) in", subject: displayName)
        }
        git_reference_free(reference)
    }

    private func deleteReference(_ name: String) {
        var reference: OpaquePointer?
        guard git_reference_lookup(&reference, handle, name) == 0, let reference else {
            git_error_clear()
            return
        }
        defer { git_reference_free(reference) }
        if git_reference_delete(reference) != 0 { git_error_clear() }
    }
}

/// A remote's branches (by short name) and its default branch, when it names one.
private struct RemoteBranches {
    var branches: [String: ObjectID] = [:]
    var defaultBranch: String?
}
