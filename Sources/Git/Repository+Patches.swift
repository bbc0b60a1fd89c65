internal import CGit2
import Foundation

extension Repository {
    /// Commits the patches in order, each on the commit of the one before, the first on `base`, and
    /// returns the last commit (`base` itself when there are none).
    ///
    /// Nothing is checked out and no reference moves: trees and commits go into the repository's object
    /// database, where `push(commit:toBranch:url:credentials:force:)` finds them. Author and committer are
    /// both `author`, with its given time, so the same patches on the same base make the same commit id.
    package func commitPatches(_ patches: [PatchCommit], onto base: ObjectID, author: GitSignature) throws -> ObjectID {
        let signature = try makeSignature(author)
        defer { git_signature_free(signature) }
        var parent = try lookupCommit(base)
        defer { git_commit_free(parent) }
        var tip = base
        for (position, patch) in patches.enumerated() {
            let which = "patch '\(patch.name)' (\(position + 1) of \(patches.count))"
            let tree = try applying(patch, to: parent, describedAs: which)
            defer { git_tree_free(tree) }
            var commitID = git_oid()
            let message = patch.message.hasSuffix("\n") ? patch.message : patch.message + "\n"
            var parents: [OpaquePointer?] = [parent]
            let code = git_commit_create(&commitID, handle, nil, signature, signature, nil, message, tree, 1, &parents)
            guard code == 0 else { throw GitError.fromLastError(code: code, operation: "committing \(which) in", subject: displayName) }
            tip = ObjectID(commitID)
            let next = try lookupCommit(tip)
            git_commit_free(parent)
            parent = next
        }
        return tip
    }

    /// The tree `patch` makes of the commit's tree, written to the object database; the caller frees it.
    private func applying(_ patch: PatchCommit, to commit: OpaquePointer, describedAs which: String) throws -> OpaquePointer {
        var diff: OpaquePointer?
        let parseCode = patch.diff.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { git_diff_from_buffer(&diff, $0.baseAddress, $0.count) }
        }
        guard parseCode == 0, let diff else { throw patchError(code: parseCode, "\(which) cannot be read") }
        defer { git_diff_free(diff) }

        var preimage: OpaquePointer?
        let treeCode = git_commit_tree(&preimage, commit)
        guard treeCode == 0, let preimage else {
            throw GitError.fromLastError(code: treeCode, operation: "reading the tree under \(which) in", subject: displayName)
        }
        defer { git_tree_free(preimage) }
        var index: OpaquePointer?
        let applyCode = git_apply_to_tree(&index, handle, preimage, diff, nil)
        guard applyCode == 0, let index else { throw patchError(code: applyCode, "\(which) does not apply") }
        defer { git_index_free(index) }

        var treeID = git_oid()
        let writeCode = git_index_write_tree_to(&treeID, index, handle)
        guard writeCode == 0 else {
            throw GitError.fromLastError(code: writeCode, operation: "writing the tree of \(which) in", subject: displayName)
        }
        // A patch that leaves the tree as it was (headers without changes) would make an empty commit: a
        // mistake upstream, not a campaign commit.
        guard ObjectID(treeID) != ObjectID(git_tree_id(preimage).pointee) else { throw GitError(.other, "\(which) changes no file") }
        var tree: OpaquePointer?
        let lookupCode = git_tree_lookup(&tree, handle, &treeID)
        guard lookupCode == 0, let tree else {
            throw GitError.fromLastError(code: lookupCode, operation: "reading the tree of \(which) in", subject: displayName)
        }
        return tree
    }

    /// "patch 'Shop.patch' (1 of 2) does not apply in <repository>: <libgit2's reason>"; read right after the failing call.
    private func patchError(code: Int32, _ what: String) -> GitError {
        let (errorClass, message) = GitError.lastError()
        return GitError(.other, "\(what) in \(displayName): \(GitURL.scrub(message))", errorClass: errorClass, code: code)
    }

    private func makeSignature(_ signature: GitSignature) throws -> UnsafeMutablePointer<git_signature> {
        var made: UnsafeMutablePointer<git_signature>?
        let seconds = git_time_t(signature.time.timeIntervalSince1970.rounded(.down))
        let code = git_signature_new(&made, signature.name, signature.email, seconds, Int32(signature.timeZoneOffset))
        guard code == 0, let made else {
            throw GitError.fromLastError(code: code, operation: "making the signature \(signature.name) <\(signature.email)>")
        }
        return made
    }
}
