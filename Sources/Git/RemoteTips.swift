internal import CGit2
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a repository's branch points now, read without fetching: for an https remote the reference
/// list its server advertises (`GET …/info/refs?service=git-upload-pack`, one request), for a local
/// repository its references. A sweep asks this first, so a repository whose branch has not moved
/// needs no fetch and no worker process.
///
/// The request is bounded (`BoundedRequest`): a total deadline, a cap on the answer, redirects followed
/// only within the configured origin, and a token sent only to that origin, after the server asks.
package enum RemoteTips {
    /// What the check found.
    package enum Answer: Sendable, Equatable {
        /// The branch (the remote's default one when none was asked for) and its commit.
        case tip(branch: String, commit: ObjectID)
        /// The remote redirects to another origin, or from https to http: the repository's error.
        case refused(GitError)
        /// The check could not tell (an ssh remote, a dumb server, a timeout, an error the fetch will
        /// explain better): fetch as usual.
        case unknown(String)
    }

    /// A reference list is a line per branch and tag; a hundred thousand references are about 7 MB.
    static let maximumAdvertisement = 16 << 20

    /// The tip of `branch` (nil: the default branch) of `url`, within `deadline` seconds.
    package static func check(_ url: GitURL, branch: String?, credentials: Credentials, deadline: Double) -> Answer {
        switch url.transport {
        case .local:
            guard let path = url.localPath else { return .unknown("no path") }
            return local(path, branch: branch)
        case .http:
            return http(url, branch: branch, credentials: credentials, deadline: deadline)
        case .ssh, .other:
            return .unknown("only https and local repositories are checked without a fetch")
        }
    }

    /// The branch's tip in the repository (or mirror) at `path`, from its references alone: no object is read.
    package static func local(_ path: String, branch: String?) -> Answer {
        GitLibrary.initialize()
        var handle: OpaquePointer?
        guard git_repository_open_ext(&handle, path, UInt32(GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue), nil) == 0, let handle else {
            git_error_clear()
            return .unknown("cannot open \(path)")
        }
        defer { git_repository_free(handle) }
        var name = branch.map { "refs/heads/" + $0 }
        if name == nil {
            var head: OpaquePointer?
            guard git_reference_lookup(&head, handle, "HEAD") == 0, let head else {
                git_error_clear()
                return .unknown("no HEAD")
            }
            defer { git_reference_free(head) }
            guard git_reference_type(head) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(head) else {
                return .unknown("HEAD is not a branch")
            }
            name = String(cString: target)
        }
        guard let name, name.hasPrefix("refs/heads/") else { return .unknown("HEAD is not a branch") }
        var oid = git_oid()
        guard git_reference_name_to_id(&oid, handle, name) == 0 else {
            git_error_clear()
            return .unknown("no \(name)")
        }
        return .tip(branch: String(name.dropFirst("refs/heads/".count)), commit: ObjectID(oid))
    }

    private static func http(_ url: GitURL, branch: String?, credentials: Credentials, deadline: Double) -> Answer {
        guard let origin = url.origin, let base = URL(string: url.original.hasSuffix("/") ? String(url.original.dropLast()) : url.original),
            let address = URL(string: base.absoluteString + "/info/refs?service=git-upload-pack")
        else { return .unknown("not a URL") }
        let started = ContinuousClock.now
        var request = URLRequest(url: address, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: deadline)
        request.setValue("scenesweep", forHTTPHeaderField: "User-Agent")
        var answer = send(request, deadline: deadline)
        if case .success(let response) = answer, response.status == 401, let token = credentials.httpsToken(for: origin), !token.isEmpty {
            // As libgit2 does: the token only after the server asks for one, and only to the configured origin
            // (redirects are followed within it only).
            let user = url.user ?? "x-access-token"
            request.setValue("Basic " + Data("\(user):\(token)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
            let elapsed = ContinuousClock.now - started
            let left = deadline - Double(elapsed.components.seconds) - Double(elapsed.components.attoseconds) / 1e18
            guard left > 0 else { return .unknown("no answer within the deadline") }
            answer = send(request, deadline: left)
        }
        let response: BoundedRequest.Response
        switch answer {
        case .failure(let failure): return .unknown(failure.description)
        case .success(let value): response = value
        }
        if let target = response.redirectTarget {
            let to = Origin(scheme: target.scheme ?? "", host: target.host, port: target.port).map(\.description) ?? "another address"
            return .refused(
                GitError(
                    .redirect,
                    "\(url) redirected to another origin (\(to), HTTP \(response.status)): not followed; credentials go only to \(origin)"))
        }
        guard response.status == 200,
            response.headers["content-type"]?.lowercased().hasPrefix("application/x-git-upload-pack-advertisement") == true
        else { return .unknown("HTTP \(response.status)") }
        guard let advertised = Advertisement(response.body) else { return .unknown("an unreadable reference list") }
        guard let name = branch.map({ "refs/heads/" + $0 }) ?? advertised.head else {
            return .unknown("the remote names no default branch")
        }
        guard name.hasPrefix("refs/heads/"), let commit = advertised.references[name] else { return .unknown("no \(name)") }
        return .tip(branch: String(name.dropFirst("refs/heads/".count)), commit: commit)
    }

    private static func send(_ request: URLRequest, deadline: Double) -> Result<BoundedRequest.Response, BoundedRequest.Failure> {
        BoundedRequest.sendWaiting(request, deadline: deadline, maximumBody: maximumAdvertisement, redirects: .sameOrigin)
    }
}

/// A smart-HTTP reference advertisement (git's protocol v0/v1): pkt-lines of `<oid> <name>`, the first
/// one followed by a NUL and the capabilities, among them `symref=HEAD:refs/heads/main`.
struct Advertisement: Equatable {
    var references: [String: ObjectID] = [:]
    /// Where HEAD points, from the `symref` capability.
    var head: String?

    init?(_ data: Data) {
        let bytes = [UInt8](data)
        var index = 0
        var sawService = false
        while index + 4 <= bytes.count {
            guard let length = Int(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            if length == 0 {
                index += 4
                continue
            }
            guard length >= 4, index + length <= bytes.count else { return nil }
            var line = Array(bytes[index + 4..<index + length])
            index += length
            if line.last == 0x0A { line.removeLast() }
            if line.starts(with: Array("# service=".utf8)) {
                sawService = true
                continue
            }
            var capabilities: [UInt8] = []
            if let nul = line.firstIndex(of: 0) {
                capabilities = Array(line[(nul + 1)...])
                line = Array(line[..<nul])
            }
            guard line.count > 41, line[40] == 0x20, let id = ObjectID(hex: String(decoding: line[0..<40], as: UTF8.self)) else {
                return nil
            }
            let name = String(decoding: line[41...], as: UTF8.self)
            if !name.hasSuffix("^{}") { references[name] = id }
            for capability in String(decoding: capabilities, as: UTF8.self).split(separator: " ")
            where capability.hasPrefix("symref=HEAD:") {
                head = String(capability.dropFirst("symref=HEAD:".count))
            }
        }
        guard sawService || !references.isEmpty else { return nil }
    }
}
