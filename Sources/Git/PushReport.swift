internal import CGit2
import Foundation

/// What happened during one push, gathered by libgit2's push callbacks into the `RemoteSession`.
struct PushReport {
    /// The only update the push may send: `refs/heads/<branch>` to this commit. Set before pushing; the
    /// negotiation callback stops a push that would send anything else.
    var allowed: (reference: String, commit: ObjectID)?
    /// Whether the negotiation callback saw the update (and so the remote's previous target).
    private(set) var negotiated = false
    /// The remote reference's target when the push began; nil when the branch is new.
    private(set) var previous: ObjectID?
    /// The server's per-reference refusals ("pre-receive hook declined"), by reference name.
    private(set) var refusals: [(reference: String, reason: String)] = []
    /// What the server printed on its side channel (a hook's output, git's "remote:" lines), capped.
    private(set) var serverText = ""

    /// Hook output rarely needs more; a hostile server cannot fill memory or an error message.
    private static let maximumServerText = 4096

    /// The server's lines worth showing: each line as a terminal would leave it (a progress line
    /// rewritten with carriage returns keeps its last state), without control characters or blank lines.
    var serverLines: [String] {
        serverText.split(separator: "\n").compactMap { line in
            let shown = line.split(separator: "\r").last.map(String.init) ?? ""
            let printable = String(String.UnicodeScalarView(shown.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
            let trimmed = printable.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    fileprivate mutating func noteServerText(_ text: String) {
        guard serverText.utf8.count < Self.maximumServerText else { return }
        serverText += String(decoding: text.utf8.prefix(Self.maximumServerText - serverText.utf8.count), as: UTF8.self)
    }

    /// Checks libgit2's planned updates against `allowed`; nil when they are exactly the allowed one.
    fileprivate mutating func check(_ updates: [(source: String, destination: String, from: ObjectID?, to: ObjectID?)]) -> String? {
        guard let allowed else { return "no update was expected" }
        guard updates.count == 1, let update = updates.first else { return "it would send \(updates.count) updates, not 1" }
        guard update.destination == allowed.reference, update.to == allowed.commit else {
            return "it would update \(update.destination), not \(allowed.reference) to \(allowed.commit)"
        }
        negotiated = true
        previous = update.from
        return nil
    }

    fileprivate mutating func noteRefusal(reference: String, reason: String) {
        refusals.append((reference, reason))
    }
}

extension RemoteSession {
    /// Adds the push callbacks to `callbacks`, which `install(into:)` has pointed at this session: the
    /// last check of what is sent, the server's per-reference answers and its side-channel text.
    func installPushReport(into callbacks: inout git_remote_callbacks) {
        callbacks.push_negotiation = { updates, count, payload in
            guard let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            var planned: [(source: String, destination: String, from: ObjectID?, to: ObjectID?)] = []
            for index in 0..<count {
                guard let update = updates?[index]?.pointee else { continue }
                planned.append(
                    (
                        update.src_refname.map { String(cString: $0) } ?? "", update.dst_refname.map { String(cString: $0) } ?? "",
                        RemoteSession.nonZero(update.src), RemoteSession.nonZero(update.dst)
                    ))
            }
            guard let problem = session.pushReport.check(planned) else { return 0 }
            return session.refuse(GitError(.refused, "push to \(session.url) stopped before sending anything: \(problem)"))
        }
        callbacks.push_update_reference = { reference, status, payload in
            guard let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            // A NULL status means the server updated the reference.
            if let status {
                session.pushReport.noteRefusal(
                    reference: reference.map { String(cString: $0) } ?? "", reason: session.redactingSecrets(String(cString: status)))
            }
            return 0
        }
        callbacks.sideband_progress = { text, length, payload in
            guard let payload else { return -1 }
            let session = Unmanaged<RemoteSession>.fromOpaque(payload).takeUnretainedValue()
            if let text, length > 0 {
                let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
                session.pushReport.noteServerText(String(decoding: bytes, as: UTF8.self))
            }
            return 0
        }
    }

    /// `text` with every configured token replaced: a server may echo what it was sent, and its words
    /// end up in error messages and logs.
    func redactingSecrets(_ text: String) -> String {
        let secrets = ([credentials.httpsToken] + credentials.hostTokens.values.map { $0 }).compactMap { $0 }.filter { !$0.isEmpty }
        return secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    fileprivate static func nonZero(_ oid: git_oid) -> ObjectID? {
        let id = ObjectID(oid)
        return id.bytes.allSatisfy { $0 == 0 } ? nil : id
    }
}
