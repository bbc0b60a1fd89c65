/// The outcome of fetching a mirror.
public struct FetchResult: Sendable, Hashable {
    /// References (and HEAD) that were created, moved or deleted, sorted by name.
    public let changedReferences: [String]
    /// Objects received from the remote (libgit2's transfer statistics).
    public let receivedObjects: Int

    public init(changedReferences: [String], receivedObjects: Int) {
        self.changedReferences = changedReferences
        self.receivedObjects = receivedObjects
    }
}
